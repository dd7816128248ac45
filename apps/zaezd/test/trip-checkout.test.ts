/**
 * create_trip_checkout through the official MCP client: a checklist of two or three links, each
 * with the kind the stand-in actually returned and the label derived from it, passenger counts
 * forwarded into every link, and the search-results fallback when the live call fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { connectClient } from '@agent-products/kit/testing';
import { startStack, type RunningStack } from './support/start-stack.ts';
import { callThroughClient } from './support/client-call.ts';

let stack: RunningStack;
let client: Client;
beforeAll(async () => {
  stack = await startStack();
  client = await connectClient(stack.url);
});
afterAll(async () => {
  await client?.close();
  await stack?.stop();
});

async function trip(args: Record<string, unknown>) {
  const { isError, data } = await callThroughClient(client, 'find_event_trips', args);
  expect(isError).toBe(false);
  return data;
}

const checkout = async (tripId: string, pkg: number | string) => callThroughClient(client, 'create_trip_checkout', { trip_id: tripId, package: pkg });

describe('rail + hotel', () => {
  it('gives three links: each train’s seat page (Открыть страницу выбора) and a hotel cart (Открыть корзину), for both passengers', async () => {
    const found = await trip({ topics: ['jazz'], origin: 'Москва', date_from: '2026-12-01', date_to: '2026-12-31', adults: 2 });
    const { isError, data, text } = await checkout(found.trip_id, 1);
    expect(isError).toBe(false);
    expect(data.items.map((i: any) => i.item)).toEqual(['there', 'back', 'hotel']);
    const [there, back, hotel] = data.items;
    for (const leg of [there, back]) {
      expect(leg).toMatchObject({ status: 'link', kind: 'deeplink', label: 'Открыть страницу выбора', passengers: { full: 2, child: 0, infant: 0 } });
      expect(new URL(leg.url).searchParams.get('adults')).toBe('2');
    }
    expect(hotel).toMatchObject({ status: 'link', kind: 'checkout_deeplink', label: 'Открыть корзину' });
    expect(new URL(hotel.url).searchParams.get('adults')).toBe('2');
    for (const item of data.items) expect(item.stable_url).toBe(`${stack.url}/t/${found.trip_id}/go/1/${item.item}`);
    expect(data.total_price).toBe(found.packages[0].total_price);
    expect(data.demo_data).toBe(true);
    expect(text).toContain('Открыть корзину');
  });
});

describe('air + hotel', () => {
  it('gives two links; a direct round trip is a deeplink labelled Открыть страницу выбора, with passengers forwarded', async () => {
    const found = await trip({ topics: ['jazz'], origin: 'Москва', date_from: '2026-12-01', date_to: '2026-12-31', adults: 3 });
    const air = found.packages.find((p: any) => p.mode === 'air');
    const { data } = await checkout(found.trip_id, air.number);
    expect(data.items.map((i: any) => i.item)).toEqual(['flight', 'hotel']);
    const flight = data.items[0];
    expect(flight).toMatchObject({ status: 'link', kind: 'deeplink', label: 'Открыть страницу выбора', passengers: { full: 3, child: 0, infant: 0 } });
    expect(new URL(flight.url).searchParams.get('adults')).toBe('3');
    expect(flight.fallback_note).toMatch(/сессией Туту/);
  });

  it('labels a connecting round trip, which Tutu answers with search_redirect, as search without a cart', async () => {
    // Voronezh has no direct flight to Sochi on the stand-in: only connections through Moscow.
    const found = await trip({ topics: ['sochi'], origin: 'Воронеж', date_from: '2026-12-01', date_to: '2026-12-20' });
    expect(found.event.city.name).toBe('Сочи');
    const air = found.packages.find((p: any) => p.mode === 'air');
    expect(air.legs[0].stops).toBe(1);
    const { data } = await checkout(found.trip_id, air.number);
    expect(data.items[0]).toMatchObject({ status: 'link', kind: 'search_redirect', label: 'Открыть поиск, корзины не будет' });
  });
});

describe('when Tutu fails', () => {
  it('offers the hotel’s page (a deeplink from its checkout_ref) when room details fail', async () => {
    const found = await trip({ topics: ['theatre'], origin: 'Москва', date_from: '2026-12-01', date_to: '2026-12-20' });
    stack.sim.control.update({ faults: [{ tool: 'get_offer_details', fault: 'error' }] });
    try {
      const { data } = await checkout(found.trip_id, 1);
      const hotel = data.items.find((i: any) => i.item === 'hotel');
      expect(hotel).toMatchObject({ status: 'link', kind: 'deeplink', label: 'Открыть страницу выбора' });
      expect(hotel.url).toMatch(/\/demo\/hotel\//);
    } finally {
      stack.sim.control.reset();
    }
  });

  it('falls back to each search page (the hotel’s own page for the hotel), honestly labelled, when create_checkout_link fails', async () => {
    const found = await trip({ topics: ['classical'], origin: 'Москва', date_from: '2026-12-01', date_to: '2026-12-20' });
    stack.sim.control.update({ faults: [{ tool: 'create_checkout_link', fault: 'error' }] });
    try {
      const { isError, data } = await checkout(found.trip_id, 1);
      expect(isError).toBe(false);
      for (const item of data.items) {
        expect(item).toMatchObject({
          status: 'search_fallback',
          kind: null,
          label: item.item === 'hotel' ? 'Открыть страницу отеля' : 'Открыть поиск, корзины не будет',
        });
        expect(item.url).toBe(item.search_results_url);
        expect(item.url).toMatch(item.item === 'hotel' ? /\/demo\/hotel\// : /\/demo\/search\//);
        expect(item.problem).toMatch(/Tutu failed on create_checkout_link/);
      }
    } finally {
      stack.sim.control.reset();
    }
  });

  it('refuses a tampered trip_id with a structured error', async () => {
    const found = await trip({ topics: ['jazz'], origin: 'Москва', date_from: '2026-12-01', date_to: '2026-12-31' });
    const tampered = found.trip_id.replace(/.(?=\.[^.]+$)/, (c: string) => (c === 'A' ? 'B' : 'A'));
    const { isError, data } = await checkout(tampered, 1);
    expect(isError).toBe(true);
    expect(data.error).toMatchObject({ code: 'invalid_trip_id', retryable: false });
  });
});
