/**
 * `/search`: the front door's form, run through the same input schema and orchestrator as
 * find_event_trips, landing on the trip's board. What cannot be understood comes back as the
 * form with the fields marked, in Russian, and nothing else happens.
 */
import type { Context } from 'hono';
import { ToolError } from '@agent-products/kit/errors';
import type { AppEnv } from '@agent-products/kit/http';
import { FindEventTripsInput } from '../mcp/input-schemas.ts';
import type { TripPlanner } from '../trips/trip-planner.ts';
import type { SearchFields, SearchProblem } from './search-form.tsx';

const FIELD_NAMES = ['topics', 'origin', 'date_from', 'date_to', 'adults', 'budget'] as const;

const FIELD_PROBLEMS: Readonly<Record<string, string>> = {
  topics: 'Напишите, что хотите увидеть, например «джаз» или «театр, балет» (до 8 слов через запятую).',
  origin: 'Выберите город отправления из списка.',
  date_from: 'Укажите дату в календаре; она должна быть не раньше завтрашнего дня и не дальше года вперёд.',
  date_to: 'Укажите дату в календаре, не раньше первой даты; окно поиска — до 180 дней.',
  adults: 'Взрослых — от 1 до 9.',
  budget: 'Бюджет — сумма в рублях, например 40 000.',
};

export type SearchOutcome = { tripPath: string } | { fields: SearchFields; problem: SearchProblem; status: 400 | 503 };

function problemOf(fields: string[], general: string | null): SearchProblem {
  const known = fields.filter((f) => f in FIELD_PROBLEMS);
  return {
    fields: Object.fromEntries(known.map((f) => [f, FIELD_PROBLEMS[f]!])),
    general: known.length > 0 ? general : (general ?? 'Проверьте запрос и попробуйте ещё раз.'),
  };
}

export async function runSearch(c: Context<AppEnv>, planner: TripPlanner, now: Date): Promise<SearchOutcome> {
  const fields = Object.fromEntries(FIELD_NAMES.map((name) => [name, (c.req.query(name) ?? '').slice(0, 300)])) as unknown as SearchFields;
  const input = Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== ''));
  const parsed = FindEventTripsInput.safeParse(input);
  if (!parsed.success) {
    return { fields, problem: problemOf([...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')))], null), status: 400 };
  }
  try {
    const trip = await planner.find(parsed.data, now);
    return { tripPath: new URL(trip.web_url).pathname };
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    if (error.retryable) return { fields, problem: { fields: {}, general: 'Туту или афиша сейчас не отвечают. Попробуйте через минуту.' }, status: 503 };
    const named = Array.isArray(error.details?.fields) ? (error.details.fields as Array<{ field?: unknown }>).map((f) => String(f.field)) : [];
    return { fields, problem: problemOf(named, null), status: 400 };
  }
}
