/**
 * A trip request made absolute: topics normalized, the origin resolved to a covered city, default
 * dates filled in from today. A trip ID encodes exactly this, so the same ID means the same
 * request tomorrow ("the next 60 days" would not).
 */
import { addDays, daysBetween } from '../calendar.ts';
import { CITIES, findCity, type CityKey } from '../geo/cities.ts';
import { interpretTopics } from '../events/topics.ts';
import { fail } from '../errors.ts';
import { REQUEST_LIMITS } from './request-limits.ts';

export interface TripInput {
  topics: string[];
  origin: string;
  budget?: number;
  date_from?: string;
  date_to?: string;
  adults?: number;
}

export interface TripRequest {
  topics: string[];
  origin: CityKey;
  budget: number | null;
  dateFrom: string;
  dateTo: string;
  adults: number;
}

export { REQUEST_LIMITS };

type FieldProblem = { field: string; problem: string };

/** The absolute request, or `invalid_arguments` naming every field that cannot be used. */
export function resolveTripRequest(input: TripInput, today: string): TripRequest {
  const problems: FieldProblem[] = [];
  const interpreted = interpretTopics(input.topics);
  if (interpreted.normalized.length === 0) problems.push({ field: 'topics', problem: 'contains no topic words (try e.g. "jazz", "фестиваль", "театр")' });
  if (interpreted.normalized.length > REQUEST_LIMITS.maxTopics) problems.push({ field: 'topics', problem: `at most ${REQUEST_LIMITS.maxTopics} topic words` });

  const origin = findCity(input.origin);
  if (!origin)
    problems.push({ field: 'origin', problem: `is not a city zaezd covers; use one of: ${CITIES.map((c) => `${c.nameRu} (${c.nameEn})`).join(', ')}` });

  const dateFrom = input.date_from ?? addDays(today, 1);
  const dateTo = input.date_to ?? addDays(dateFrom, REQUEST_LIMITS.defaultWindowDays);
  if (daysBetween(today, dateFrom) < 0) problems.push({ field: 'date_from', problem: `is in the past (today is ${today})` });
  if (daysBetween(today, dateFrom) > REQUEST_LIMITS.maxDaysAhead)
    problems.push({ field: 'date_from', problem: `is more than ${REQUEST_LIMITS.maxDaysAhead} days ahead` });
  if (daysBetween(dateFrom, dateTo) < 0) problems.push({ field: 'date_to', problem: `is before date_from (${dateFrom})` });
  else if (daysBetween(dateFrom, dateTo) > REQUEST_LIMITS.maxWindowDays)
    problems.push({ field: 'date_to', problem: `the window may span at most ${REQUEST_LIMITS.maxWindowDays} days` });

  if (problems.length > 0) {
    throw fail('invalid_arguments', `Invalid arguments: ${[...new Set(problems.map((p) => p.field))].join(', ')}.`, { fields: problems });
  }
  return {
    topics: interpreted.normalized,
    origin: origin!.key,
    budget: input.budget ?? null,
    dateFrom,
    dateTo,
    adults: input.adults ?? 1,
  };
}
