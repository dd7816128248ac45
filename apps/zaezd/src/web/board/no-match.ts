/**
 * What the board offers when no event matched: the request said back in Russian, and ways to
 * widen it — other topics, another city to leave from (events in the city of departure itself
 * are never searched), a longer window — each a search link that runs at once. On the web page
 * the search form follows the board (trip-page.tsx).
 */
import { addDays, daysBetween } from '../../calendar.ts';
import { TOPICS } from '../../events/topics.ts';
import { CITY_NAMES_RU } from '../../geo/city-names.ts';
import { REQUEST_LIMITS } from '../../trips/request-limits.ts';
import type { TripResult } from '../../trips/trip-result.ts';
import * as words from '../../wording.ts';
import type { View } from './board-view-model.ts';
import { link } from './block-parts.ts';
import { m, type Markup, type MarkupChild } from './markup.ts';

type Request = TripResult['request'];

/** A `/search` address on zaezd's own site with the request changed as given. */
function searchUrl(webUrl: string, request: Request, change: Partial<Record<'topics' | 'origin' | 'date_to', string>>): string {
  const query = new URLSearchParams({
    topics: change.topics ?? request.topics.join(', '),
    origin: change.origin ?? request.origin.name,
    adults: String(request.adults),
    date_from: request.date_from,
    date_to: change.date_to ?? request.date_to,
  });
  if (request.budget !== null) query.set('budget', String(request.budget));
  return `${new URL(webUrl).origin}/search?${query}`;
}

function inline(items: MarkupChild[]): MarkupChild[] {
  return items.flatMap((item, index) => (index === 0 ? [item] : [', ', item]));
}

export function noMatchBlock(view: View): Markup[] {
  const request = view.trip?.request;
  const heading = m('h1', null, 'Подходящее мероприятие не нашлось');
  if (!request) return [heading];
  const asked = request.interpreted_topics.map((t) => words.meansRu(t.means)).join('; ');
  const topics = TOPICS.map((t) => words.topicRu(t.label)).filter((t) => !request.topics.includes(t));
  const origins = Object.values(CITY_NAMES_RU)
    .filter((name) => name !== request.origin.name)
    .slice(0, 4);
  const widest = addDays(request.date_from, REQUEST_LIMITS.maxWindowDays);
  const canWiden = daysBetween(request.date_to, widest) > 0;
  return [
    heading,
    m(
      'p',
      { class: 'board-lead' },
      `По запросу ${asked} с ${words.fullDay(request.date_from)} по ${words.fullDay(request.date_to)} zaezd не нашёл мероприятий ни в одном из городов, которые знает (кроме города отправления — ${request.origin.name}).`,
    ),
    m('h2', null, 'Что можно попробовать'),
    m(
      'ul',
      { class: 'board-suggestions' },
      m('li', null, 'Другая тема: ', ...inline(topics.map((topic) => link(searchUrl(view.webUrl, request, { topics: topic }), topic))), '.'),
      m(
        'li',
        null,
        'Другой город отправления (в самом городе отправления мероприятия не ищутся): ',
        ...inline(origins.map((name) => link(searchUrl(view.webUrl, request, { origin: name }), name))),
        '.',
      ),
      canWiden
        ? m('li', null, 'Другие даты: ', link(searchUrl(view.webUrl, request, { date_to: widest }), `искать по ${words.fullDay(widest)}`), '.')
        : m('li', null, `Другие даты: окно поиска уже самое длинное (${REQUEST_LIMITS.maxWindowDays} дней) — начните его позже.`),
    ),
  ];
}
