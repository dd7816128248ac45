/**
 * The trip board's coverage block: the budget, then — on demand, in a `<details>` — what was
 * searched, what was not found and what is not covered, all in Russian. The English search log
 * the agent got is not repeated here: the searched lines say the same from the request.
 */
import type { TripResult } from '../../trips/trip-result.ts';
import * as words from '../../wording.ts';
import type { View } from './board-view-model.ts';
import { sentence } from './block-parts.ts';
import { notFoundRu } from './russian-text.ts';
import { m, type Markup, type MarkupElement } from './markup.ts';

function budgetSentence(trip: TripResult): string | null {
  const { amount, status } = trip.budget;
  if (amount === null || status === 'not_given') return null;
  if (status === 'within') return `Все варианты укладываются в бюджет ${words.rub(amount)}.`;
  const cheapest = Math.min(...trip.packages.map((p) => p.total_price));
  if (!Number.isFinite(cheapest)) return 'Вариантов нет, поэтому бюджет не применялся.';
  return `В бюджет ${words.rub(amount)} не уложился ни один вариант: самый дешёвый стоит ${words.rub(cheapest)}, на ${words.rub(cheapest - amount)} дороже. Он показан с пометкой.`;
}

function searchedLines(trip: TripResult): string[] {
  const { request, event, travel } = trip;
  const lines = [
    `Мероприятия: ${request.interpreted_topics.map((t) => words.meansRu(t.means)).join('; ')}, с ${words.fullDay(request.date_from)} по ${words.fullDay(request.date_to)}.`,
  ];
  if (event && travel) {
    lines.push(
      `Поезда ${request.origin.name} → ${event.city.name} на ${words.day(travel.outbound_date)} и обратно на ${words.day(travel.return_date)}, ${words.adults(request.adults)}.`,
      `Авиабилеты туда и обратно на те же дни.`,
      `Отели: город ${event.city.name}, с ${words.day(travel.outbound_date)} по ${words.day(travel.return_date)}.`,
    );
  }
  return lines;
}

export function coverageBlock(view: View): Markup[] | null {
  const trip = view.trip;
  if (!trip) return null;
  const budget = budgetSentence(trip);
  const list = (items: Markup[]) => m('ul', null, ...items.map((item) => m('li', null, item)));
  return [
    m('h2', null, 'Что искали и чего нет'),
    budget ? m('p', null, budget) : null,
    m(
      'details',
      { class: 'board-coverage' },
      m('summary', null, 'Что искали, чего не нашли и что не входит в поездку'),
      m('h3', null, 'Что искали'),
      list(searchedLines(trip)),
      m('h3', null, 'Чего не нашли'),
      trip.coverage.not_found.length > 0
        ? list([...new Set(trip.coverage.not_found.map(notFoundRu))])
        : m('p', { class: 'board-muted' }, 'Всё, что искали, нашлось.'),
      m('h3', null, 'Что не входит'),
      // The demo notice already heads the board; it is not said twice.
      list(trip.coverage.not_covered.filter((line) => line !== view.notice).map(sentence)),
    ),
  ].filter((x): x is MarkupElement => x !== null);
}
