/**
 * The five Tutu searches a trip needs — trains there and back, round-trip flights, hotels for
 * the full and the late stay — run concurrently under one deadline. Each one succeeds or fails
 * on its own: a failed search becomes a line in the coverage note, never a guessed offer, and the
 * others still count. A search Tutu cannot take for this party (more travellers than its schema
 * allows) is not sent at all, and says so.
 */
import { cityByKey, type City } from '../geo/cities.ts';
import { PARTY_LIMITS, UNANSWERED, UpstreamError, type FlightOffer, type HotelOffer, type Search, type TrainOffer, type TutuClient } from '../tutu/index.ts';
import type { TravelPlan } from './travel-plan.ts';
import type { TripRequest } from './trip-request.ts';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: UpstreamError; skipped?: undefined } | { ok: false; skipped: string; error?: undefined };

export interface OfferSearches {
  origin: City;
  destination: City;
  railThere: Outcome<Search<TrainOffer>>;
  railBack: Outcome<Search<TrainOffer>>;
  flights: Outcome<Search<FlightOffer>>;
  hotelsFull: Outcome<Search<HotelOffer>>;
  hotelsLate: Outcome<Search<HotelOffer>>;
}

async function outcome<T>(search: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await search() };
  } catch (error) {
    if (error instanceof UpstreamError) return { ok: false, error };
    throw error;
  }
}

function withinLimit<T>(adults: number, limit: number, what: string, search: () => Promise<T>): Promise<Outcome<T>> {
  if (adults <= limit) return outcome(search);
  return Promise.resolve({ ok: false, skipped: `Tutu sells ${what} for at most ${limit} traveller(s) in one search, so none were searched for ${adults}.` });
}

export async function searchOffers(
  tutu: TutuClient,
  request: TripRequest,
  destinationKey: City['key'],
  plan: TravelPlan,
  deadline?: number,
): Promise<OfferSearches> {
  const origin = cityByKey(request.origin);
  const destination = cityByKey(destinationKey);
  const adults = request.adults;
  const [railThere, railBack, flights, hotelsFull, hotelsLate] = await Promise.all([
    withinLimit(adults, PARTY_LIMITS.rail, 'train tickets', () => tutu.searchRail(origin, destination, plan.outboundDate, adults, deadline)),
    withinLimit(adults, PARTY_LIMITS.rail, 'train tickets', () => tutu.searchRail(destination, origin, plan.returnDate, adults, deadline)),
    withinLimit(adults, PARTY_LIMITS.avia, 'flights', () =>
      tutu.searchRoundTripFlights(origin, destination, plan.outboundDate, plan.returnDate, adults, deadline),
    ),
    withinLimit(adults, PARTY_LIMITS.hotels, 'hotel rooms', () =>
      tutu.searchHotels(destination, plan.fullStay.checkIn, plan.fullStay.checkOut, adults, deadline),
    ),
    withinLimit(adults, PARTY_LIMITS.hotels, 'hotel rooms', () =>
      tutu.searchHotels(destination, plan.lateStay.checkIn, plan.lateStay.checkOut, adults, deadline),
    ),
  ]);
  return { origin, destination, railThere, railBack, flights, hotelsFull, hotelsLate };
}

export interface SearchFailure {
  search: string;
  failure: string;
  message: string;
}

/**
 * Every search that got no usable answer — Tutu silent, unreachable, busy, failing inside, or
 * refusing what zaezd sent — named for error details. A refusal (Tutu answered, with its reason
 * about the request) is not listed: it is an answer, and the coverage note quotes it.
 */
export function failures(searches: OfferSearches): SearchFailure[] {
  const named: Array<[string, Outcome<unknown>]> = [
    ['trains there', searches.railThere],
    ['trains back', searches.railBack],
    ['flights', searches.flights],
    ['hotels (full stay)', searches.hotelsFull],
    ['hotels (late stay)', searches.hotelsLate],
  ];
  return named.flatMap(([search, result]) =>
    result.ok || !result.error || !UNANSWERED.has(result.error.failure) ? [] : [{ search, failure: result.error.failure, message: result.error.message }],
  );
}
