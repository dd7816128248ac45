/**
 * Every argument object zaezd can send to Tutu is valid against the live server's own input
 * schemas (the recorded `tools/list` of tutu-mcp-server 0.38.0, checked with Ajv): all cities,
 * every party size each mode allows, the hotel-room call, and the checkout fields built from the
 * recorded offers' `checkout_ref`s. Every schema is `additionalProperties: false`, so a renamed
 * or extra field fails here before Tutu could refuse it. The party limits zaezd enforces are the
 * schemas' own maxima.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { CITIES } from '../src/geo/cities.ts';
import { travelPlan } from '../src/trips/travel-plan.ts';
import { PARTY_LIMITS, hotelCheckoutArguments, roundTripCheckoutArguments, transportCheckoutArguments } from '../src/tutu/index.ts';
import { aviaSearchArguments, hotelRoomsArguments, hotelSearchArguments, railSearchArguments } from '../src/tutu/call-arguments.ts';
import { answerOf, recordedTools, recording, recordingsAvailable } from './support/tutu-recordings.ts';

describe.runIf(recordingsAvailable())('zaezd’s arguments against the live Tutu schemas', () => {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv, ['date']);
  const tools = recordedTools();
  const validators = new Map<string, ValidateFunction>(tools.map((t) => [t.name, ajv.compile(t.inputSchema)]));
  const schemaOf = (tool: string) =>
    tools.find((t) => t.name === tool)!.inputSchema as { properties: Record<string, { maximum?: number }>; additionalProperties: boolean };

  function expectValid(tool: string, args: Record<string, unknown>) {
    const validate = validators.get(tool)!;
    const valid = validate(args);
    expect(valid, `${tool}(${JSON.stringify(args)}): ${ajv.errorsText(validate.errors)}`).toBe(true);
  }

  it('every schema refuses unknown arguments, as zaezd assumes', () => {
    for (const tool of ['search_rail', 'search_avia', 'search_hotels', 'get_offer_details', 'create_checkout_link']) {
      expect(schemaOf(tool).additionalProperties).toBe(false);
    }
    expect(validators.get('search_rail')!({ origin: 'Москва', destination: 'Казань', date: '2026-12-01' })).toBe(false);
  });

  it('the party limits are the schemas’ maxima', () => {
    expect(PARTY_LIMITS.rail).toBe(schemaOf('search_rail').properties.passengers!.maximum);
    expect(PARTY_LIMITS.avia).toBe(schemaOf('search_avia').properties.adults!.maximum);
    expect(PARTY_LIMITS.hotels).toBe(schemaOf('search_hotels').properties.adults!.maximum);
    expect(PARTY_LIMITS.hotels).toBe(schemaOf('get_offer_details').properties.adults!.maximum);
  });

  it('searches for every city pair and every party each mode allows', () => {
    const plan = travelPlan({ from: '2026-12-05', to: '2026-12-06' });
    for (const from of CITIES) {
      for (const to of CITIES) {
        if (from === to) continue;
        for (let party = 1; party <= PARTY_LIMITS.rail; party += 1) expectValid('search_rail', railSearchArguments(from, to, plan.outboundDate, party));
        for (let party = 1; party <= PARTY_LIMITS.avia; party += 1)
          expectValid('search_avia', aviaSearchArguments(from, to, plan.outboundDate, plan.returnDate, party));
      }
      for (let party = 1; party <= PARTY_LIMITS.hotels; party += 1) {
        expectValid('search_hotels', hotelSearchArguments(from, plan.fullStay.checkIn, plan.fullStay.checkOut, party));
        expectValid('get_offer_details', hotelRoomsArguments('8601075', plan.lateStay.checkIn, plan.lateStay.checkOut, party));
      }
    }
  });

  it('checkout fields built from the recorded offers’ checkout_ref', () => {
    const rail = answerOf(recording('search_rail', 'spb_msk_basic')) as { offers: Array<{ checkout_ref: Record<string, unknown> }> };
    const avia = answerOf(recording('search_avia', 'msk_spb_basic')) as { offers: Array<{ checkout_ref: Record<string, unknown>; departure_at: string }> };
    const hotels = answerOf(recording('search_hotels', 'spb_basic')) as { hotels: Array<{ checkout_ref: Record<string, unknown> }> };
    const rooms = answerOf(recording('get_offer_details', 'hotel_basic')) as { rooms: Array<{ rates: Array<{ offerpack_hash: string }> }> };
    for (let party = 1; party <= PARTY_LIMITS.rail; party += 1)
      for (const offer of rail.offers) expectValid('create_checkout_link', transportCheckoutArguments(offer.checkout_ref, party));
    for (let party = 1; party <= PARTY_LIMITS.avia; party += 1) {
      for (const offer of avia.offers) expectValid('create_checkout_link', roundTripCheckoutArguments(offer.checkout_ref, party, offer.departure_at));
    }
    const roomHash = rooms.rooms[0]!.rates[0]!.offerpack_hash;
    for (const hotel of hotels.hotels) {
      expectValid('create_checkout_link', hotelCheckoutArguments(hotel.checkout_ref, null));
      expectValid('create_checkout_link', hotelCheckoutArguments(hotel.checkout_ref, roomHash));
    }
  });
});
