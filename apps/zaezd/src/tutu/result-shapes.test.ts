/**
 * Tutu's answers read defensively: the envelope must be there, each row is read on its own (a
 * row that does not fit is left out and counted, never guessed at), numbers written as strings
 * are accepted, and an error sentence in place of JSON is a refusal, not a crash.
 */
import { describe, expect, it } from 'vitest';
import { parseToolResult } from './mcp-tool-caller.ts';
import { readAviaSearch, readCheckoutLink, readHotelSearch, readRailSearch } from './result-shapes.ts';
import { UpstreamError } from './upstream-error.ts';

const ref = { transport: 'railway', train_number: '751А' };

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
  const leg = (voyage: unknown) => ({
    from: 'A',
    to: 'B',
    departure_at: '2026-12-02T06:50:00+03:00',
    arrival_at: '2026-12-02T10:45:00+03:00',
    duration_min: '235',
    segments: [{ carrier: 'ФПК', voyage_no: voyage }],
  });
  const train = (voyage: unknown, price: unknown, fares?: unknown) => ({
    offer_id: `o${String(voyage)}`,
    price: { amount: price, currency: 'RUB' },
    legs: [leg(voyage)],
    checkout_ref: ref,
    fares,
  });

  it('keeps readable rows, counts the rest, and accepts numbers written as strings', () => {
    const search = readRailSearch({
      meta: { has_more: false, from: { name: 'Москва', also_named: ['Москва (деревня)'] } },
      offers: [
        train('751А', '4820', { seat_categories: { SOFT: { count: 2, price_from: 11290 }, SEDENTARY: { count: 5, price_from: '4820' } } }),
        train(null, 100),
        train('752А', 100, undefined),
        'not a train',
      ],
    });
    expect(search.rows).toHaveLength(2);
    expect(search.rows[0]!.durationMinutes).toBe(235);
    expect(search.rows[0]!.seats).toEqual([
      { category: 'SEDENTARY', price: 4820, fareCount: 5 },
      { category: 'SOFT', price: 11290, fareCount: 2 },
    ]);
    expect(search.rows[1]!.seats).toEqual([{ category: null, price: 100, fareCount: null }]);
    expect(search.rows[0]!.checkoutRef).toEqual(ref);
    expect(search.meta).toMatchObject({ skippedRows: 2, alsoNamed: ['Москва (деревня)'] });
  });

  it('refuses rows with impossible prices, another currency, or a hotel price that is not the stay total', () => {
    const hotel = (price: unknown, basis: unknown = 'stay_total', currency = 'RUB') => ({
      hotel_id: '1',
      name: 'H',
      checkout_ref: {},
      best_offer: { price: { amount: price, currency }, price_basis: basis },
    });
    const search = readHotelSearch({
      meta: {},
      stay: { nights: 2 },
      hotels: [hotel(0), hotel(-5), hotel('free'), hotel(5000, 'per_night'), hotel(5000, 'stay_total', 'EUR'), hotel(5000)],
    });
    expect(search.rows.map((r) => [r.price, r.nights])).toEqual([[5000, 2]]);
    expect(search.meta.skippedRows).toBe(5);
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
    expect(parseToolResult('search_rail', text('{"meta":{},"offers":[]}'))).toEqual({ meta: {}, offers: [] });
  });

  it('reads Tutu’s validation sentence as a defect of ours and its internal failure as transient', () => {
    const validation =
      'Error executing tool search_rail: 1 validation error for search_railArguments\ndate\n  Extra inputs are not permitted [type=extra_forbidden]';
    expect(failureOf(() => parseToolResult('search_rail', text(validation, true)))).toBe('invalid_arguments');
    expect(failureOf(() => parseToolResult('search_rail', text('Внутренняя ошибка сервиса. Попробуйте позже.', true)))).toBe('upstream_error');
    expect(failureOf(() => parseToolResult('search_rail', text('Error executing tool search_rail: internal error, try again later', true)))).toBe(
      'upstream_error',
    );
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
