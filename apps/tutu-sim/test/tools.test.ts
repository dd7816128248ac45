/**
 * The stand-in speaks Tutu: the sixteen tool names with their argument shapes, results as one
 * JSON string with no output schema, the fields zaezd relies on (best_offer, checkout_ref,
 * meta.pricing.basis, has_more, search_results_url), the checkout link kinds Tutu returns, and
 * its traps (Latin names refused, one adult unless passengers are forwarded, two adults assumed
 * by get_offer_details). Deterministic: the same question gets the same answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { connectClient } from '@agent-products/kit/testing';
import { startSim, type RunningSim } from './support/start-sim.ts';

let running: RunningSim;
let client: Client;
beforeAll(async () => {
  running = await startSim();
  client = await connectClient(running.url);
});
afterAll(async () => {
  await client?.close();
  await running?.stop();
});

async function call(name: string, args: Record<string, unknown>): Promise<{ isError: boolean; text: string; json: any }> {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as Array<{ text: string }>)[0]!.text;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  expect(result.structuredContent).toBeUndefined();
  return { isError: result.isError === true, text, json };
}

const RAIL = { origin: 'Москва', destination: 'Санкт-Петербург', date: '2026-12-11', passengers: 2 };

describe('tools/list', () => {
  it('lists the sixteen Tutu tools, read-only, without output schemas, and the plan_trip prompt', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'create_checkout_link', 'fetch_resource', 'get_avia_instructions', 'get_bus_instructions', 'get_etrain_instructions', 'get_hotels_instructions',
        'get_multitransport_instructions', 'get_offer_details', 'get_rail_instructions', 'get_rail_seatmap', 'search_avia', 'search_bus', 'search_etrain',
        'search_hotels', 'search_multitransport', 'search_rail',
      ].sort(),
    );
    for (const tool of tools) {
      expect(tool.outputSchema).toBeUndefined();
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
    expect(Object.keys(tools.find((t) => t.name === 'search_avia')!.inputSchema.properties!)).toEqual(
      expect.arrayContaining(['origin', 'destination', 'departure_date', 'return_date', 'adults', 'children', 'infants', 'service_class', 'page_size', 'sort', 'direct_only']),
    );
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['plan_trip']);
  });
});

describe('searches', () => {
  it('search_rail: per-seat prices, seat categories with checkout_ref, paging meta and a search page', async () => {
    const { json } = await call('search_rail', RAIL);
    expect(json.meta).toMatchObject({ pricing: { basis: 'per_seat', currency: 'RUB' }, has_more: false, passengers: 2 });
    expect(json.meta.search_results_url).toMatch(new RegExp(`^${running.url}/demo/search/rail\\?`));
    expect(json.meta.data_source).toMatch(/tutu-sim/);
    expect(json.trains.length).toBeGreaterThanOrEqual(4);
    const train = json.trains[0];
    expect(train.departure_at).toMatch(/^2026-12-11T\d\d:\d\d:00\+03:00$/);
    expect(train.best_offer.price).toBe(Math.min(...train.seats.map((s: any) => s.price)));
    for (const seat of train.seats) {
      expect(['SEDENTARY', 'RESERVED_SEAT', 'COMPARTMENT', 'LUX', 'SOFT', 'SHARED']).toContain(seat.category);
      expect(seat.checkout_ref).toMatchObject({ product_type: 'rail', train_number: train.train_number, passengers_full: 2, passengers_child: 0, passengers_infant: 0 });
    }
  });

  it('answers the same search identically', async () => {
    expect((await call('search_rail', RAIL)).text).toBe((await call('search_rail', RAIL)).text);
  });

  it('search_avia: round trips priced for the whole party, with has_more paging', async () => {
    const one = (await call('search_avia', { origin: 'Москва', destination: 'Сочи', departure_date: '2026-12-11', return_date: '2026-12-14', adults: 1, page_size: 5 })).json;
    const two = (await call('search_avia', { origin: 'Москва', destination: 'Сочи', departure_date: '2026-12-11', return_date: '2026-12-14', adults: 2, page_size: 5 })).json;
    expect(one.meta).toMatchObject({ pricing: { basis: 'party_total' }, has_more: true, page_size: 5 });
    expect(one.offers).toHaveLength(5);
    expect(two.offers[0].price).toBeCloseTo(one.offers[0].price * 2, -2);
    expect(one.offers[0]).toMatchObject({ there: { segments: [expect.objectContaining({ flight_number: expect.any(String) })] }, back: expect.any(Object) });
    expect(two.offers[0].checkout_ref).toMatchObject({ product_type: 'avia', passengers_full: 2, passengers_child: 0, passengers_infant: 0 });
  });

  it('search_hotels: best_offer {price, offerpack_hash, checkout_url} for the stay, coordinates near real venues', async () => {
    const { json } = await call('search_hotels', { city_name: 'Казань', check_in: '2026-12-11', check_out: '2026-12-13', adults: 2 });
    expect(json.meta).toMatchObject({ pricing: { basis: 'party_total' }, nights: 2 });
    for (const hotel of json.hotels) {
      expect(hotel.best_offer).toMatchObject({ price: expect.any(Number), offerpack_hash: expect.stringMatching(/^hp_/), checkout_url: expect.stringContaining('/demo/hotel/') });
      expect(hotel.coords.lat).toBeCloseTo(55.79, 1);
    }
  });

  it('covers at least eight cities, each with hotels and a rail link to Moscow', async () => {
    const { json } = await call('fetch_resource', { uri: 'tutu://geo' });
    expect(json.cities.length).toBeGreaterThanOrEqual(8);
    for (const city of json.cities.filter((c: any) => c.name !== 'Москва')) {
      const rail = (await call('search_rail', { origin: 'Москва', destination: city.name, date: '2026-12-11' })).json;
      expect(rail.trains.length, city.name).toBeGreaterThan(0);
      const hotels = (await call('search_hotels', { city_name: city.name, check_in: '2026-12-11', check_out: '2026-12-12', adults: 1 })).json;
      expect(hotels.hotels.length, city.name).toBeGreaterThan(0);
    }
  });

  it('refuses a Latin place name with a sentence, as Tutu does, and invalid arguments with an error result', async () => {
    const latin = await call('search_rail', { ...RAIL, origin: 'Moscow' });
    expect(latin.isError).toBe(true);
    expect(latin.text).toMatch(/по-русски/);
    expect(latin.json).toBeUndefined();
    const past = await call('search_rail', { ...RAIL, date: '2026-11-01' });
    expect(past).toMatchObject({ isError: true, text: expect.stringContaining('уже прошла') });
    const invalid = await client.callTool({ name: 'search_rail', arguments: { origin: 5 } });
    expect(invalid.isError).toBe(true);
  });
});

describe('get_offer_details and create_checkout_link', () => {
  it('hotels: room-level hashes open a cart (checkout_deeplink), hotel-level ones a hotel page; two adults unless told', async () => {
    const stay = { check_in: '2026-12-11', check_out: '2026-12-13' };
    const search = (await call('search_hotels', { city_name: 'Самара', ...stay, adults: 1 })).json;
    const hotel = search.hotels[0];
    const page = (await call('create_checkout_link', { product_type: 'hotel', offerpack_hash: hotel.best_offer.offerpack_hash })).json;
    expect(page).toMatchObject({ kind: 'hotel_page' });
    const defaulted = (await call('get_offer_details', { product_type: 'hotel', hotel_id: hotel.hotel_id, ...stay })).json;
    expect(defaulted.meta.adults).toBe(2);
    const details = (await call('get_offer_details', { product_type: 'hotel', hotel_id: hotel.hotel_id, ...stay, adults: 1 })).json;
    expect(details.rooms[0].price).toBe(hotel.best_offer.price);
    const cart = (await call('create_checkout_link', details.rooms[0].checkout_ref)).json;
    expect(cart).toMatchObject({ kind: 'checkout_deeplink', search_results_url: expect.any(String) });
    expect(new URL(cart.checkout_url).searchParams.get('adults')).toBe('1');
  });

  it('rail: seats_url for the passengers in checkout_ref; search_redirect when the train is gone', async () => {
    const train = (await call('search_rail', RAIL)).json.trains[0];
    const seats = (await call('create_checkout_link', train.best_offer.checkout_ref)).json;
    expect(seats.kind).toBe('seats_url');
    expect(new URL(seats.checkout_url).searchParams.get('adults')).toBe('2');
    const gone = (await call('create_checkout_link', { ...train.best_offer.checkout_ref, train_number: '999Я' })).json;
    expect(gone).toMatchObject({ kind: 'search_redirect', search_results_url: gone.checkout_url });
  });

  it('flights: one adult without passengers_*; a round trip needs is_round_trip and return_departure_at; connections redirect to search', async () => {
    const offer = (await call('search_avia', { origin: 'Москва', destination: 'Казань', departure_date: '2026-12-11', return_date: '2026-12-14', adults: 2 })).json.offers[0];
    const bare = (await call('create_checkout_link', { product_type: 'avia', offer_id: offer.offer_id })).json;
    expect(bare.kind).toBe('search_redirect');
    const roundTrip = { ...offer.checkout_ref, is_round_trip: true, return_departure_at: offer.back.departure_at };
    const deeplink = (await call('create_checkout_link', roundTrip)).json;
    expect(deeplink).toMatchObject({ kind: 'deeplink', fallback_url: expect.any(String), fallback_note: expect.stringContaining('сессией') });
    expect(new URL(deeplink.checkout_url).searchParams.get('adults')).toBe('2');
    const oneAdult = (await call('create_checkout_link', { product_type: 'avia', offer_id: offer.offer_id, is_round_trip: true, return_departure_at: offer.back.departure_at })).json;
    expect(new URL(oneAdult.checkout_url).searchParams.get('adults')).toBe('1');

    const connecting = (await call('search_avia', { origin: 'Воронеж', destination: 'Сочи', departure_date: '2026-12-11', return_date: '2026-12-14' })).json.offers[0];
    expect(connecting.direct).toBe(false);
    const redirected = (await call('create_checkout_link', { ...connecting.checkout_ref, is_round_trip: true, return_departure_at: connecting.back.departure_at })).json;
    expect(redirected.kind).toBe('search_redirect');
  });

  it('buses: order_url', async () => {
    const trip = (await call('search_bus', { origin: 'Москва', destination: 'Ярославль', date: '2026-12-11', adults: 2 })).json.trips[0];
    expect((await call('create_checkout_link', trip.checkout_ref)).json.kind).toBe('order_url');
  });

  it('answers every other tool with JSON', async () => {
    const train = (await call('search_rail', RAIL)).json.trains[0];
    const answers = await Promise.all([
      call('get_rail_seatmap', { details_ref: train.details_ref }),
      call('get_offer_details', { product_type: 'rail', details_ref: train.details_ref }),
      call('search_etrain', { origin: 'Москва', destination: 'Сергиев Посад', date: '2026-12-11' }),
      call('search_multitransport', { origin: 'Москва', destination: 'Нижний Новгород', date: '2026-12-11', adults: 2, optimize_for: 'time' }),
      ...['avia', 'rail', 'bus', 'etrain', 'hotels', 'multitransport'].map((p) => call(`get_${p}_instructions`, {})),
      call('fetch_resource', { uri: 'tutu://status' }),
    ]);
    for (const answer of answers) {
      expect(answer.isError, answer.text).toBe(false);
      expect(answer.json).toBeTypeOf('object');
    }
    expect(answers[0]!.json.cars.length).toBeGreaterThan(0);
    expect(new Set(answers[3]!.json.options.map((o: any) => o.mode))).toEqual(new Set(['rail', 'avia', 'bus']));
  });
});

describe('demo pages', () => {
  it('show what a real Tutu page would hold, and expire checkout links', async () => {
    const train = (await call('search_rail', RAIL)).json.trains[0];
    const link = (await call('create_checkout_link', train.best_offer.checkout_ref)).json;
    const page = await fetch(link.checkout_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Демо-страница tutu-sim');
    const expired = new URL(link.checkout_url);
    expired.searchParams.set('exp', '1');
    expect((await fetch(expired)).status).toBe(410);
  });
});
