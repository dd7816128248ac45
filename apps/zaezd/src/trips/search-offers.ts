/**
 * The five Tutu searches a trip needs — trains there and back, round-trip flights, hotels for
 * the full and the late stay — run concurrently. Each one succeeds or fails on its own: a failed
 * search becomes a line in the coverage note, never a guessed offer, and the others still count.
 */
import { cityByKey, type City } from '../geo/cities.ts';
import { UpstreamError, type FlightOffer, type HotelOffer, type Search, type TrainOffer, type TutuClient } from '../tutu/index.ts';
import type { TravelPlan } from './travel-plan.ts';
import type { TripRequest } from './trip-request.ts';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: UpstreamError };

export interface OfferSearches {
  origin: City;
  destination: City;
  railThere: Outcome<Search<TrainOffer>>;
  railBack: Outcome<Search<TrainOffer>>;
  flights: Outcome<Search<FlightOffer>>;
  hotelsFull: Outcome<Search<HotelOffer>>;
  hotelsLate: Outcome<Search<HotelOffer>>;
}

async function outcome<T>(search: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await search };
  } catch (error) {
    if (error instanceof UpstreamError) return { ok: false, error };
    throw error;
  }
}

export async function searchOffers(tutu: TutuClient, request: TripRequest, destinationKey: City['key'], plan: TravelPlan): Promise<OfferSearches> {
  const origin = cityByKey(request.origin);
  const destination = cityByKey(destinationKey);
  const adults = request.adults;
  const [railThere, railBack, flights, hotelsFull, hotelsLate] = await Promise.all([
    outcome(tutu.searchRail(origin, destination, plan.outboundDate, adults)),
    outcome(tutu.searchRail(destination, origin, plan.returnDate, adults)),
    outcome(tutu.searchRoundTripFlights(origin, destination, plan.outboundDate, plan.returnDate, adults)),
    outcome(tutu.searchHotels(destination, plan.fullStay.checkIn, plan.fullStay.checkOut, adults)),
    outcome(tutu.searchHotels(destination, plan.lateStay.checkIn, plan.lateStay.checkOut, adults)),
  ]);
  return { origin, destination, railThere, railBack, flights, hotelsFull, hotelsLate };
}

/**
 * Every search that got no usable answer — Tutu silent, unreachable or garbled — named for error
 * details. A refusal (Tutu answered, with its reason) is not listed: it is an answer, and the
 * coverage note quotes it.
 */
export function failures(searches: OfferSearches): Array<{ search: string; failure: string; message: string }> {
  const named: Array<[string, Outcome<unknown>]> = [
    ['trains there', searches.railThere],
    ['trains back', searches.railBack],
    ['flights', searches.flights],
    ['hotels (full stay)', searches.hotelsFull],
    ['hotels (late stay)', searches.hotelsLate],
  ];
  return named.flatMap(([search, result]) =>
    result.ok || result.error.failure === 'refused' ? [] : [{ search, failure: result.error.failure, message: result.error.message }],
  );
}
