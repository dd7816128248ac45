/**
 * The stand-in speaks Tutu 0.38.0: the sixteen tool names with the real input schemas (unknown
 * arguments and out-of-range values refused in pydantic's words), results as one JSON string
 * with no output schema, in the real shapes (transport offers with price objects, legs and
 * checkout_ref; hotels with stay totals; room rates), the checkout link kinds Tutu returns, and
 * its traps (Latin names refused, one adult unless passengers are forwarded, two adults assumed
 * by get_offer_details). Deterministic: the same question gets the same answer. That its shapes
 * are the recorded ones is proved by zaezd's contract test against the recordings.
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

const RAIL = { origin: 'Москва', destination: 'Санкт-Петербург', departure_date: '2026-12-11', passengers: 2 };

describe('tools/list', () => {
  it('lists the sixteen Tutu tools, read-only and idempotent, closed input schemas, no output schemas, and the plan_trip prompt', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        'create_checkout_link',
        'fetch_resource',
        'get_avia_instructions',
        'get_bus_instructions',
        'get_etrain_instructions',
        'get_hotels_instructions',
        'get_multitransport_instructions',
        'get_offer_details',
        'get_rail_instructions',
        'get_rail_seatmap',
        'search_avia',
        'search_bus',
        'search_etrain',
        'search_hotels',
        'search_multitransport',
        'search_rail',
      ].sort(),
    );
    for (const tool of tools) {
      expect(tool.outputSchema).toBeUndefined();
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true, destructiveHint: false });
      expect(tool.inputSchema.additionalProperties).toBe(false);
    }
    expect(tools.find((t) => t.name === 'search_rail')!.inputSchema.properties!.passengers).toMatchObject({ type: 'integer', minimum: 1, maximum: 6 });
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['plan_trip']);
  });
});

describe('arguments', () => {
  it('refuses unknown arguments and out-of-range values in the real server’s words', async () => {
    const renamed = await call('search_rail', { origin: 'Москва', destination: 'Казань', date: '2026-12-11', passengers: 7 });
    expect(renamed.isError).toBe(true);
    expect(renamed.text).toMatch(/^Error executing tool search_rail: 2 validation errors for search_railArguments\n/);
    expect(renamed.text).toContain('date\n  Extra inputs are not permitted [type=extra_forbidden');
    expect(renamed.text).toContain('passengers\n  Input should be less than or equal to 6 [type=less_than_equal, input_value=7, input_type=int]');
    const enumValue = await call('get_offer_details', { product_type: 'hotel', hotel_id: 2001 });
    expect(enumValue.text).toMatch(/product_type\n {2}Input should be 'hotels', 'avia', 'rail', 'railway', 'bus' or 'etrain'/);
    expect(enumValue.text).toMatch(/hotel_id\n {2}Input should be a valid string/);
    const badDate = await call('search_rail', { ...RAIL, departure_date: 'not-a-date' });
    expect(badDate.text).toMatch(/departure_date\n {2}Input should be a valid date/);
    const missing = await call('create_checkout_link', {});
    expect(missing).toMatchObject({
      isError: true,
      text: 'Error executing tool create_checkout_link: create_checkout_link requires product_type or transport',
    });
  });

  it('refuses a Latin place name and a past date with a sentence, as Tutu does', async () => {
    const latin = await call('search_rail', { ...RAIL, origin: 'Moscow' });
    expect(latin.isError).toBe(true);
    expect(latin.text).toMatch(/^Error executing tool search_rail: .*по-русски/);
    expect(latin.json).toBeUndefined();
    const past = await call('search_rail', { ...RAIL, departure_date: '2026-11-01' });
    expect(past).toMatchObject({ isError: true, text: expect.stringContaining('уже прошла') });
  });
});

describe('searches', () => {
  it('search_rail: offers with a one-seat price, fares by car category, one leg and a checkout_ref', async () => {
    const { json } = await call('search_rail', RAIL);
    expect(json.meta).toMatchObject({ transport: 'railway', from: { name: 'Москва' }, to: { name: 'Санкт-Петербург' }, has_more: false, page: 1 });
    expect(json.meta.data_source).toMatch(/tutu-sim/);
    expect(json.meta.carriers_available.length).toBeGreaterThan(0);
    expect(json.offers.length).toBeGreaterThanOrEqual(4);
    const prices = json.offers.map((o: any) => o.price.amount);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    for (const offer of json.offers) {
      expect(offer.price.currency).toBe('RUB');
      expect(offer.price.amount).toBe(Math.min(...Object.values(offer.fares.seat_categories).map((c: any) => c.price_from)));
      for (const category of Object.keys(offer.fares.seat_categories))
        expect(['SEDENTARY', 'RESERVED_SEAT', 'COMPARTMENT', 'LUX', 'SOFT', 'SHARED']).toContain(category);
      expect(offer.legs).toHaveLength(1);
      expect(offer.legs[0].segments[0].voyage_no).toBe(offer.checkout_ref.train_number);
      expect(offer.departure_at).toMatch(/^2026-12-1[12]T\d\d:\d\d:00\+03:00$/);
      expect(offer.search_results_url).toMatch(new RegExp(`^${running.url}/demo/search/rail\\?`));
      expect(offer.checkout_ref).toMatchObject({
        transport: 'railway',
        departure_at: offer.departure_at,
        departure_geo_point_id: expect.any(Number),
        arrival_geo_point_id: expect.any(Number),
      });
    }
    const capped = (await call('search_rail', { ...RAIL, price_max: prices[0] })).json;
    expect(capped.offers.every((o: any) => o.price.amount <= prices[0])).toBe(true);
  });

  it('answers the same search identically', async () => {
    expect((await call('search_rail', RAIL)).text).toBe((await call('search_rail', RAIL)).text);
  });

  it('search_avia: round trips with two legs priced for the whole party, variants and has_more paging', async () => {
    const one = (
      await call('search_avia', { origin: 'Москва', destination: 'Сочи', departure_date: '2026-12-11', return_date: '2026-12-14', adults: 1, page_size: 5 })
    ).json;
    const two = (
      await call('search_avia', { origin: 'Москва', destination: 'Сочи', departure_date: '2026-12-11', return_date: '2026-12-14', adults: 2, page_size: 5 })
    ).json;
    expect(one.meta).toMatchObject({ transport: 'avia', round_trip: true, return_date: '2026-12-14', has_more: true, page_size: 5 });
    expect(one.offers).toHaveLength(5);
    expect(two.offers[0].price.amount).toBeCloseTo(one.offers[0].price.amount * 2, -2);
    expect(one.offers[0].legs.map((l: any) => l.label)).toEqual(['outbound', 'return']);
    expect(one.offers[0].variants[0].price).toEqual(one.offers[0].price);
    expect(two.offers[0].checkout_ref).toMatchObject({
      transport: 'avia',
      is_round_trip: true,
      passengers_full: 2,
      passengers_child: 0,
      passengers_infant: 0,
      return_departure_at: two.offers[0].legs[1].departure_at,
    });
  });

  it('search_hotels: string ids, location {lat, lng}, best_offer.price for the whole stay (stay_total), a checkout_ref', async () => {
    const { json } = await call('search_hotels', { city_name: 'Казань', check_in: '2026-12-11', check_out: '2026-12-13', adults: 2 });
    expect(json.stay).toEqual({ check_in: '2026-12-11', check_out: '2026-12-13', nights: 2 });
    expect(json.hotels.length).toBeGreaterThan(0);
    for (const hotel of json.hotels) {
      expect(hotel.hotel_id).toEqual(expect.any(String));
      expect(hotel.best_offer).toMatchObject({
        price: { amount: expect.any(Number), currency: 'RUB' },
        price_basis: 'stay_total',
        offerpack_hash: expect.stringMatching(/^hp_/),
        checkout_url: expect.stringContaining('/demo/hotel/'),
      });
      expect(hotel.location.lat).toBeCloseTo(55.79, 1);
      expect(hotel.location.lng).toBeCloseTo(49.12, 1);
      expect(hotel.checkout_ref).toMatchObject({
        transport: 'hotels',
        hotel_geo_id: hotel.hotel_id,
        check_in: '2026-12-11',
        check_out: '2026-12-13',
        adults: 2,
      });
    }
  });

  it('covers at least eight cities, each with hotels and a rail link to Moscow', async () => {
    const { json } = await call('fetch_resource', { uri: 'tutu://geo' });
    expect(json.cities.length).toBeGreaterThanOrEqual(8);
    for (const city of json.cities.filter((c: any) => c.name !== 'Москва')) {
      const rail = (await call('search_rail', { origin: 'Москва', destination: city.name, departure_date: '2026-12-11' })).json;
      expect(rail.offers.length, city.name).toBeGreaterThan(0);
      const hotels = (await call('search_hotels', { city_name: city.name, check_in: '2026-12-11', check_out: '2026-12-12', adults: 1 })).json;
      expect(hotels.hotels.length, city.name).toBeGreaterThan(0);
    }
  });
});

describe('get_offer_details and create_checkout_link', () => {
  it('hotels: a room rate’s hash mints a cart (checkout_deeplink), the hotel’s checkout_ref its page (deeplink); two adults unless told', async () => {
    const stay = { check_in: '2026-12-11', check_out: '2026-12-13' };
    const hotel = (await call('search_hotels', { city_name: 'Самара', ...stay, adults: 1 })).json.hotels[0];
    const page = (await call('create_checkout_link', hotel.checkout_ref)).json;
    expect(page).toMatchObject({ kind: 'deeplink', fallback_url: hotel.checkout_url });
    const fallback = (await call('create_checkout_link', { transport: 'hotels', fallback_url: hotel.checkout_url })).json;
    expect(fallback).toMatchObject({ kind: 'hotel_page', checkout_url: hotel.checkout_url });
    const defaulted = (await call('get_offer_details', { product_type: 'hotels', hotel_id: hotel.hotel_id, ...stay })).json;
    expect(defaulted.stay.guests.adults).toBe(2);
    const details = (await call('get_offer_details', { product_type: 'hotels', hotel_id: hotel.hotel_id, ...stay, adults: 1 })).json;
    expect(details.hotel).toMatchObject({ hotel_id: hotel.hotel_id, check_in_time: expect.stringMatching(/^\d\d:\d\d:00$/) });
    expect(details.rooms[0].price_from).toEqual({ ...hotel.best_offer.price, price_basis: 'stay_total' });
    const rate = details.rooms[0].rates[0];
    expect(rate).toMatchObject({ price_basis: 'stay_total', offerpack_hash: expect.stringMatching(/^rp_/) });
    const cart = (await call('create_checkout_link', { ...hotel.checkout_ref, offer_pack_hash: rate.offerpack_hash })).json;
    expect(cart.kind).toBe('checkout_deeplink');
    expect(new URL(cart.checkout_url).searchParams.get('adults')).toBe('1');
  });

  it('rail: a deeplink to the train’s seat page for the passengers forwarded; an order page when the train is gone', async () => {
    const offer = (await call('search_rail', RAIL)).json.offers[0];
    const seats = (await call('create_checkout_link', { ...offer.checkout_ref, passengers_full: 2 })).json;
    expect(seats.kind).toBe('deeplink');
    expect(new URL(seats.checkout_url).searchParams.get('adults')).toBe('2');
    const gone = (await call('create_checkout_link', { ...offer.checkout_ref, train_number: '999Я' })).json;
    expect(gone).toMatchObject({ kind: 'order_url', search_results_url: gone.checkout_url });
  });

  it('flights: one adult without passengers_*; a round trip needs is_round_trip and return_departure_at; connections redirect to search', async () => {
    const offer = (await call('search_avia', { origin: 'Москва', destination: 'Казань', departure_date: '2026-12-11', return_date: '2026-12-14', adults: 2 }))
      .json.offers[0];
    const bare = (await call('create_checkout_link', { transport: 'avia', offer_hash: offer.checkout_ref.offer_hash })).json;
    expect(bare.kind).toBe('search_redirect');
    const deeplink = (await call('create_checkout_link', offer.checkout_ref)).json;
    expect(deeplink).toMatchObject({ kind: 'deeplink', search_results_url: offer.search_results_url, fallback_note: expect.stringContaining('сессией') });
    expect(new URL(deeplink.checkout_url).searchParams.get('adults')).toBe('2');
    const { passengers_full: _a, passengers_child: _c, passengers_infant: _i, ...withoutParty } = offer.checkout_ref;
    const oneAdult = (await call('create_checkout_link', withoutParty)).json;
    expect(new URL(oneAdult.checkout_url).searchParams.get('adults')).toBe('1');

    const connecting = (await call('search_avia', { origin: 'Воронеж', destination: 'Сочи', departure_date: '2026-12-11', return_date: '2026-12-14' })).json
      .offers[0];
    expect(connecting.legs[0].segments.length).toBeGreaterThan(1);
    expect((await call('create_checkout_link', connecting.checkout_ref)).json.kind).toBe('search_redirect');
  });

  it('buses: order_url', async () => {
    const trip = (await call('search_bus', { origin: 'Москва', destination: 'Ярославль', departure_date: '2026-12-11', adults: 2 })).json.trips[0];
    expect((await call('create_checkout_link', trip.checkout_ref)).json.kind).toBe('order_url');
  });

  it('answers every other tool with JSON', async () => {
    const offer = (await call('search_rail', RAIL)).json.offers[0];
    const answers = await Promise.all([
      call('get_rail_seatmap', { details_ref: offer.details_ref }),
      call('get_offer_details', { product_type: 'rail', details_ref: offer.details_ref }),
      call('search_etrain', { origin: 'Москва', destination: 'Сергиев Посад', departure_date: '2026-12-11' }),
      call('search_multitransport', { origin: 'Москва', destination: 'Нижний Новгород', departure_date: '2026-12-11', adults: 2, optimize_for: 'time' }),
      ...['avia', 'rail', 'bus', 'etrain', 'hotels', 'multitransport'].map((p) => call(`get_${p}_instructions`, {})),
      call('fetch_resource', { uri: 'tutu://status' }),
    ]);
    for (const answer of answers) {
      expect(answer.isError, answer.text).toBe(false);
      expect(answer.json).toBeTypeOf('object');
    }
    expect(answers[0]!.json.cars.length).toBeGreaterThan(0);
    expect(new Set(answers[3]!.json.options.map((o: any) => o.mode))).toEqual(new Set(['railway', 'avia', 'bus']));
  });
});

describe('demo pages', () => {
  it('show what a real Tutu page would hold, and expire checkout links', async () => {
    const offer = (await call('search_rail', RAIL)).json.offers[0];
    const link = (await call('create_checkout_link', offer.checkout_ref)).json;
    const page = await fetch(link.checkout_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Демо-страница tutu-sim');
    const expired = new URL(link.checkout_url);
    expired.searchParams.set('exp', '1');
    expect((await fetch(expired)).status).toBe(410);
  });
});
