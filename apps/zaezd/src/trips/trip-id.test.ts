/**
 * trip_id round-trips every request it can carry (property test over generated requests), and
 * refuses anything altered, truncated, re-versioned or non-canonical.
 */
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { ToolError } from '@agent-products/kit/errors';
import { fuzzRuns } from '@agent-products/kit/testing';
import { addDays } from '../calendar.ts';
import { CITY_KEYS } from '../geo/cities.ts';
import { TOPIC_KEYS } from '../events/topics.ts';
import { decodeTripId, encodeTripId, type TripSelection } from './trip-id.ts';
import { REQUEST_LIMITS } from './trip-request.ts';

const word = fc.oneof(fc.constantFrom(...TOPIC_KEYS), fc.stringMatching(/^[a-z0-9]{2,12}$/), fc.stringMatching(/^[а-я]{2,12}$/));
const date = fc.integer({ min: 0, max: 3000 }).map((n) => addDays('2026-01-01', n));

const selection: fc.Arbitrary<TripSelection> = fc
  .record({
    topics: fc.uniqueArray(word, { minLength: 1, maxLength: REQUEST_LIMITS.maxTopics }),
    origin: fc.constantFrom(...CITY_KEYS),
    budget: fc.option(fc.integer({ min: 1, max: REQUEST_LIMITS.maxBudget }), { nil: null }),
    dateFrom: date,
    span: fc.integer({ min: 0, max: REQUEST_LIMITS.maxWindowDays }),
    adults: fc.integer({ min: 1, max: REQUEST_LIMITS.maxAdults }),
    event: fc.option(
      fc.record({
        source: fc.constantFrom('bundled' as const, 'kudago' as const),
        id: fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
        offset: fc.integer({ min: 0, max: REQUEST_LIMITS.maxWindowDays }),
      }),
      { nil: null },
    ),
  })
  .map(({ topics, origin, budget, dateFrom, span, adults, event }) => ({
    request: { topics, origin, budget, dateFrom, dateTo: addDays(dateFrom, span), adults },
    event: event ? { source: event.source, id: event.id, day: addDays(dateFrom, event.offset) } : null,
  }));

function refusal(id: string): string | undefined {
  try {
    decodeTripId(id);
    return undefined;
  } catch (error) {
    if (error instanceof ToolError) return error.code;
    throw error;
  }
}

/** The reason a refusal gives (details.reason), which tells the caller what is wrong with the ID. */
function reason(id: string): unknown {
  try {
    decodeTripId(id);
    return undefined;
  } catch (error) {
    if (error instanceof ToolError) return error.details?.reason;
    throw error;
  }
}

/** A version-1 ID around any payload, with a matching check: what a careful forger would send. */
function forge(payload: string): string {
  return `1.${Buffer.from(payload).toString('base64url')}.${createHash('sha256').update(payload).digest('base64url').slice(0, 6)}`;
}

const FORTY = 'a'.repeat(40);
const EIGHTY = 'e'.repeat(80);

