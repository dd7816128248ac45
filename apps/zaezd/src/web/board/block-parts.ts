/**
 * The pieces several blocks of the trip board are made of: quoted foreign text marked with its
 * language, zaezd's own sentences in Russian, links, fact lists, and the event's address, dates
 * and request as the board says them.
 */
import type { TripEvent, TripResult } from '../../trips/trip-result.ts';
import * as words from '../../wording.ts';
import { m, type Markup, type MarkupChild, type MarkupElement } from './markup.ts';

/** A text as given, marked `lang="en"` when it is in a Latin-script language. */
export function foreign(text: string): Markup {
  return words.isLatinText(text) ? m('span', { lang: 'en' }, text) : text;
}

/** A sentence zaezd writes in English for agents, in Russian when the board knows it. */
export function sentence(english: string): Markup {
  return words.fixedSentence(english) ?? foreign(english);
}

export function link(url: string, text: MarkupChild, attrs: Record<string, string | null> = {}): MarkupElement {
  return m('a', { href: url, ...attrs }, text);
}

export const EXTERNAL = { rel: 'nofollow noopener', target: '_blank' };

export function facts(rows: Array<[string, MarkupChild] | null>): MarkupElement {
  return m('dl', { class: 'board-facts' }, ...rows.flatMap((row) => (row ? [m('dt', null, row[0]), m('dd', null, row[1])] : [])));
}

export function addressOf(event: TripEvent): string {
  return event.venue.address.includes(event.city.name) ? event.venue.address : `${event.city.name}, ${event.venue.address}`;
}

export function visitText(event: TripEvent): string {
  return event.visit.from === event.visit.to ? words.day(event.visit.from) : `${words.day(event.visit.from)} — ${words.day(event.visit.to)}`;
}

export function requestFacts(trip: TripResult | null): Array<[string, MarkupChild]> {
  const request = trip?.request;
  if (!request) return [];
  return [
    ['Откуда', `${request.origin.name}, ${words.adults(request.adults)}${request.budget !== null ? `, бюджет ${words.rub(request.budget)}` : ''}`],
    ['Запрос', request.interpreted_topics.map((t) => words.meansRu(t.means)).join('; ')],
  ];
}
