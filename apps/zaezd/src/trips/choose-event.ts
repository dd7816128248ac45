/**
 * Ranks the events a trip can be built around. Events are searched in every covered city except
 * the origin, from two days after today (so the outbound journey, the day before, is still
 * ahead) to date_to. The best candidate matches the most requested topics, earlier-named topics
 * weighing more; then the earliest date; then the city nearest the origin. Each event appears
 * once, at its first occurrence in the window. A festival longer than three days is visited for
 * its first three days within the window. A trip ID pins an occurrence, which is looked up
 * again so reopening a trip gets the same event even when the candidates around it changed.
 */
import { addDays, earlierDate, laterDate, localDateOf } from '../calendar.ts';
import { CITY_KEYS, cityByKey, distanceKm, type CityKey } from '../geo/cities.ts';
import type { EventOccurrence, EventRef, EventSearch, EventsSource } from '../events/event.ts';
import { fitOf, type TopicFit } from '../events/match-event.ts';
import { interpretTopics, type InterpretedTopics } from '../events/topics.ts';
import { fail } from '../errors.ts';
import type { TripRequest } from './trip-request.ts';

/** The outbound journey is the day before the visit; it must not be today. */
export const FIRST_VISIT_DAY_OFFSET = 2;
/** Long festivals are visited for at most this many days. */
export const MAX_VISIT_DAYS = 3;
/** An event ending before this hour belongs to the previous evening. */
const NIGHT_ENDS_HOUR = 6;

export interface Visit {
  from: string;
  to: string;
}

export interface Candidate {
  occurrence: EventOccurrence;
  fit: TopicFit;
  visit: Visit;
}

export interface EventChoice {
  interpreted: InterpretedTopics;
  /** Distinct events, best first. */
  ranked: Candidate[];
  /** The occurrence a trip ID named, found again. */
  pinned: Candidate | null;
  search: EventSearch | null;
  /** Why no search ran, when none did. */
  skipped: string | null;
}

function lastEventDay(occurrence: EventOccurrence): string {
  const endDate = localDateOf(occurrence.endsAt);
  const endHour = Number(occurrence.endsAt.slice(11, 13));
  return endDate > localDateOf(occurrence.startsAt) && endHour < NIGHT_ENDS_HOUR ? addDays(endDate, -1) : endDate;
}

export function visitOf(occurrence: EventOccurrence, earliest: string): Visit | undefined {
  const from = laterDate(localDateOf(occurrence.startsAt), earliest);
  const to = earlierDate(lastEventDay(occurrence), addDays(from, MAX_VISIT_DAYS - 1));
  return from <= to ? { from, to } : undefined;
}

/** Matching more topics wins; among equals, matching the topics named first. */
function weight(fit: TopicFit, requested: readonly string[]): number {
  return fit.matched.reduce((sum, topic) => sum + (requested.length - requested.indexOf(topic)), 0);
}

function rank(candidates: Candidate[], requested: readonly string[], origin: CityKey): Candidate[] {
  const centre = cityByKey(origin).centre;
  const distance = (c: Candidate) => distanceKm(centre, c.occurrence.venue);
  const sorted = [...candidates].sort(
    (a, b) =>
      b.fit.score - a.fit.score ||
      weight(b.fit, requested) - weight(a.fit, requested) ||
      a.visit.from.localeCompare(b.visit.from) ||
      distance(a) - distance(b) ||
      a.occurrence.title.localeCompare(b.occurrence.title),
  );
  const seen = new Set<string>();
  return sorted.filter((c) => !seen.has(c.occurrence.id) && seen.add(c.occurrence.id));
}

export function sameOccurrence(a: Candidate, ref: EventRef): boolean {
  return a.occurrence.source === ref.source && a.occurrence.id === ref.id && a.visit.from === ref.day;
}

export async function chooseEvent(source: EventsSource, request: TripRequest, today: string, pinned: EventRef | null): Promise<EventChoice> {
  const interpreted = interpretTopics(request.topics);
  const earliest = laterDate(request.dateFrom, addDays(today, FIRST_VISIT_DAY_OFFSET));
  const cities: CityKey[] = CITY_KEYS.filter((c) => c !== request.origin);

  let search: EventSearch | null = null;
  let skipped: string | null = null;
  if (earliest > request.dateTo) {
    skipped = `No events were searched: the window ends on ${request.dateTo}, but a trip needs its outbound day to be tomorrow or later, so the first possible event day is ${earliest}.`;
  } else {
    try {
      search = await source.search({ topics: interpreted.topics, freeWords: interpreted.freeWords, cities, from: earliest, to: request.dateTo });
    } catch (error) {
      throw fail('events_unavailable', `The events source (${source.name}) did not answer: ${(error as Error).message}`);
    }
  }

  // Occurrences of one event share its text, so its fit is worked out once.
  const fits = new Map<string, TopicFit>();
  const fitOfEvent = (occurrence: EventOccurrence) => {
    const key = `${occurrence.source}:${occurrence.id}`;
    let fit = fits.get(key);
    if (!fit) {
      fit = fitOf(occurrence, interpreted.topics, interpreted.freeWords);
      fits.set(key, fit);
    }
    return fit;
  };
  const ranked = rank(
    (search?.occurrences ?? []).flatMap((occurrence) => {
      const visit = visitOf(occurrence, earliest);
      const fit = fitOfEvent(occurrence);
      return visit && fit.score > 0 ? [{ occurrence, fit, visit }] : [];
    }),
    request.topics,
    request.origin,
  );

  let found: Candidate | null = null;
  if (pinned) {
    const occurrence = await source.find(pinned).catch((error: Error) => {
      throw fail('events_unavailable', `The events source (${source.name}) did not answer: ${error.message}`);
    });
    const visit = occurrence ? visitOf(occurrence, pinned.day) : undefined;
    if (!occurrence || !visit || visit.from !== pinned.day) {
      throw fail(
        'event_not_found',
        `The event this trip was built around (${pinned.id} on ${pinned.day}) is no longer listed by ${source.name}. Search again with find_event_trips.`,
      );
    }
    found = { occurrence, fit: fitOfEvent(occurrence), visit };
  }
  return { interpreted, ranked, pinned: found, search, skipped };
}

export function eventRefOf(candidate: Candidate): EventRef {
  return { source: candidate.occurrence.source, id: candidate.occurrence.id, day: candidate.visit.from };
}
