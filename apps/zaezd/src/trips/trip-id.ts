/**
 * trip_id: the request itself, compact and URL-safe, not a key into any store — any process can
 * rebuild the trip from it alone. Version 1 is `1.<payload>.<check>`: the payload is base64url of
 * the request's fields (and the chosen event occurrence) joined by `|`, dates relative to
 * date_from to stay short; the check is six characters of its SHA-256, so a mistyped or altered
 * ID is refused instead of silently meaning another trip. It is a checksum, not a signature: an
 * ID grants nothing that calling find_event_trips would not. Decoding re-encodes and compares,
 * so every request has exactly one ID.
 */
import { createHash } from 'node:crypto';
import { addDays, daysBetween, isIsoDate } from '../calendar.ts';
import { isCityKey } from '../geo/cities.ts';
import type { EventRef } from '../events/event.ts';
import { words } from '../events/topics.ts';
import { fail } from '../errors.ts';
import { REQUEST_LIMITS, type TripRequest } from './trip-request.ts';

export interface TripSelection {
  request: TripRequest;
  event: EventRef | null;
}

const VERSION = '1';
const SOURCES = { bundled: 'b', kudago: 'k' } as const;
const EVENT_ID = /^[A-Za-z0-9_-]{1,80}$/;

function compactDate(date: string): string {
  return date.replaceAll('-', '');
}

function checksum(payload: string): string {
  return createHash('sha256').update(payload).digest('base64url').slice(0, 6);
}

export function encodeTripId(selection: TripSelection): string {
  const { request, event } = selection;
  const fields = [
    request.topics.join(','),
    request.origin,
    request.budget === null ? '' : String(request.budget),
    compactDate(request.dateFrom),
    String(daysBetween(request.dateFrom, request.dateTo)),
    String(request.adults),
    event ? SOURCES[event.source] : '',
    event ? event.id : '',
    event ? String(daysBetween(request.dateFrom, event.day)) : '',
  ];
  const payload = fields.join('|');
  return `${VERSION}.${Buffer.from(payload, 'utf8').toString('base64url')}.${checksum(payload)}`;
}

function invalid(reason: string): never {
  throw fail('invalid_trip_id', `This trip_id cannot be read (${reason}). Use a trip_id exactly as find_event_trips returned it.`, { reason });
}

function integer(text: string | undefined, min: number, max: number, what: string): number {
  if (text === undefined || !/^-?\d{1,9}$/.test(text)) invalid(`${what} is not a number`);
  const value = Number(text);
  if (value < min || value > max) invalid(`${what} is out of range`);
  return value;
}

export function decodeTripId(id: string): TripSelection {
  const parts = id.split('.');
  if (parts.length !== 3) invalid('it does not have the form version.payload.check');
  const [version, body, check] = parts as [string, string, string];
  if (version !== VERSION) invalid(`version "${version.slice(0, 8)}" is not supported; this server reads version ${VERSION}`);
  if (!/^[A-Za-z0-9_-]+$/.test(body) || body.length > 1200) invalid('the payload is not base64url');
  const payload = Buffer.from(body, 'base64url').toString('utf8');
  if (checksum(payload) !== check) invalid('the check does not match: the ID was altered or cut short');
  const fields = payload.split('|');
  if (fields.length !== 9) invalid('it has the wrong number of fields');
  const [topicText = '', origin = '', budgetText = '', fromText = '', spanText, adultsText, sourceText = '', eventId = '', dayText = ''] = fields;

  const topics = topicText.split(',');
  if (topics.length > REQUEST_LIMITS.maxTopics || topics.some((t) => t.length === 0 || t.length > 40 || words(t).join('') !== t))
    invalid('the topics are not normalized words');
  if (!isCityKey(origin)) invalid('the origin is not a covered city');
  const budget = budgetText === '' ? null : integer(budgetText, 1, REQUEST_LIMITS.maxBudget, 'the budget');
  const dateFrom = `${fromText.slice(0, 4)}-${fromText.slice(4, 6)}-${fromText.slice(6, 8)}`;
  if (!/^\d{8}$/.test(fromText) || !isIsoDate(dateFrom)) invalid('date_from is not a date');
  const dateTo = addDays(dateFrom, integer(spanText, 0, REQUEST_LIMITS.maxWindowDays, 'the date window'));
  const adults = integer(adultsText, 1, REQUEST_LIMITS.maxAdults, 'adults');

  let event: EventRef | null = null;
  if (sourceText !== '' || eventId !== '' || dayText !== '') {
    const source = (Object.keys(SOURCES) as Array<keyof typeof SOURCES>).find((s) => SOURCES[s] === sourceText);
    if (!source || !EVENT_ID.test(eventId)) invalid('the event reference is not readable');
    event = { source, id: eventId, day: addDays(dateFrom, integer(dayText, 0, REQUEST_LIMITS.maxWindowDays, 'the event day')) };
  }
  const selection: TripSelection = { request: { topics, origin, budget, dateFrom, dateTo, adults }, event };
  if (encodeTripId(selection) !== id) invalid('it is not in canonical form');
  return selection;
}
