/**
 * `search_hotels` on the stand-in: hotels in a city for a stay, each row with its cheapest
 * `best_offer {price, offerpack_hash, checkout_url}`. The hash is hotel-level: it opens the
 * hotel's page, not a cart — a cart needs a room-level hash from get_offer_details, as on Tutu.
 * `price` is the whole stay for the party (`meta.pricing.basis: party_total`); `price_max`
 * filters per night.
 */
import { daysBetween } from '../calendar.ts';
import { HOTELS, ROOM_TYPES, type Hotel, type HotelType, type Meal } from '../fixtures/hotels.ts';
import { encodeRef } from '../opaque-ref.ts';
import { placeMeta, resolvePlace } from '../places.ts';
import { SimToolError, type SimContext } from '../sim-context.ts';
import { demoUrl, searchResultsUrl } from '../demo-urls.ts';
import { DATA_SOURCE, beyondSalesHorizon, pageMeta, paginate, travelDate } from './argument-checks.ts';
import { soldOut, stayPrice } from './hotel-pricing.ts';

export interface HotelArgs {
  city_name?: string;
  geo_id?: number;
  check_in: string;
  check_out: string;
  adults?: number;
  children_ages?: number[];
  page?: number;
  page_size?: number;
  stars?: number[];
  price_max?: number;
  meals?: Meal[];
  hotel_types?: HotelType[];
  min_rating?: number;
  free_cancellation?: boolean;
  breakfast_included?: boolean;
  hotel_amenities?: string[];
  room_amenities?: string[];
  view?: 'compact' | 'full';
}

export const MAX_NIGHTS = 30;
/** Tutu's hotel search assumes two adults unless told otherwise. */
export const DEFAULT_HOTEL_ADULTS = 2;

export interface StayDates {
  checkIn: string;
  checkOut: string;
}

export function stayDates(checkIn: unknown, checkOut: unknown, ctx: SimContext): StayDates {
  const from = travelDate(checkIn, 'check_in', ctx);
  const to = travelDate(checkOut, 'check_out', ctx);
  const nights = daysBetween(from, to);
  if (nights < 1) throw new SimToolError('Дата выезда должна быть позже даты заезда.');
  if (nights > MAX_NIGHTS) throw new SimToolError(`Не больше ${MAX_NIGHTS} ночей в одном поиске.`);
  return { checkIn: from, checkOut: to };
}

export function hotelById(id: unknown): Hotel {
  const hotel = HOTELS.find((h) => h.id === Number(id));
  if (!hotel) throw new SimToolError(`Отель ${String(id)} не найден.`);
  return hotel;
}

export function hotelPageUrl(ctx: SimContext, hotel: Hotel, stay: StayDates, adults: number): string {
  return demoUrl(ctx.publicUrl, `/demo/hotel/${hotel.id}`, { check_in: stay.checkIn, check_out: stay.checkOut, adults });
}

export function hotelFacts(hotel: Hotel, full: boolean) {
  return {
    hotel_id: hotel.id,
    name: hotel.name,
    stars: hotel.stars,
    rating: hotel.rating,
    reviews_count: hotel.reviews,
    address: hotel.address,
    coords: { lat: hotel.lat, lon: hotel.lon },
    hotel_type: hotel.type,
    meals: hotel.meals,
    free_cancellation: hotel.freeCancellation,
    ...(full ? { amenities: hotel.amenities, check_in_time: '14:00', check_out_time: '12:00' } : {}),
  };
}

export function searchHotels(args: HotelArgs, ctx: SimContext) {
  const place = args.city_name !== undefined ? resolvePlace(args.city_name, 'city_name') : args.geo_id !== undefined ? resolvePlace(args.geo_id, 'geo_id') : undefined;
  if (!place) throw new SimToolError('Укажите город: city_name или geo_id.');
  const city = place.city;
  const stay = stayDates(args.check_in, args.check_out, ctx);
  const adults = args.adults ?? DEFAULT_HOTEL_ADULTS;
  const meal: Meal = args.breakfast_included || (args.meals?.length === 1 && args.meals[0] === 'BB') ? 'BB' : 'RO';
  const meta = {
    product: 'hotels',
    city: placeMeta(city),
    check_in: stay.checkIn,
    check_out: stay.checkOut,
    nights: daysBetween(stay.checkIn, stay.checkOut),
    adults,
    pricing: { basis: 'party_total', currency: 'RUB', per_night_field: 'price_per_night' },
    search_results_url: searchResultsUrl(ctx.publicUrl, 'hotels', { city: city.name, check_in: stay.checkIn, check_out: stay.checkOut, adults }),
    ...(args.room_amenities ? { ignored_filters: ['room_amenities'] } : {}),
    data_source: DATA_SOURCE,
  };
  if (beyondSalesHorizon(stay.checkIn, ctx)) {
    return { meta: { ...meta, total_matched: 0, has_more: false, note: 'Бронирование на эти даты ещё не открыто.' }, hotels: [] };
  }

  const rows = HOTELS.filter((h) => h.city === city.key && !soldOut(h, stay.checkIn))
    .filter((h) => !args.stars || args.stars.includes(h.stars))
    .filter((h) => !args.hotel_types || args.hotel_types.includes(h.type))
    .filter((h) => args.min_rating === undefined || h.rating >= args.min_rating)
    .filter((h) => !args.free_cancellation || h.freeCancellation)
    .filter((h) => h.meals.includes(meal) && (!args.meals || args.meals.some((m) => h.meals.includes(m))))
    .filter((h) => !args.hotel_amenities || args.hotel_amenities.every((a) => h.amenities.includes(a)))
    .map((hotel) => {
      const room = ROOM_TYPES[hotel.type][0]!;
      const price = stayPrice(hotel, room, meal, stay.checkIn, stay.checkOut, adults);
      return { hotel, room, price };
    })
    .filter((row) => args.price_max === undefined || row.price.perNight <= args.price_max)
    .sort((a, b) => b.hotel.reviews - a.hotel.reviews);

  const page = paginate(rows, args.page, args.page_size, 20, 50);
  return {
    meta: { ...meta, ...pageMeta(page) },
    hotels: page.rows.map(({ hotel, room, price }) => ({
      ...hotelFacts(hotel, args.view === 'full'),
      best_offer: {
        price: price.total,
        price_per_night: price.perNight,
        nights: price.nights,
        rooms: price.rooms,
        room_name: room.name,
        meal,
        offerpack_hash: encodeRef('hp', { h: hotel.id, ci: stay.checkIn, co: stay.checkOut, a: adults }),
        checkout_url: hotelPageUrl(ctx, hotel, stay, adults),
      },
    })),
  };
}
