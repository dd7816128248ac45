/** The trip board's event block: the event in two lines, or what was asked and what to try when none matched (no-match.ts). */
import * as words from '../../wording.ts';
import type { View } from './board-view-model.ts';
import { foreign, visitText } from './block-parts.ts';
import { noMatchBlock } from './no-match.ts';
import { m, type Markup, type MarkupElement } from './markup.ts';

export function eventBlock(view: View): Markup[] {
  const { event, trip } = view;
  if (!event) return noMatchBlock(view);
  return [
    m('p', { class: 'board-kicker' }, `${event.city.name} · ${visitText(event)}`),
    m('h1', null, foreign(event.title)),
    m('p', { class: 'board-where' }, foreign(event.venue.name), ` · начало ${words.moment(event.starts_at)}`),
    trip?.travel
      ? m('p', { class: 'board-muted' }, `Дорога: туда ${words.day(trip.travel.outbound_date)}, обратно ${words.day(trip.travel.return_date)}`)
      : null,
  ].filter((x): x is MarkupElement => x !== null);
}
