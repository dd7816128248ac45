/**
 * The offline events source: the bundled recurring events, with occurrences computed for the
 * requested dates, so it always has future dates to offer. The default source, and the one the
 * demo and tests run on.
 */
import { cityByKey } from '../../geo/cities.ts';
import type { EventOccurrence, EventQuery, EventRef, EventSearch, EventsSource } from '../event.ts';
import { fitOf } from '../match-event.ts';
import { occurrencesBetween } from './recurrence.ts';
import { RECURRING_EVENTS, type RecurringEvent } from './recurring-events.ts';
import { VENUES } from './venues.ts';

function occurrence(event: RecurringEvent, span: { startsAt: string; endsAt: string }): EventOccurrence {
  const venue = VENUES[event.venue];
  return {
    source: 'bundled',
    id: event.id,
    title: event.title,
    description: `${event.description} ${event.datesNoteRu}`,
    alsoMatches: event.descriptionEn,
    topics: event.topics,
    city: venue.city,
    venue: { name: venue.name, address: venue.address, lat: venue.lat, lon: venue.lon },
    startsAt: span.startsAt,
    endsAt: span.endsAt,
    url: event.url,
    priceNote: null,
    datesNote: event.datesNote,
  };
}

function spans(event: RecurringEvent, from: string, to: string) {
  return occurrencesBetween(event.recurrence, from, to, cityByKey(VENUES[event.venue].city).utcOffsetHours);
}

export class BundledEventsSource implements EventsSource {
  readonly name = 'bundled' as const;
  readonly description =
    `zaezd's bundled dataset of ${RECURRING_EVENTS.length} real festivals and regular programmes at real venues (usual dates, not a live listing)`;

  async search(query: EventQuery): Promise<EventSearch> {
    const occurrences: EventOccurrence[] = [];
    for (const event of RECURRING_EVENTS) {
      if (!query.cities.includes(VENUES[event.venue].city)) continue;
      if (fitOf({ ...event, alsoMatches: event.descriptionEn }, query.topics, query.freeWords).score === 0) continue;
      for (const span of spans(event, query.from, query.to)) occurrences.push(occurrence(event, span));
    }
    return {
      occurrences,
      gaps: [],
      searched: `${this.description}: ${occurrences.length} matching occurrence(s) between ${query.from} and ${query.to}`,
    };
  }

  async find(ref: EventRef): Promise<EventOccurrence | undefined> {
    const event = RECURRING_EVENTS.find((e) => e.id === ref.id);
    if (!event) return undefined;
    const span = spans(event, ref.day, ref.day)[0];
    return span ? occurrence(event, span) : undefined;
  }
}
