/**
 * `get_offer_details` on the stand-in. For hotels it lists the rooms with room-level
 * `offerpack_hash`es — the only kind that opens a cart — and, like Tutu, assumes two adults when
 * `adults` is not given. For flights and trains it rebuilds the offer from its reference and adds
 * the fare rules or the seat summary.
 */
import { CITIES } from '../fixtures/cities.ts';
import { ROOM_TYPES } from '../fixtures/hotels.ts';
import { TRAIN_SERVICES } from '../fixtures/rail-timetable.ts';
import { decodeRef, encodeRef } from '../opaque-ref.ts';
import { SimToolError, type SimContext } from '../sim-context.ts';
import { DATA_SOURCE } from './argument-checks.ts';
import { DEFAULT_HOTEL_ADULTS, hotelById, hotelFacts, stayDates } from './search-hotels.ts';
import { soldOut, stayPrice } from './hotel-pricing.ts';
import { legsFromIds, offerRow, type ServiceClass } from './search-avia.ts';
import { trainOnDate, trainRow } from './search-rail.ts';

export interface OfferDetailsArgs {
  product_type: 'hotel' | 'avia' | 'rail' | 'bus';
  offer_id?: string;
  hotel_id?: number;
  hotel_geo_id?: number;
  details_ref?: string;
  check_in?: string;
  check_out?: string;
  adults?: number;
  view?: 'compact' | 'rules' | 'reviews' | 'full';
}

export function offerDetails(args: OfferDetailsArgs, ctx: SimContext) {
  switch (args.product_type) {
    case 'hotel':
      return hotelDetails(args, ctx);
    case 'avia':
      return aviaDetails(args);
    case 'rail':
      return railDetails(args);
    case 'bus':
      throw new SimToolError('Детали автобусных рейсов доступны только в результатах search_bus.');
  }
}

function hotelDetails(args: OfferDetailsArgs, ctx: SimContext) {
  const hotel = hotelById(args.hotel_id ?? args.hotel_geo_id);
  const stay = stayDates(args.check_in, args.check_out, ctx);
  const adults = args.adults ?? DEFAULT_HOTEL_ADULTS;
  const available = !soldOut(hotel, stay.checkIn);
  const rooms = available
    ? ROOM_TYPES[hotel.type].flatMap((room, roomIndex) =>
        hotel.meals.map((meal) => {
          const price = stayPrice(hotel, room, meal, stay.checkIn, stay.checkOut, adults);
          const offerpackHash = encodeRef('rp', { h: hotel.id, r: roomIndex, m: meal, ci: stay.checkIn, co: stay.checkOut, a: adults });
          return {
            room_name: room.name,
            meal,
            price: price.total,
            price_per_night: price.perNight,
            nights: price.nights,
            rooms: price.rooms,
            free_cancellation: hotel.freeCancellation,
            cancellation_note: hotel.freeCancellation ? 'Бесплатная отмена до 14:00 за сутки до заезда.' : 'Невозвратный тариф.',
            offerpack_hash: offerpackHash,
            checkout_ref: { product_type: 'hotel', offerpack_hash: offerpackHash },
          };
        }),
      )
    : [];
  rooms.sort((a, b) => a.price - b.price);
  return {
    meta: {
      product: 'hotel',
      check_in: stay.checkIn,
      check_out: stay.checkOut,
      adults,
      pricing: { basis: 'party_total', currency: 'RUB' },
      data_source: DATA_SOURCE,
      ...(available ? {} : { note: 'На эти даты свободных номеров нет.' }),
    },
    hotel: hotelFacts(hotel, true),
    rooms,
    ...(args.view === 'reviews' || args.view === 'full' ? { reviews_summary: `Средняя оценка ${hotel.rating} по ${hotel.reviews} отзывам.` } : {}),
  };
}

function aviaDetails(args: OfferDetailsArgs) {
  const fields = args.offer_id ? decodeRef('av', args.offer_id) : undefined;
  const there = typeof fields?.there === 'string' ? legsFromIds(fields.there) : undefined;
  if (!fields || !there) throw new SimToolError('Предложение не найдено или устарело. Повторите поиск.');
  const back = typeof fields.back === 'string' ? legsFromIds(fields.back) : undefined;
  const party = { adults: Number(fields.a), children: Number(fields.c), infants: Number(fields.i) };
  const row = offerRow({ there, ...(back ? { back } : {}), party, serviceClass: fields.k as ServiceClass });
  const lowCost = row.baggage.startsWith('только');
  return {
    meta: { product: 'avia', pricing: { basis: 'party_total', currency: 'RUB' }, data_source: DATA_SOURCE },
    offer: row,
    fare_rules: {
      refundable: !lowCost,
      exchangeable: true,
      exchange_fee: lowCost ? 2500 : 0,
      baggage: row.baggage,
    },
  };
}

function railDetails(args: OfferDetailsArgs) {
  const fields = args.details_ref ? decodeRef('rd', args.details_ref) : undefined;
  const service = TRAIN_SERVICES.find((s) => s.number === fields?.n && s.from === fields?.f && s.to === fields?.t);
  if (!fields || !service || typeof fields.d !== 'string') throw new SimToolError('Поезд не найден. Повторите поиск.');
  const passengers = Number(fields.p) || 1;
  const train = trainOnDate(service, fields.d, passengers);
  return {
    meta: { product: 'rail', pricing: { basis: 'per_seat', currency: 'RUB' }, data_source: DATA_SOURCE },
    train: trainRow(train, passengers),
    route: { from: CITIES.find((c) => c.key === service.from)!.name, to: CITIES.find((c) => c.key === service.to)!.name, stops_listed: false },
    rules: 'Электронная регистрация доступна. Возврат — не позднее чем за 6 часов до отправления.',
  };
}

/** A seat map: free seats per car, derived from the same availability as the search. */
export function railSeatmap(detailsRef: string) {
  const fields = decodeRef('rd', detailsRef);
  const service = TRAIN_SERVICES.find((s) => s.number === fields?.n && s.from === fields?.f && s.to === fields?.t);
  if (!fields || !service || typeof fields.d !== 'string') throw new SimToolError('Поезд не найден. Повторите поиск.');
  const train = trainOnDate(service, fields.d, 1);
  const cars = train.seats.flatMap((seat, index) => {
    const carCount = Math.max(1, Math.ceil(seat.available / 40));
    return Array.from({ length: carCount }, (_, car) => {
      const inThisCar = Math.min(40, seat.available - car * 40);
      return {
        car_number: String(index * 4 + car + 1).padStart(2, '0'),
        category: seat.category,
        price: seat.price,
        free_seats: Array.from({ length: inThisCar }, (_, i) => i * 2 + 1 + (car % 2)),
      };
    });
  });
  return { meta: { product: 'rail', train_number: service.number, date: fields.d, data_source: DATA_SOURCE }, cars };
}
