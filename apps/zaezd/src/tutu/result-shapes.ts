/**
 * Defensive readers for Tutu's JSON answers. The envelope (`meta` plus a list) must be there or
 * the whole answer is malformed; each row is read on its own, and a row that does not fit is left
 * out and counted rather than failing the search or being guessed at. Unknown fields are ignored,
 * numbers written as strings are accepted.
 */
import * as z from 'zod';
import type { CheckoutLink, FlightDirection, FlightOffer, HotelOffer, HotelRoom, HotelRooms, Search, SearchMeta, TrainOffer } from './offers.ts';
import { UpstreamError } from './upstream-error.ts';

const amount = z.union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)]).pipe(z.number().finite());
const price = amount.pipe(z.number().positive());
const instant = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a date-time');
const optionalText = z.string().nullish().transform((s) => s ?? null);
const ref = z.record(z.string(), z.unknown());

const Place = z.looseObject({ name: z.string().optional(), also_named: z.array(z.unknown()).optional() });
const Meta = z.looseObject({
  from: Place.optional(),
  to: Place.optional(),
  city: Place.optional(),
  pricing: z.looseObject({ basis: z.string().optional(), currency: z.string().optional() }).optional(),
  total_matched: amount.optional(),
  has_more: z.boolean().optional(),
  search_results_url: z.string().optional(),
  note: z.string().optional(),
  data_source: z.string().optional(),
});

const Seat = z.looseObject({ category: z.string(), price, available: amount.nullish(), checkout_ref: ref });
const Train = z.looseObject({
  train_number: z.string(),
  name: optionalText,
  departure_station: z.string(),
  arrival_station: z.string(),
  departure_at: instant,
  arrival_at: instant,
  duration_minutes: amount,
  seats: z.array(z.unknown()),
});

const Direction = z.looseObject({
  segments: z.array(z.looseObject({ flight_number: z.string(), from: z.string().optional(), to: z.string().optional() })).min(1),
  departure_at: instant,
  arrival_at: instant,
  duration_minutes: amount,
  stops: amount.optional(),
});
const Flight = z.looseObject({
  offer_id: z.string(),
  price,
  carrier: z.string(),
  direct: z.boolean().optional(),
  baggage: optionalText,
  there: Direction,
  back: Direction.optional(),
  checkout_ref: ref,
});

const Hotel = z.looseObject({
  hotel_id: amount,
  name: z.string(),
  stars: amount.nullish(),
  rating: amount.nullish(),
  reviews_count: amount.nullish(),
  address: optionalText,
  coords: z.looseObject({ lat: amount, lon: amount }).nullish(),
  hotel_type: optionalText,
  free_cancellation: z.boolean().nullish(),
  best_offer: z.looseObject({
    price,
    price_per_night: amount.nullish(),
    nights: amount.nullish(),
    room_name: optionalText,
    meal: optionalText,
    offerpack_hash: optionalText,
    checkout_url: optionalText,
  }),
});

const Room = z.looseObject({
  room_name: z.string(),
  meal: optionalText,
  price,
  price_per_night: amount.nullish(),
  free_cancellation: z.boolean().nullish(),
  cancellation_note: optionalText,
  checkout_ref: ref,
});

const Link = z.looseObject({
  checkout_url: z.url(),
  kind: z.string().min(1),
  search_results_url: optionalText,
  fallback_url: optionalText,
  fallback_note: optionalText,
});

function envelope(tool: string, answer: unknown, listKey: string): { meta: z.infer<typeof Meta>; list: unknown[] } {
  const meta = z.looseObject({ meta: Meta.optional() }).safeParse(answer);
  const list = (answer as Record<string, unknown> | null)?.[listKey];
  if (!meta.success || !Array.isArray(list)) throw new UpstreamError('malformed', tool, `Tutu's answer to ${tool} has no readable "${listKey}" list.`);
  return { meta: meta.data.meta ?? {}, list };
}

function searchMeta(meta: z.infer<typeof Meta>, skippedRows: number): SearchMeta {
  const alsoNamed = [meta.from, meta.to, meta.city].flatMap((p) => (p?.also_named ?? []).filter((n): n is string => typeof n === 'string'));
  return {
    pricingBasis: meta.pricing?.basis ?? null,
    currency: meta.pricing?.currency ?? null,
    totalMatched: meta.total_matched ?? null,
    hasMore: meta.has_more ?? false,
    searchResultsUrl: meta.search_results_url ?? null,
    note: meta.note ?? null,
    alsoNamed,
    dataSource: meta.data_source ?? null,
    skippedRows,
  };
}

function readRows<S extends z.ZodType, T>(list: unknown[], schema: S, convert: (row: z.output<S>) => T | undefined): { rows: T[]; skipped: number } {
  const rows: T[] = [];
  let skipped = 0;
  for (const item of list) {
    const parsed = schema.safeParse(item);
    const row = parsed.success ? convert(parsed.data) : undefined;
    if (row === undefined) skipped += 1;
    else rows.push(row);
  }
  return { rows, skipped };
}

