/**
 * How zaezd's web answers a refused trip request: the error envelope for a client that asks for
 * JSON, otherwise the problem page with what happened and what to do about it, in the traveller's
 * words (Russian), and the tool's own message beside them. A 503 says when to try again.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '@agent-products/kit/http';
import { errorEnvelope, type ToolError } from '@agent-products/kit/errors';
import { htmlDocument } from '@agent-products/kit/web';
import { TripProblemPage } from './problem-pages.tsx';

/** Each problem in the traveller's words: what happened, and what to do about it. */
const PROBLEMS: Readonly<Record<string, { title: string; explanation: string }>> = {
  invalid_trip_id: {
    title: 'Адрес поездки не читается',
    explanation: 'Похоже, ссылка скопирована не целиком или изменена. Откройте её заново из сообщения агента или найдите поездку ещё раз.',
  },
  unknown_package: { title: 'Такого варианта нет', explanation: 'В этой поездке нет варианта с таким номером.' },
  event_not_found: {
    title: 'Мероприятия больше нет в афише',
    explanation: 'Мероприятие, вокруг которого собрана поездка, исчезло из афиши. Найдите поездку заново.',
  },
  trip_in_past: { title: 'Эта поездка уже в прошлом', explanation: 'Даты поездки прошли. Найдите новую.' },
  upstream_unavailable: {
    title: 'Туту не отвечает',
    explanation: 'Поездку собирают заново при каждом открытии, а Туту сейчас не отвечает. Попробуйте через минуту.',
  },
  upstream_busy: {
    title: 'Туту сейчас перегружен',
    explanation: 'Поездку собирают заново при каждом открытии, а Туту просит подождать. Попробуйте через минуту.',
  },
  events_unavailable: { title: 'Афиша не отвечает', explanation: 'Источник мероприятий сейчас не отвечает. Попробуйте через минуту.' },
};
const OTHER_PROBLEM = { title: 'С этим запросом что-то не так', explanation: 'Проверьте ссылку или найдите поездку заново.' };

/** A client that asks for JSON and not for HTML (an agent's fetch, the board's script). */
export function wantsJson(c: Context<AppEnv>): boolean {
  const accept = c.req.header('accept') ?? '';
  return /application\/json/i.test(accept) && !/text\/html/i.test(accept);
}

/** The answer to a refused trip request; a page about a known trip offers the way back to it. */
export async function tripProblem(c: Context<AppEnv>, error: ToolError, tripId?: string): Promise<Response> {
  const status = error.status as ContentfulStatusCode;
  const headers = status === 503 ? { 'Retry-After': '10' } : undefined;
  if (wantsJson(c)) return c.json(errorEnvelope(error, c.get('correlationId')), status, headers);
  const { title, explanation } = PROBLEMS[error.code] ?? OTHER_PROBLEM;
  return c.html(
    htmlDocument(<TripProblemPage title={title} explanation={explanation} message={error.message} {...(tripId ? { tripId } : {})} />),
    status,
    headers,
  );
}
