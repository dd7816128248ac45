/**
 * An event occurrence as zaezd plans around it, whichever source it came from: what it is, where
 * (a venue with coordinates, for hotel distances and weather), and when, in the venue's local
 * time. `ref` is what a trip ID stores to find the same occurrence again.
 */
import type { CityKey } from '../geo/cities.ts';
import type { TopicKey } from './topics.ts';

export type EventSourceName = 'bundled' | 'kudago';

export interface EventRef {
  source: EventSourceName;
  id: string;
  /** A date inside the occurrence (YYYY-MM-DD): the first day of the visit. */
  day: string;
}

export interface Venue {
  name: string;
  address: string;
  lat: number;
  lon: number;
}

export interface EventOccurrence {
  source: EventSourceName;
  id: string;
  title: string;
  description: string;
  /** More text a traveller's free words are matched against, never shown (a bundled event's English description). */
  alsoMatches?: string;
  topics: TopicKey[];
  city: CityKey;
  venue: Venue;
  /** Local ISO date-times with the city's offset, e.g. 2027-01-15T19:00:00+03:00. */
  startsAt: string;
  endsAt: string;
  url: string | null;
  priceNote: string | null;
  /** How firm the dates are, e.g. a yearly festival's usual dates that the organiser confirms later. */
  datesNote: string | null;
}

export interface EventQuery {
  topics: readonly TopicKey[];
  freeWords: readonly string[];
  cities: readonly CityKey[];
  /** Occurrences overlapping [from, to] (local dates, inclusive). */
  from: string;
  to: string;
}

export interface EventSearch {
  occurrences: EventOccurrence[];
  /** What the source could not do (a city it does not cover, a request that failed). */
  gaps: string[];
  /** One line saying what was searched, for the coverage note. */
  searched: string;
}

export interface EventsSource {
  readonly name: EventSourceName;
  readonly description: string;
  search(query: EventQuery): Promise<EventSearch>;
  /** The occurrence of an event that includes `ref.day`, or undefined when there is none. */
  find(ref: EventRef): Promise<EventOccurrence | undefined>;
}
