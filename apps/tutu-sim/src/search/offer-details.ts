/**
 * `get_offer_details` on the stand-in, in tutu-mcp-server 0.38.0's shapes. For hotels:
 * `{hotel, stay, rooms[], filters_available}` — each room with `price_from` and its `rates[]`,
 * every rate priced for the whole stay (`price_basis: "stay_total"`) with a room-level
 * `offerpack_hash`, the only kind that mints a cart; like Tutu it assumes two adults when
 * `adults` is not given. For a train it reads the search offer's `details_ref` and lists the fares
 * by car category; for a flight it reformats the offer passed as `details_ref`.
 */
import { HOTELS, ROOM_TYPES, type Hotel } from '../fixtures/hotels.ts';
import { TRAIN_SERVICES } from '../fixtures/rail-timetable.ts';
import { decodeRef, encodeRef } from '../opaque-ref.ts';
import { SimToolError, type SimContext } from '../sim-context.ts';
import { DATA_SOURCE } from './argument-checks.ts';
import { hotelAlias, hotelById, hotelLocation, hotelPageUrl, mealName, stayDates } from './search-hotels.ts';
import { soldOut, stayPrice } from './hotel-pricing.ts';
import { trainOnDate } from './search-rail.ts';

export interface OfferDetailsArgs {
  product_type: 'hotels' | 'avia' | 'rail' | 'railway' | 'bus' | 'etrain';
  offer_id?: string | null;
  hotel_id?: string | null;
  hotel_geo_id?: string | null;
  details_ref?: Record<string, unknown> | null;
  check_in?: string | null;
  check_out?: string | null;
  adults?: number;
  view?: 'compact' | 'rules' | 'reviews' | 'full';
}

/** Tutu's details assume two adults unless told otherwise: a client must always pass `adults`. */
export const DEFAULT_DETAILS_ADULTS = 2;

export function offerDetails(args: OfferDetailsArgs, ctx: SimContext) {
  switch (args.product_type) {
    case 'hotels':
      return hotelDetails(args, ctx);
    case 'rail':
    case 'railway':
      return railDetails(args.details_ref);
    case 'avia':
      if (!args.details_ref) throw new SimToolError('Для avia передайте выбранное предложение в details_ref.');
      return { transport: 'avia', source: { read_only: true }, offer: args.details_ref, data_source: DATA_SOURCE };
    case 'bus':
    case 'etrain':
      throw new SimToolError(`Детали для ${args.product_type} доступны только в результатах поиска.`);
  }
}

function amenityGroups(hotel: Hotel) {
  return [{ group_name: 'Удобства', amenities: hotel.amenities }];
}

function hotelDetails(args: OfferDetailsArgs, ctx: SimContext) {
  const id = args.offer_id ?? args.hotel_id ?? args.hotel_geo_id;
  if (!id) throw new SimToolError('Для hotels нужен hotel_id (или offer_id / hotel_geo_id) из search_hotels.');
  const hotel = hotelById(id);
  const stay = stayDates(args.check_in, args.check_out, ctx);
  const adults = args.adults ?? DEFAULT_DETAILS_ADULTS;
  const available = !soldOut(hotel, stay.checkIn);
  const pageUrl = hotelPageUrl(ctx, hotel, stay, adults);
  const rooms = available
    ? ROOM_TYPES[hotel.type].map((room, roomIndex) => {
        const rates = hotel.meals
          .map((meal) => {
            const price = stayPrice(hotel, room, meal, stay.checkIn, stay.checkOut, adults);
            return {
              offerpack_hash: encodeRef('rp', { h: hotel.id, r: roomIndex, m: meal, ci: stay.checkIn, co: stay.checkOut, a: adults }),
              price: { amount: price.total, currency: 'RUB' },
              price_basis: 'stay_total',
              meal: { included: meal === 'BB', name: mealName(meal), type: meal === 'BB' ? 'breakfast' : 'nomeal' },
              breakfast_included: meal === 'BB',
              free_cancellation: hotel.freeCancellation,
              free_cancellation_until: hotel.freeCancellation ? `${stay.checkIn}T11:00:00Z` : null,
              checkout_url: pageUrl,
            };
          })
          .sort((a, b) => a.price.amount - b.price.amount);
        return { room_name: room.name, price_from: { ...rates[0]!.price, price_basis: 'stay_total' }, rates };
      })
    : [];
  return {
    hotel: {
      hotel_id: String(hotel.id),
      name: hotel.name,
      address: hotel.address,
      stars: hotel.stars,
      rating: hotel.rating,
      review_count: hotel.reviews,
      check_in_time: '14:00:00',
      check_out_time: '12:00:00',
      amenity_groups: amenityGroups(hotel),
      location: hotelLocation(hotel),
      alias: hotelAlias(hotel),
    },
    stay: {
      check_in: stay.checkIn,
      check_out: stay.checkOut,
      nights: Math.round((Date.parse(stay.checkOut) - Date.parse(stay.checkIn)) / 86_400_000),
      guests: { adults, children_ages: [] },
    },
    rooms: rooms.sort((a, b) => a.price_from.amount - b.price_from.amount),
    filters_available: [],
    ...(available ? {} : { note: 'На эти даты свободных номеров нет.' }),
    data_source: DATA_SOURCE,
  };
}

/** The train a search offer's `details_ref` (or `checkout_ref`) names, rebuilt from its offer hash. */
export function trainOfRef(ref: Record<string, unknown> | null | undefined) {
  const fields = typeof ref?.offer_hash === 'string' ? decodeRef('rd', ref.offer_hash) : undefined;
  const service = TRAIN_SERVICES.find((s) => s.number === fields?.n && s.from === fields?.f && s.to === fields?.t);
  if (!fields || !service || typeof fields.d !== 'string') return undefined;
  return trainOnDate(service, fields.d, 1);
}

function railDetails(ref: Record<string, unknown> | null | undefined) {
  const train = trainOfRef(ref);
  if (!train) throw new SimToolError('Поезд не найден: передайте details_ref из search_rail без изменений.');
  return {
    transport: 'railway',
    source: { read_only: true },
    summary: {
      title: `Поезд ${train.service.number}${train.service.name ? ` ${train.service.name}` : ''}`,
      from: { station: train.service.fromStation },
      to: { station: train.service.toStation },
    },
    variants: train.seats.map((seat) => ({
      price: { amount: seat.price, currency: 'RUB' },
      fare_type: 'REFUNDABLE',
      car_type: seat.category,
      seats_count: seat.available,
    })),
    warnings: [],
    data_source: DATA_SOURCE,
  };
}

/** A seat map: free seats per car, derived from the same availability as the search. */
export function railSeatmap(ref: Record<string, unknown>) {
  const train = trainOfRef(ref);
  if (!train) throw new SimToolError('Поезд не найден: передайте details_ref из search_rail без изменений.');
  const cars = train.seats.flatMap((seat, index) => {
    const carCount = Math.max(1, Math.ceil(seat.available / 40));
    return Array.from({ length: carCount }, (_, car) => {
      const inThisCar = Math.min(40, seat.available - car * 40);
      return {
        car_number: String(index * 4 + car + 1).padStart(2, '0'),
        car_type: seat.category,
        price: { amount: seat.price, currency: 'RUB' },
        seats: Array.from({ length: inThisCar }, (_, i) => ({ number: String(i * 2 + 1 + (car % 2)) })),
      };
    });
  });
  return { train_number: train.service.number, date: train.date, cars, data_source: DATA_SOURCE };
}

export function hotelOfAlias(alias: unknown): Hotel | undefined {
  return HOTELS.find((h) => hotelAlias(h) === alias);
}
