/**
 * One contract, two upstreams: the live Tutu server's recorded answers (tutu-mcp-server 0.38.0,
 * read from shared/reference/tutu-recorded) and tutu-sim's answers to the arguments zaezd itself
 * builds go through the same readers and the same assertions — offers with prices and legs,
 * hotels with coordinates and a stay total, rooms with rates, checkout links with their kind —
 * and come out as the same kinds of rows. The stand-in's tools/list carries the recorded input
 * schemas (its descriptions are its own), and it refuses bad arguments in the same words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, loopbackOrigins, type RunningServer } from '@agent-products/kit/http';
import { createLogger } from '@agent-products/kit/log';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createTutuSim, type TutuSim } from '@agent-products/tutu-sim';
import { cityByKey } from '../src/geo/cities.ts';
import { CHECKOUT_LABELS } from '../src/trips/checkout-labels.ts';
import { McpToolCaller, hotelCheckoutArguments, roundTripCheckoutArguments, transportCheckoutArguments } from '../src/tutu/index.ts';
import { aviaSearchArguments, hotelRoomsArguments, hotelSearchArguments, railSearchArguments } from '../src/tutu/call-arguments.ts';
import { parseToolResult } from '../src/tutu/mcp-tool-caller.ts';
import type { CheckoutLink, FlightOffer, HotelOffer, HotelRooms, Search, TrainOffer } from '../src/tutu/offers.ts';
import { readAviaSearch, readCheckoutLink, readHotelRooms, readHotelSearch, readRailSearch } from '../src/tutu/result-shapes.ts';
import { answerOf, recordedTools, recording, recordingsOf, recordingsAvailable, type Recording } from './support/tutu-recordings.ts';
import { TEST_NOW } from './support/start-stack.ts';

const instant = (s: string) => !Number.isNaN(Date.parse(s));
const keys = (row: object) => Object.keys(row).sort();

function expectTrains(search: Search<TrainOffer>) {
  expect(search.rows.length).toBeGreaterThan(0);
  expect(search.meta.skippedRows).toBe(0);
  expect(search.meta.searchResultsUrl).toMatch(/^https?:\/\//);
  for (const train of search.rows) {
    expect(train.trainNumber).not.toBe('');
    expect(instant(train.departureAt) && instant(train.arrivalAt)).toBe(true);
    expect(Date.parse(train.arrivalAt)).toBeGreaterThan(Date.parse(train.departureAt));
    expect(train.durationMinutes).toBeGreaterThan(0);
    expect(train.seats.length).toBeGreaterThan(0);
    for (const seat of train.seats) expect(seat.price).toBeGreaterThan(0);
    expect(train.checkoutRef).toMatchObject({ transport: 'railway', train_number: expect.any(String), departure_at: train.departureAt });
  }
}

function expectFlights(search: Search<FlightOffer>, roundTrip: boolean) {
  expect(search.rows.length).toBeGreaterThan(0);
  expect(search.meta.skippedRows).toBe(0);
  for (const offer of search.rows) {
    expect(offer.price).toBeGreaterThan(0);
    expect(offer.there.flights.length).toBeGreaterThan(0);
    expect(instant(offer.there.departureAt)).toBe(true);
    expect(offer.back !== null).toBe(roundTrip);
    expect(offer.searchResultsUrl).toMatch(/^https?:\/\//);
    expect(offer.checkoutRef).toMatchObject({ transport: 'avia', offer_hash: expect.any(String), passengers_full: expect.any(Number) });
  }
}

function expectHotels(search: Search<HotelOffer>) {
  expect(search.rows.length).toBeGreaterThan(0);
  expect(search.meta.skippedRows).toBe(0);
  for (const hotel of search.rows) {
    expect(hotel.hotelId).toMatch(/^\d+$/);
    expect(hotel.coords).toEqual({ lat: expect.any(Number), lon: expect.any(Number) });
    expect(hotel.price).toBeGreaterThan(0);
    expect(hotel.nights).toBeGreaterThan(0);
    expect(hotel.checkoutRef).toMatchObject({ transport: 'hotels', check_in: expect.any(String), check_out: expect.any(String), adults: expect.any(Number) });
  }
}

function expectRooms(rooms: HotelRooms) {
  expect(rooms.rooms.length).toBeGreaterThan(0);
  expect(rooms.skippedRows).toBe(0);
  expect(rooms.checkInTime).toMatch(/^\d\d:\d\d$/);
  for (const rate of rooms.rooms) {
    expect(rate.roomName).not.toBe('');
    expect(rate.price).toBeGreaterThan(0);
    expect(rate.offerpackHash).not.toBe('');
  }
}

function expectLink(link: CheckoutLink) {
  expect(Object.keys(CHECKOUT_LABELS)).toContain(link.kind);
  expect(link.url).toMatch(/^https?:\/\//);
}

/** The rows and what each side produced of them, compared by kind (field names) across sides. */
interface Produced {
  trains: Search<TrainOffer>;
  flights: Search<FlightOffer>;
  hotels: Search<HotelOffer>;
  rooms: HotelRooms;
  links: CheckoutLink[];
}

