/** The trip board's others block: other matching events, each a link to its own board. */
import * as words from '../../wording.ts';
import type { View } from './board-view-model.ts';
import { foreign, link } from './block-parts.ts';
import { m, type Markup } from './markup.ts';

/** Another matching event: a link to its own board, the same request built around it. */
export function otherEventUrl(webUrl: string, eventId: string): string {
  return `${webUrl}/also/${encodeURIComponent(eventId)}`;
}

export function othersBlock(view: View): Markup[] | null {
  const others = view.trip?.other_events ?? [];
  if (others.length === 0) return null;
  return [
    m('h2', null, 'Другие подходящие мероприятия'),
    m('ul', null, ...others.map((o) => m('li', null, link(otherEventUrl(view.webUrl, o.id), foreign(o.title)), ` — ${o.city}, ${words.moment(o.starts_at)}`))),
  ];
}
