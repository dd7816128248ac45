/** The trip board's event block: the event in two lines, or what was asked when none matched. */
import * as words from '../../wording.ts';
import type { View } from './board-view-model.ts';
import { facts, foreign, requestFacts, visitText } from './block-parts.ts';
import { m, type Markup, type MarkupElement } from './markup.ts';

export function eventBlock(view: View): Markup[] {
  const { event, trip } = view;
  if (!event) {
    const request = trip?.request;
    return [
      m('h1', null, 'Подходящее мероприятие не нашлось'),
      facts([...requestFacts(trip), request ? ['Искали', `с ${words.fullDay(request.date_from)} по ${words.fullDay(request.date_to)}`] : null]),
    ];
  }
  return [
    m('p', { class: 'board-kicker' }, `${event.city.name} · ${visitText(event)}`),
    m('h1', null, foreign(event.title)),
    m('p', { class: 'board-where' }, foreign(event.venue.name), ` · начало ${words.moment(event.starts_at)}`),
    trip?.travel
      ? m('p', { class: 'board-muted' }, `Дорога: туда ${words.day(trip.travel.outbound_date)}, обратно ${words.day(trip.travel.return_date)}`)
      : null,
  ].filter((x): x is MarkupElement => x !== null);
}