describe.runIf(recordingsAvailable())('Tutu contract: the recordings and tutu-sim', () => {
  let simServer: RunningServer;
  let sim: TutuSim;
  let caller: McpToolCaller;
  const produced: Partial<Record<'recorded' | 'sim', Produced>> = {};

  beforeAll(async () => {
    simServer = await listen((request) => sim.app.fetch(request), 0);
    sim = createTutuSim({
      log: createLogger({ name: 'contract-test', level: 'silent' }),
      allowedOrigins: loopbackOrigins(simServer.port),
      publicUrl: () => simServer.url,
      control: { latencyMs: 0, faults: [], hangMs: 1000 },
      clock: () => TEST_NOW,
    });
    caller = new McpToolCaller({
      url: `${simServer.url}/mcp`,
      timeoutMs: 5000,
      retries: 0,
      backoffMs: 10,
      cacheTtlMs: 0,
      log: createLogger({ name: 'contract-test', level: 'silent' }),
      clientName: 'contract-test',
      clientVersion: '1',
    });
  });
  afterAll(async () => {
    await caller?.close();
    await simServer?.close();
    await sim?.close();
  });

  it('the recorded answers read into offers with prices and legs, hotels with coordinates and stay totals, room rates and links', () => {
    const trains = readRailSearch(answerOf(recording('search_rail', 'spb_msk_basic')));
    expectTrains(trains);
    expect(readRailSearch(answerOf(recording('search_rail', 'spb_msk_price_max'))).rows.every((t) => t.seats[0]!.price <= 3000)).toBe(true);
    expect(readRailSearch(answerOf(recording('search_rail', 'spb_msk_no_such_train')))).toMatchObject({ rows: [], meta: { skippedRows: 0 } });
    const flights = readAviaSearch(answerOf(recording('search_avia', 'msk_spb_basic')));
    expectFlights(flights, false);
    const hotels = readHotelSearch(answerOf(recording('search_hotels', 'spb_basic')));
    expectHotels(hotels);
    const rooms = readHotelRooms(answerOf(recording('get_offer_details', 'hotel_basic')));
    expectRooms(rooms);
    const links = recordingsOf('create_checkout_link')
      .filter((r) => !r.result.is_error)
      .map((r) => readCheckoutLink(answerOf(r)));
    expect(links.length).toBeGreaterThanOrEqual(3);
    links.forEach(expectLink);
    produced.recorded = { trains, flights, hotels, rooms, links };
  });

  it('the recorded prices are read as Tutu states them: rail per seat, a hotel for the whole stay', () => {
    const rail = answerOf(recording('search_rail', 'spb_msk_basic')) as { offers: Array<{ price: { amount: number } }> };
    expect(readRailSearch(rail).rows.map((t) => t.seats[0]!.price)).toEqual(rail.offers.map((o) => o.price.amount));
    const recorded = answerOf(recording('search_hotels', 'spb_basic')) as {
      stay: { nights: number };
      hotels: Array<{ best_offer: { price: { amount: number } } }>;
    };
    const hotels = readHotelSearch(recorded);
    expect(hotels.rows.map((h) => h.price)).toEqual(recorded.hotels.map((h) => h.best_offer.price.amount));
    expect(hotels.rows.every((h) => h.nights === recorded.stay.nights)).toBe(true);
  });

  it('tutu-sim answers zaezd’s own arguments with the same kinds of rows', async () => {
    const [msk, spb] = [cityByKey('msk'), cityByKey('spb')];
    const trains = readRailSearch(await caller.call('search_rail', railSearchArguments(spb, msk, '2026-12-11', 2), { idempotent: true }));
    expectTrains(trains);
    const flights = readAviaSearch(await caller.call('search_avia', aviaSearchArguments(msk, spb, '2026-12-11', '2026-12-13', 2), { idempotent: true }));
    expectFlights(flights, true);
    const hotels = readHotelSearch(await caller.call('search_hotels', hotelSearchArguments(spb, '2026-12-11', '2026-12-13', 2), { idempotent: true }));
    expectHotels(hotels);
    const hotel = hotels.rows[0]!;
    const rooms = readHotelRooms(
      await caller.call('get_offer_details', hotelRoomsArguments(hotel.hotelId, '2026-12-11', '2026-12-13', 2), { idempotent: true }),
    );
    expectRooms(rooms);
    const ask = async (fields: Record<string, unknown>) => readCheckoutLink(await caller.call('create_checkout_link', fields, { idempotent: false }));
    const links = [
      await ask(transportCheckoutArguments(trains.rows[0]!.checkoutRef, 2)),
      await ask(roundTripCheckoutArguments(flights.rows[0]!.checkoutRef, 2, flights.rows[0]!.back!.departureAt)),
      await ask(hotelCheckoutArguments(hotel.checkoutRef, null)),
      await ask(hotelCheckoutArguments(hotel.checkoutRef, rooms.rooms[0]!.offerpackHash)),
    ];
    links.forEach(expectLink);
    expect(links.map((l) => l.kind)).toEqual(['deeplink', 'deeplink', 'deeplink', 'checkout_deeplink']);
    produced.sim = { trains, flights, hotels, rooms, links };
  });

  it('both sides produce rows of the same kinds', () => {
    const { recorded, sim: standIn } = produced;
    expect(recorded && standIn).toBeTruthy();
    expect(keys(standIn!.trains.rows[0]!)).toEqual(keys(recorded!.trains.rows[0]!));
    expect(keys(standIn!.trains.rows[0]!.seats[0]!)).toEqual(keys(recorded!.trains.rows[0]!.seats[0]!));
    expect(keys(standIn!.flights.rows[0]!)).toEqual(keys(recorded!.flights.rows[0]!));
    expect(keys(standIn!.hotels.rows[0]!)).toEqual(keys(recorded!.hotels.rows[0]!));
    expect(keys(standIn!.rooms.rooms[0]!)).toEqual(keys(recorded!.rooms.rooms[0]!));
    expect(keys(standIn!.trains.rows[0]!.checkoutRef)).toEqual(
      expect.arrayContaining(['transport', 'train_number', 'departure_at', 'departure_geo_point_id', 'arrival_geo_point_id']),
    );
    for (const field of ['transport', 'train_number', 'departure_at', 'departure_geo_point_id', 'arrival_geo_point_id'])
      expect(keys(recorded!.trains.rows[0]!.checkoutRef)).toContain(field);
    expect(new Set(standIn!.links.map((l) => l.kind))).toEqual(new Set([...recorded!.links.map((l) => l.kind), 'checkout_deeplink']));
  });

  it('tutu-sim lists the recorded input schemas, with descriptions of its own', async () => {
    const strip = (x: unknown): unknown =>
      Array.isArray(x)
        ? x.map(strip)
        : x && typeof x === 'object'
          ? Object.fromEntries(
              Object.entries(x)
                .filter(([k]) => k !== 'title' && k !== 'description')
                .map(([k, v]) => [k, strip(v)]),
            )
          : x;
    const client = new Client({ name: 'contract-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${simServer.url}/mcp`)));
    try {
      const { tools } = await client.listTools();
      const recorded = recordedTools();
      expect(tools.map((t) => t.name).sort()).toEqual(recorded.map((t) => t.name).sort());
      for (const tool of recorded) {
        const ours = tools.find((t) => t.name === tool.name)!;
        expect(strip(ours.inputSchema), tool.name).toEqual(strip(tool.inputSchema));
        expect(ours.description).not.toBe(tool.description);
        expect(ours.annotations).toMatchObject(tool.annotations ?? {});
      }
    } finally {
      await client.close();
    }
  });

  it('tutu-sim refuses the recorded invalid arguments in the same words, and zaezd reads both as its own defect', async () => {
    const invalid: Recording = recording('search_rail', 'invalid_date');
    expect(invalid.result.is_error).toBe(true);
    const standIn = await caller.call('search_rail', invalid.arguments, { idempotent: false }).then(
      () => undefined,
      (error: { failure: string; upstreamText?: string }) => error,
    );
    expect(standIn?.failure).toBe('invalid_arguments');
    const [recordedHead, recordedField, recordedProblem] = invalid.result.text.split('\n');
    const [simHead, simField, simProblem] = standIn!.upstreamText!.split('\n');
    expect([simHead, simField]).toEqual([recordedHead, recordedField]);
    expect(simProblem!.slice(0, 30)).toBe(recordedProblem!.slice(0, 30));
    const recordedFailure = (() => {
      try {
        parseToolResult('search_rail', { content: [{ type: 'text', text: invalid.result.text }], isError: true });
      } catch (error) {
        return (error as { failure: string }).failure;
      }
    })();
    expect(recordedFailure).toBe('invalid_arguments');
  });
});
