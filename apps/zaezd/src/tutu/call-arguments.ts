/**
 * The argument objects zaezd sends to Tutu, built in one place so a test can check every one of
 * them against the live server's input schemas (every schema is `additionalProperties: false`,
 * and values out of range are refused). Place names are Russian — Tutu resolves those reliably.
 * The party is always stated: get_offer_details assumes two adults otherwise, and a checkout
 * link without `passengers_*` opens a cart for one adult.
 */
import type { City } from '../geo/cities.ts';

/** The largest party each Tutu search accepts (from its input schema). */
export const PARTY_LIMITS = { rail: 6, avia: 9, hotels: 6 } as const;

/** Tutu's largest page: more trains and hotels to choose packages from in one call. */
const PAGE_SIZE = 30;

export function railSearchArguments(from: City, to: City, date: string, passengers: number): Record<string, unknown> {
  return { origin: from.nameRu, destination: to.nameRu, departure_date: date, passengers, page_size: PAGE_SIZE, sort: 'price_asc' };
}

export function aviaSearchArguments(from: City, to: City, departureDate: string, returnDate: string, adults: number): Record<string, unknown> {
  return {
    origin: from.nameRu,
    destination: to.nameRu,
    departure_date: departureDate,
    return_date: returnDate,
    adults,
    children: 0,
    infants: 0,
    page_size: PAGE_SIZE,
    sort: 'price_asc',
  };
}

export function hotelSearchArguments(city: City, checkIn: string, checkOut: string, adults: number): Record<string, unknown> {
  return { city_name: city.nameRu, check_in: checkIn, check_out: checkOut, adults, page_size: PAGE_SIZE };
}

export function hotelRoomsArguments(hotelId: string, checkIn: string, checkOut: string, adults: number): Record<string, unknown> {
  return { product_type: 'hotels', hotel_id: hotelId, check_in: checkIn, check_out: checkOut, adults };
}

function whole(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

/** A train or flight: its `checkout_ref` verbatim, with the searched party forwarded. */
export function transportCheckoutArguments(checkoutRef: Record<string, unknown>, adults: number): Record<string, unknown> {
  return {
    ...checkoutRef,
    passengers_full: whole(checkoutRef.passengers_full, adults),
    passengers_child: whole(checkoutRef.passengers_child, 0),
    passengers_infant: whole(checkoutRef.passengers_infant, 0),
  };
}

/**
 * A round-trip flight: Tutu's deeplink carries both legs only with `is_round_trip` and
 * `return_departure_at`, which a round-trip search puts in `checkout_ref` already.
 */
export function roundTripCheckoutArguments(checkoutRef: Record<string, unknown>, adults: number, returnDepartureAt: string): Record<string, unknown> {
  return { ...transportCheckoutArguments(checkoutRef, adults), is_round_trip: true, return_departure_at: checkoutRef.return_departure_at ?? returnDepartureAt };
}

/**
 * A hotel: its `checkout_ref` verbatim; with a room rate's `offerpack_hash` Tutu mints a cart
 * (`checkout_deeplink`), without one it opens the hotel's page to pick a room.
 */
export function hotelCheckoutArguments(checkoutRef: Record<string, unknown>, roomOfferpackHash: string | null): Record<string, unknown> {
  return {
    ...checkoutRef,
    ...(checkoutRef.product_type === undefined && checkoutRef.transport === undefined ? { product_type: 'hotels' } : {}),
    ...(roomOfferpackHash ? { offer_pack_hash: roomOfferpackHash } : {}),
  };
}
