/** The trip board's about block: what the event is, where, when, and what of the request it does not match. */
import * as words from '../../wording.ts';
import type { View } from './board-view-model.ts';
import { addressOf, EXTERNAL, facts, foreign, link, requestFacts, sentence } from './block-parts.ts';
import { m, type Markup, type MarkupElement } from './markup.ts';

export function aboutBlock(view: View): Markup[] | null {
  const { event, trip } = view;
  if (!event) return null;
  return [
    m('h2', null, 'О мероприятии'),
    m('p', { class: 'board-description' }, foreign(event.description)),
    facts([
      ['Где', m('span', null, foreign(event.venue.name), ', ', foreign(addressOf(event)))],
      ['Начало', words.moment(event.starts_at)],
      ...requestFacts(trip),
      event.missing_topics.length > 0 ? ['Не совпало', event.missing_topics.map(words.topicKeyRu).join(', ')] : null,
      event.dates_note ? ['О датах', foreign(event.dates_note)] : null,
      event.price_note ? ['Билеты', foreign(event.price_note)] : null,
      event.url ? ['Сайт', link(event.url, event.url, EXTERNAL)] : null,
    ]),
    trip?.travel ? m('p', { class: 'board-muted' }, sentence(trip.travel.rule)) : null,
  ].filter((x): x is MarkupElement => x !== null);
}
