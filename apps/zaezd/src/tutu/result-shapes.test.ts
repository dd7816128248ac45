/**
 * Tutu's answers read defensively: the envelope must be there, each row is read on its own (a
 * row that does not fit is left out and counted, never guessed at), numbers written as strings
 * are accepted, and an error sentence in place of JSON is a refusal, not a crash.
 */
import { describe, expect, it } from 'vitest';
import { parseToolResult } from './mcp-tool-caller.ts';
import { readAviaSearch, readCheckoutLink, readHotelSearch, readRailSearch } from './result-shapes.ts';
import { UpstreamError } from './upstream-error.ts';

const ref = { product_type: 'rail', train_number: '751А' };

function failureOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof UpstreamError) return error.failure;
    throw error;
  }
}

describe('reading search answers', () => {
  it('keeps readable rows, counts the rest, and accepts numbers written as strings', () => {
    const train = (number: unknown, seats: unknown[]) => ({
      train_number: number,
      departure_station: 'A',
      arrival_station: 'B',
      departure_at: '2026-12-02T06:50:00+03:00',
      arrival_at: '2026-12-02T10:45:00+03:00',
      duration_minutes: '235',
      seats,
    });
    const search = readRailSearch({
      meta: { pricing: { basis: 'per_seat', currency: 'RUB' }, has_more: false, from: { name: 'Москва', also_named: ['Москва (деревня)'] }, search_results_url: 'https://example.test/s' },
      trains: [
        train('751А', [{ category: 'SEDENTARY', price: '4820', available: 12, checkout_ref: ref }, { category: 'SOFT', price: 11290 }]),
        train(null, []),
        'not a train',
      ],
    });
    expect(search.rows).toHaveLength(1);
    expect(search.rows[0]!.durationMinutes).toBe(235);
    expect(search.rows[0]!.seats).toEqual([{ category: 'SEDENTARY', price: 4820, available: 12, checkoutRef: ref }]);
    expect(search.meta).toMatchObject({ pricingBasis: 'per_seat', skippedRows: 3, alsoNamed: ['Москва (деревня)'], searchResultsUrl: 'https://example.test/s' });
  });

  it('refuses rows with impossible values rather than passing them on', () => {
    const hotel = (price: unknown) => ({ hotel_id: 1, name: 'H', best_offer: { price, offerpack_hash: 'x' } });
    const search = readHotelSearch({ meta: {}, hotels: [hotel(0), hotel(-5), hotel('free'), hotel(5000)] });
    expect(search.rows.map((r) => r.price)).toEqual([5000]);
    expect(search.meta.skippedRows).toBe(3);
    expect(search.meta.pricingBasis).toBeNull();
  });

  it('calls an answer without its list malformed', () => {
    expect(failureOf(() => readAviaSearch({ meta: {} }))).toBe('malformed');
    expect(failureOf(() => readAviaSearch(['offers']))).toBe('malformed');
    expect(failureOf(() => readCheckoutLink({ checkout_url: 'https://example.test/c' }))).toBe('malformed');
    expect(failureOf(() => readCheckoutLink({ checkout_url: 'not a url', kind: 'deeplink' }))).toBe('malformed');
  });

  it('keeps the kind exactly as Tutu wrote it, even one not seen before', () => {
    expect(readCheckoutLink({ checkout_url: 'https://example.test/c', kind: 'wallet_pass' })).toMatchObject({ kind: 'wallet_pass', searchResultsUrl: null });
  });
});

describe('reading a tool result', () => {
  const text = (value: string, isError?: boolean) => ({ content: [{ type: 'text' as const, text: value }], ...(isError ? { isError } : {}) });

  it('parses the JSON text', () => {
    expect(parseToolResult('search_rail', text('{"meta":{},"trains":[]}'))).toEqual({ meta: {}, trains: [] });
  });

  it('treats an error result, an error sentence and an {error} object as refusals, keeping Tutu’s words', () => {
    for (const result of [text('Не найден пункт «Moscow».', true), text('Не найден пункт «Moscow».'), text('{"error":"Не найден пункт «Moscow»."}')]) {
      try {
        parseToolResult('search_rail', result);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(UpstreamError);
        expect((error as UpstreamError).failure).toBe('refused');
        expect((error as UpstreamError).upstreamText).toContain('Не найден пункт');
      }
    }
  });

  it('calls truncated JSON and a textless answer malformed', () => {
    expect(failureOf(() => parseToolResult('search_rail', text('{"meta":{"has_more":tru')))).toBe('malformed');
    expect(failureOf(() => parseToolResult('search_rail', { content: [] }))).toBe('malformed');
  });
});
