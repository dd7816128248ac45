/**
 * trip_id round-trips every request it can carry (property test over generated requests), and
 * refuses anything altered, truncated, re-versioned or non-canonical.
 */
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { ToolError } from '@agent-products/kit/errors';
import { addDays } from '../calendar.ts';
import { CITY_KEYS } from '../geo/cities.ts';
import { TOPIC_KEYS } from '../events/topics.ts';
import { decodeTripId, encodeTripId, type TripSelection } from './trip-id.ts';
import { REQUEST_LIMITS } from './trip-request.ts';

const word = fc.oneof(
  fc.constantFrom(...TOPIC_KEYS),
  fc.stringMatching(/^[a-z0-9]{2,12}$/),
  fc.stringMatching(/^[а-я]{2,12}$/),
);
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

describe('trip_id', () => {
  it('decodes to exactly the request it encodes', () => {
    fc.assert(
      fc.property(selection, (s) => {
        const id = encodeTripId(s);
        expect(decodeTripId(id)).toEqual(s);
      }),
      { numRuns: 500 },
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
      { numRuns: 500 },
    );
  });

  it('refuses truncation, another version, junk, and a non-canonical payload with a matching check', () => {
    const id = encodeTripId({ request: { topics: ['opera'], origin: 'spb', budget: null, dateFrom: '2026-12-01', dateTo: '2027-01-01', adults: 1 }, event: null });
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
});