export function readRailSearch(answer: unknown): Search<TrainOffer> {
  const { meta, list } = envelope('search_rail', answer, 'trains');
  let skippedSeats = 0;
  const { rows, skipped } = readRows(list, Train, (train) => {
    const seats = readRows(train.seats, Seat, (seat) => ({ category: seat.category, price: seat.price, available: seat.available ?? null, checkoutRef: seat.checkout_ref }));
    skippedSeats += seats.skipped;
    return {
      trainNumber: train.train_number,
      name: train.name,
      departureStation: train.departure_station,
      arrivalStation: train.arrival_station,
      departureAt: train.departure_at,
      arrivalAt: train.arrival_at,
      durationMinutes: train.duration_minutes,
      seats: seats.rows,
    };
  });
  return { meta: searchMeta(meta, skipped + skippedSeats), rows };
}

function direction(d: z.output<typeof Direction>): FlightDirection {
  const first = d.segments[0]!;
  const last = d.segments[d.segments.length - 1]!;
  return {
    flights: d.segments.map((s) => s.flight_number),
    from: first.from ?? null,
    to: last.to ?? null,
    departureAt: d.departure_at,
    arrivalAt: d.arrival_at,
    durationMinutes: d.duration_minutes,
    stops: d.stops ?? d.segments.length - 1,
  };
}

export function readAviaSearch(answer: unknown): Search<FlightOffer> {
  const { meta, list } = envelope('search_avia', answer, 'offers');
  const { rows, skipped } = readRows(list, Flight, (offer) => {
    const there = direction(offer.there);
    const back = offer.back ? direction(offer.back) : null;
    return {
      offerId: offer.offer_id,
      price: offer.price,
      carrier: offer.carrier,
      direct: offer.direct ?? (there.stops === 0 && (back === null || back.stops === 0)),
      baggage: offer.baggage,
      there,
      back,
      checkoutRef: offer.checkout_ref,
    };
  });
  return { meta: searchMeta(meta, skipped), rows };
}

export function readHotelSearch(answer: unknown): Search<HotelOffer> {
  const { meta, list } = envelope('search_hotels', answer, 'hotels');
  const { rows, skipped } = readRows(list, Hotel, (hotel) => ({
    hotelId: hotel.hotel_id,
    name: hotel.name,
    stars: hotel.stars ?? null,
    rating: hotel.rating ?? null,
    reviewsCount: hotel.reviews_count ?? null,
    address: hotel.address,
    coords: hotel.coords ? { lat: hotel.coords.lat, lon: hotel.coords.lon } : null,
    hotelType: hotel.hotel_type,
    price: hotel.best_offer.price,
    pricePerNight: hotel.best_offer.price_per_night ?? null,
    nights: hotel.best_offer.nights ?? null,
    roomName: hotel.best_offer.room_name,
    meal: hotel.best_offer.meal,
    freeCancellation: hotel.free_cancellation ?? null,
    offerpackHash: hotel.best_offer.offerpack_hash,
    checkoutUrl: hotel.best_offer.checkout_url,
  }));
  return { meta: searchMeta(meta, skipped), rows };
}

export function readHotelRooms(answer: unknown): HotelRooms {
  const { meta, list } = envelope('get_offer_details', answer, 'rooms');
  const hotel = z.looseObject({
    check_in_time: optionalText,
    check_out_time: optionalText,
    amenities: z.array(z.string()).optional(),
  }).safeParse((answer as { hotel?: unknown }).hotel ?? {});
  const { rows, skipped } = readRows(list, Room, (room): HotelRoom => ({
    roomName: room.room_name,
    meal: room.meal,
    price: room.price,
    pricePerNight: room.price_per_night ?? null,
    freeCancellation: room.free_cancellation ?? null,
    cancellationNote: room.cancellation_note,
    checkoutRef: room.checkout_ref,
  }));
  return {
    meta: searchMeta(meta, skipped),
    checkInTime: hotel.success ? hotel.data.check_in_time : null,
    checkOutTime: hotel.success ? hotel.data.check_out_time : null,
    amenities: hotel.success ? (hotel.data.amenities ?? []) : [],
    rooms: rows,
  };
}

export function readCheckoutLink(answer: unknown): CheckoutLink {
  const link = Link.safeParse(answer);
  if (!link.success) throw new UpstreamError('malformed', 'create_checkout_link', 'Tutu answered create_checkout_link without a usable checkout_url and kind.');
  return {
    url: link.data.checkout_url,
    kind: link.data.kind,
    searchResultsUrl: link.data.search_results_url,
    fallbackUrl: link.data.fallback_url,
    fallbackNote: link.data.fallback_note,
  };
}