describe('trip_id', () => {
  it('decodes to exactly the request it encodes', () => {
    fc.assert(
      fc.property(selection, (s) => {
        const id = encodeTripId(s);
        expect(decodeTripId(id)).toEqual(s);
      }),
      { numRuns: fuzzRuns(500) },
    );
  });

  it('is compact and URL-safe', () => {
    fc.assert(
      fc.property(selection, (s) => {
        const id = encodeTripId(s);
        expect(id).toMatch(/^1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{6}$/);
        expect(encodeURIComponent(id)).toBe(id);
      }),
    );
    const typical: TripSelection = {
      request: { topics: ['jazz', 'festival'], origin: 'msk', budget: 40000, dateFrom: '2026-12-01', dateTo: '2026-12-31', adults: 2 },
      event: { source: 'bundled', id: 'spb-jazz-hall-evening', day: '2026-12-03' },
    };
    expect(encodeTripId(typical).length).toBeLessThan(110);
  });

  it('refuses any single changed character', () => {
    fc.assert(
      fc.property(selection, fc.nat(), fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.'), (s, at, replacement) => {
        const id = encodeTripId(s);
        const index = at % id.length;
        fc.pre(id[index] !== replacement);
        const altered = id.slice(0, index) + replacement + id.slice(index + 1);
        expect(refusal(altered)).toBe('invalid_trip_id');
      }),
      { numRuns: fuzzRuns(500) },
    );
  });

  it('refuses truncation, another version, junk, and a non-canonical payload with a matching check', () => {
    const id = encodeTripId({
      request: { topics: ['opera'], origin: 'spb', budget: null, dateFrom: '2026-12-01', dateTo: '2027-01-01', adults: 1 },
      event: null,
    });
    const [, payload, check] = id.split('.') as [string, string, string];
    expect(refusal(id.slice(0, -1))).toBe('invalid_trip_id');
    expect(refusal(`2.${payload}.${check}`)).toBe('invalid_trip_id');
    expect(refusal('')).toBe('invalid_trip_id');
    expect(refusal('1..')).toBe('invalid_trip_id');
    expect(refusal('not a trip')).toBe('invalid_trip_id');
    // "01" adults reads as 1 but is not how 1 is written: a second spelling of the same trip.
    const padded = 'opera|spb||20261201|31|01|||';
    const forged = `1.${Buffer.from(padded).toString('base64url')}.${createHash('sha256').update(padded).digest('base64url').slice(0, 6)}`;
    expect(refusal(forged)).toBe('invalid_trip_id');
  });

  it('says which part of a checked payload cannot be read', () => {
    const cases: Array<[string, RegExp]> = [
      ['opera|spb||20261201|31|1||', /wrong number of fields/],
      ['opera|spb||20261201|31|1||||', /wrong number of fields/],
      ['Opera|spb||20261201|31|1|||', /topics are not normalized/],
      [',opera|spb||20261201|31|1|||', /topics are not normalized/],
      [`${FORTY}a|spb||20261201|31|1|||`, /topics are not normalized/],
      ['t1,t2,t3,t4,t5,t6,t7,t8,t9|spb||20261201|31|1|||', /topics are not normalized/],
      ['opera|xxx||20261201|31|1|||', /origin is not a covered city/],
      ['opera|spb|lots|20261201|31|1|||', /the budget is not a number/],
      ['opera|spb|0|20261201|31|1|||', /the budget is out of range/],
      [`opera|spb|${REQUEST_LIMITS.maxBudget + 1}|20261201|31|1|||`, /the budget is out of range/],
      ['opera|spb||2026121|31|1|||', /date_from is not a date/],
      ['opera|spb||20261301|31|1|||', /date_from is not a date/],
      ['opera|spb||x20261201|31|1|||', /date_from is not a date/],
      ['opera|spb||20261201x|31|1|||', /date_from is not a date/],
      ['opera|spb||20261201||1|||', /the date window is not a number/],
      ['opera|spb||20261201|-1|1|||', /the date window is out of range/],
      [`opera|spb||20261201|${REQUEST_LIMITS.maxWindowDays + 1}|1|||`, /the date window is out of range/],
      ['opera|spb||20261201|31|0|||', /adults is out of range/],
      [`opera|spb||20261201|31|${REQUEST_LIMITS.maxAdults + 1}|||`, /adults is out of range/],
      ['opera|spb||20261201|31|1.5|||', /adults is not a number/],
      ['opera|spb||20261201|31|x1|||', /adults is not a number/],
      ['opera|spb||20261201|31|1x|||', /adults is not a number/],
      ['opera|spb||20261201|31|1|x|jazz-1|3', /event reference is not readable/],
      ['opera|spb||20261201|31|1|b|jazz!|3', /event reference is not readable/],
      ['opera|spb||20261201|31|1|b|!jazz|3', /event reference is not readable/],
      [`opera|spb||20261201|31|1|b|${EIGHTY}e|3`, /event reference is not readable/],
      ['opera|spb||20261201|31|1|||3', /event reference is not readable/],
      ['opera|spb||20261201|31|1||jazz-1|', /event reference is not readable/],
      ['opera|spb||20261201|31|1|b||', /event reference is not readable/],
      [`opera|spb||20261201|31|1|k|jazz-1|${REQUEST_LIMITS.maxWindowDays + 1}`, /the event day is out of range/],
      ['opera|spb||20261201|31|1|k|jazz-1|-1', /the event day is out of range/],
      ['opera|spb||20261201|31|01|||', /not in canonical form/],
    ];
    for (const [payload, expected] of cases) expect(reason(forge(payload)), payload).toMatch(expected);
    const id = forge('opera|spb||20261201|31|1|||');
    const [, body, check] = id.split('.') as [string, string, string];
    expect(reason(`${id}.x`)).toMatch(/does not have the form version\.payload\.check/);
    expect(reason(`7.${body}.${check}`)).toMatch(/version "7" is not supported; this server reads version 1/);
    // A long version is quoted cut to eight characters: the reason stays short whatever is sent.
    expect(reason(`123456789.${body}.${check}`)).toMatch(/version "12345678" is not supported/);
    expect(reason(`1.${body}+.${check}`)).toMatch(/payload is not base64url/);
    expect(reason(`1.+${body}.${check}`)).toMatch(/payload is not base64url/);
    expect(reason(`1.${'A'.repeat(1201)}.${check}`)).toMatch(/payload is not base64url/);
    expect(reason(`1.${body}.${check.slice(1)}x`)).toMatch(/check does not match/);
  });

  it('carries every request at the limits, and reads the longest payload allowed', () => {
    const at = (request: Partial<TripSelection['request']>, event: TripSelection['event'] = null): TripSelection => ({
      request: { topics: ['opera'], origin: 'spb', budget: null, dateFrom: '2026-12-01', dateTo: '2026-12-01', adults: 1, ...request },
      event,
    });
    const limits = [
      at({ topics: ['t1', 't2', 't3', 't4', 't5', 't6', 't7', FORTY] }),
      at({ budget: 1, adults: REQUEST_LIMITS.maxAdults }),
      at({ budget: REQUEST_LIMITS.maxBudget, dateTo: addDays('2026-12-01', REQUEST_LIMITS.maxWindowDays) }),
      at({}, { source: 'kudago', id: EIGHTY, day: '2026-12-01' }),
      at({}, { source: 'bundled', id: 'x', day: addDays('2026-12-01', REQUEST_LIMITS.maxWindowDays) }),
    ];
    for (const s of limits) expect(decodeTripId(encodeTripId(s))).toEqual(s);
    // A payload whose base64url is exactly 1200 characters is read (and then refused only for its content).
    const long = `opera|spb||20261201|31|1|b|${'e'.repeat(80)}|3`;
    const padded = long + '|'.repeat(900 - long.length);
    expect(Buffer.from(padded).toString('base64url')).toHaveLength(1200);
    expect(reason(forge(padded))).toMatch(/wrong number of fields/);
  });
});
