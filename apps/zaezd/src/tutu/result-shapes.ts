/**
 * Defensive readers for Tutu's JSON answers, in the shapes tutu-mcp-server 0.38.0 sends (see the
 * recorded answers the contract tests read). The envelope (the list, with `meta` when present)
 * must be there or the whole answer is malformed; each row is read on its own, and a row that does
 * not fit — no price, a price in another currency, a hotel price that is not the stay's total —
 * is left out and counted rather than failing the search or being guessed at. Unknown fields are
 * ignored, numbers written as strings are accepted.
 */
import * as z from 'zod';
import type { CheckoutLink, FlightDirection, FlightOffer, HotelOffer, HotelRoom, HotelRooms, Search, SearchMeta, SeatOffer, TrainOffer } from './offers.ts';
import { UpstreamError } from './upstream-error.ts';

const amount = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ])
  .pipe(z.number().finite());
const positive = amount.pipe(z.number().positive());
/** Money as Tutu writes it; zaezd quotes roubles only, so another currency does not fit. */
const Money = z.looseObject({ amount: positive, currency: z.literal('RUB').optional() });
const instant = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a date-time');
const optionalText = z
  .string()
  .nullish()
  .transform((s) => s ?? null);
const ref = z.record(z.string(), z.unknown());
const id = z.union([z.string().min(1), z.number().int().transform(String)]);

const Place = z.looseObject({ name: z.string().optional(), also_named: z.array(z.unknown()).optional() });
const Meta = z.looseObject({
  from: Place.optional(),
  to: Place.optional(),
  city: Place.optional(),
  total_matched: amount.nullish(),
  has_more: z.boolean().nullish(),
  upstream_note: z.string().nullish(),
  airport_note: z.string().nullish(),
  note: z.string().nullish(),
  data_source: z.string().nullish(),
});

const Segment = z.looseObject({
  carrier: z.string().nullish(),
  voyage_no: z.string().min(1),
  vehicle_meta: z.looseObject({ name: z.string().nullish() }).nullish(),
});
const Leg = z.looseObject({
  from: z.string(),
  to: z.string(),
  departure_at: instant,
  arrival_at: instant,
  duration_min: amount,
  segments: z.array(Segment).min(1),
});
const Transport = z.looseObject({
  offer_id: id,
  price: Money,
  carriers: z.array(z.string()).nullish(),
  legs: z.array(Leg).min(1),
  search_results_url: optionalText,
  checkout_ref: ref,
});
const RailOffer = Transport.extend({
  fares: z
    .looseObject({
      count: amount.nullish(),
      seat_categories: z.record(z.string(), z.looseObject({ count: amount.nullish(), price_from: positive })).nullish(),
    })
    .nullish(),
});
const AviaOffer = Transport.extend({
  variants: z
    .array(z.looseObject({ conditions: z.looseObject({ baggage: z.looseObject({ kg: amount.nullish(), pieces: amount.nullish() }).nullish() }).nullish() }))
    .nullish(),
});

const Hotel = z.looseObject({
  hotel_id: id,
  name: z.string(),
  stars: amount.nullish(),
  rating: amount.nullish(),
  review_count: amount.nullish(),
  address: optionalText,
  location: z.looseObject({ lat: amount, lng: amount }).nullish(),
  checkout_url: optionalText,
  checkout_ref: ref,
  best_offer: z.looseObject({
    price: Money,
    price_basis: z.literal('stay_total'),
    room_name: optionalText,
    meal_name: optionalText,
    free_cancellation: z.boolean().nullish(),
    checkout_url: optionalText,
  }),
});
const Stay = z.looseObject({ nights: amount.pipe(z.number().int().positive()).nullish() });

const Rate = z.looseObject({
  offerpack_hash: z.string().min(1),
  price: Money,
  price_basis: z.literal('stay_total'),
  meal: z.looseObject({ name: z.string().nullish() }).nullish(),
  free_cancellation: z.boolean().nullish(),
  free_cancellation_until: z.string().nullish(),
});
const Room = z.looseObject({ room_name: z.string(), rates: z.array(z.unknown()) });
/** "15:00:00" as Tutu writes it, "15:00" as a traveller reads it. */
const clockTime = z
  .string()
  .nullish()
  .transform((s) => (s ? s.replace(/^(\d{1,2}:\d{2}):\d{2}$/, '$1') : null));
