/** The trip board's about block: what the event is, where, when, and what of the request it does not match. */
import * as words from '../../wording.ts';
import type { View } from './board-view-model.ts';
import { addressOf, EXTERNAL, facts, foreign, link, requestFacts, sentence } from './block-parts.ts';
import { datesNoteRu, priceNoteRu } from './russian-text.ts';
import { m, type Markup, type MarkupElement } from './markup.ts';

export function aboutBlock(view: View): Markup[] | null {
  const { event, trip } = view;
  if (!event) return null;
  // A description only in another language is left out: the title, venue and dates say the rest.
  const description = words.isLatinText(event.description) ? null : event.description;
  const datesNote = event.dates_note ? datesNoteRu(event.dates_note) : null;
  const priceNote = event.price_note ? priceNoteRu(event.price_note) : null;
  return [
    m('h2', null, 'О мероприятии'),
    description ? m('p', { class: 'board-description' }, description) : null,
    facts([
      ['Где', m('span', null, foreign(event.venue.name), ', ', foreign(addressOf(event)))],
      ['Начало', words.moment(event.starts_at)],
      ...requestFacts(trip),
      event.missing_topics.length > 0 ? ['Не совпало', event.missing_topics.map(words.topicKeyRu).join(', ')] : null,
      datesNote ? ['О датах', datesNote] : null,
      priceNote ? ['Билеты', priceNote] : null,
      event.url ? ['Сайт', link(event.url, event.url, EXTERNAL)] : null,
    ]),
    trip?.travel ? m('p', { class: 'board-muted' }, sentence(trip.travel.rule)) : null,
  ].filter((x): x is MarkupElement => x !== null);
}