const RoomsHotel = z.looseObject({
  check_in_time: clockTime,
  check_out_time: clockTime,
  amenity_groups: z.array(z.looseObject({ amenities: z.array(z.string()).nullish() })).nullish(),
});

const Link = z.looseObject({
  checkout_url: z.url(),
  kind: z.string().min(1),
  search_results_url: optionalText,
  fallback_url: optionalText,
  fallback_note: optionalText,
});

function envelope(tool: string, answer: unknown, listKey: string): { meta: z.infer<typeof Meta>; list: unknown[] } {
  const meta = z.looseObject({ meta: Meta.nullish() }).safeParse(answer);
  const list = (answer as Record<string, unknown> | null)?.[listKey];
  if (!meta.success || !Array.isArray(list)) throw new UpstreamError('malformed', tool, `Tutu's answer to ${tool} has no readable "${listKey}" list.`);
  return { meta: meta.data.meta ?? {}, list };
}

function searchMeta(meta: z.infer<typeof Meta>, skippedRows: number, searchResultsUrl: string | null): SearchMeta {
  const alsoNamed = [meta.from, meta.to, meta.city].flatMap((p) => (p?.also_named ?? []).filter((n): n is string => typeof n === 'string'));
  return {
    currency: 'RUB',
    totalMatched: meta.total_matched ?? null,
    hasMore: meta.has_more ?? false,
    searchResultsUrl,
    note: meta.upstream_note ?? meta.airport_note ?? meta.note ?? null,
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

function firstUrl(rows: Array<{ searchResultsUrl: string | null }>): string | null {
  return rows.find((r) => r.searchResultsUrl)?.searchResultsUrl ?? null;
}

function seatsOf(offer: z.output<typeof RailOffer>): SeatOffer[] {
  const categories = Object.entries(offer.fares?.seat_categories ?? {});
  if (categories.length === 0) return [{ category: null, price: offer.price.amount, fareCount: offer.fares?.count ?? null }];
  return categories.map(([category, fare]) => ({ category, price: fare.price_from, fareCount: fare.count ?? null })).sort((a, b) => a.price - b.price);
}

export function readRailSearch(answer: unknown): Search<TrainOffer> {
  const { meta, list } = envelope('search_rail', answer, 'offers');
  const { rows, skipped } = readRows(list, RailOffer, (offer): TrainOffer | undefined => {
    // A through train is one leg; a plan with changes between trains is not one ticket to offer.
    if (offer.legs.length !== 1) return undefined;
    const leg = offer.legs[0]!;
    return {
      offerId: offer.offer_id,
      trainNumber: leg.segments.map((s) => s.voyage_no).join(' + '),
      name: leg.segments[0]!.vehicle_meta?.name ?? null,
      carriers: offer.carriers ?? leg.segments.flatMap((s) => (s.carrier ? [s.carrier] : [])),
      departureStation: leg.from,
      arrivalStation: leg.to,
      departureAt: leg.departure_at,
      arrivalAt: leg.arrival_at,
      durationMinutes: leg.duration_min,
      seats: seatsOf(offer),
      searchResultsUrl: offer.search_results_url,
      checkoutRef: offer.checkout_ref,
    };
  });
  return { meta: searchMeta(meta, skipped, firstUrl(rows)), rows };
}

function direction(leg: z.output<typeof Leg>): FlightDirection {
  return {
    flights: leg.segments.map((s) => s.voyage_no),
    from: leg.from,
    to: leg.to,
    departureAt: leg.departure_at,
    arrivalAt: leg.arrival_at,
    durationMinutes: leg.duration_min,
    stops: leg.segments.length - 1,
  };
}

function baggageOf(offer: z.output<typeof AviaOffer>): string | null {
  const baggage = offer.variants?.[0]?.conditions?.baggage;
  if (!baggage || baggage.pieces === null || baggage.pieces === undefined) return null;
  if (baggage.pieces === 0) return 'no checked bag in the cheapest fare';
  return `${baggage.pieces} checked bag(s)${baggage.kg ? ` up to ${baggage.kg} kg` : ''} in the cheapest fare`;
}

export function readAviaSearch(answer: unknown): Search<FlightOffer> {
  const { meta, list } = envelope('search_avia', answer, 'offers');
  const { rows, skipped } = readRows(list, AviaOffer, (offer): FlightOffer | undefined => {
    if (offer.legs.length > 2) return undefined;
    const there = direction(offer.legs[0]!);
    const back = offer.legs[1] ? direction(offer.legs[1]) : null;
    const carriers = offer.carriers ?? [...new Set(offer.legs.flatMap((l) => l.segments.flatMap((s) => (s.carrier ? [s.carrier] : []))))];
    return {
      offerId: offer.offer_id,
      price: offer.price.amount,
      carrier: carriers.join(', ') || 'unnamed carrier',
      direct: there.stops === 0 && (back === null || back.stops === 0),
      baggage: baggageOf(offer),
      there,
      back,
      searchResultsUrl: offer.search_results_url,
      checkoutRef: offer.checkout_ref,
    };
  });
  return { meta: searchMeta(meta, skipped, firstUrl(rows)), rows };
}

export function readHotelSearch(answer: unknown): Search<HotelOffer> {
  const { meta, list } = envelope('search_hotels', answer, 'hotels');
  const stay = Stay.safeParse((answer as { stay?: unknown }).stay ?? {});
  const nights = stay.success ? (stay.data.nights ?? null) : null;
  const { rows, skipped } = readRows(
    list,
    Hotel,
    (hotel): HotelOffer => ({
      hotelId: hotel.hotel_id,
      name: hotel.name,
      stars: hotel.stars ?? null,
      rating: hotel.rating ?? null,
      reviewsCount: hotel.review_count ?? null,
      address: hotel.address,
      coords: hotel.location ? { lat: hotel.location.lat, lon: hotel.location.lng } : null,
      price: hotel.best_offer.price.amount,
      nights,
      roomName: hotel.best_offer.room_name,
      meal: hotel.best_offer.meal_name,
      freeCancellation: hotel.best_offer.free_cancellation ?? null,
      checkoutUrl: hotel.best_offer.checkout_url ?? hotel.checkout_url,
      checkoutRef: hotel.checkout_ref,
    }),
  );
  return { meta: searchMeta(meta, skipped, null), rows };
}

export function readHotelRooms(answer: unknown): HotelRooms {
  const { list } = envelope('get_offer_details', answer, 'rooms');
  const hotel = RoomsHotel.safeParse((answer as { hotel?: unknown }).hotel ?? {});
  const rooms: HotelRoom[] = [];
  let skipped = 0;
  for (const item of list) {
    const room = Room.safeParse(item);
    if (!room.success) {
      skipped += 1;
      continue;
    }
    const rates = readRows(
      room.data.rates,
      Rate,
      (rate): HotelRoom => ({
        roomName: room.data.room_name,
        meal: rate.meal?.name ?? null,
        price: rate.price.amount,
        freeCancellation: rate.free_cancellation ?? null,
        cancellationNote: rate.free_cancellation && rate.free_cancellation_until ? `Free cancellation until ${rate.free_cancellation_until}.` : null,
        offerpackHash: rate.offerpack_hash,
      }),
    );
    skipped += rates.skipped;
    rooms.push(...rates.rows);
  }
  const amenities = hotel.success ? [...new Set((hotel.data.amenity_groups ?? []).flatMap((g) => g.amenities ?? []))] : [];
  return {
    checkInTime: hotel.success ? hotel.data.check_in_time : null,
    checkOutTime: hotel.success ? hotel.data.check_out_time : null,
    amenities,
    rooms,
    skippedRows: skipped,
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
