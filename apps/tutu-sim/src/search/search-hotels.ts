/**
 * `search_hotels` on the stand-in, in tutu-mcp-server 0.38.0's shape: `{hotels[], stay, meta}`,
 * each hotel with a string `hotel_id`, `location {lat, lng}`, its cheapest `best_offer` — `price
 * {amount, currency}` tagged `price_basis: "stay_total"` (the whole stay for the guests, never to
 * be multiplied by nights), a hotel-level `offerpack_hash` that does not mint a cart, the hotel's
 * page — and a `checkout_ref` for create_checkout_link's hotel deeplink. `price_max` caps the
 * price per night.
 */
import { daysBetween } from '../calendar.ts';
import { CITIES } from '../fixtures/cities.ts';
import { HOTELS, ROOM_TYPES, type Hotel, type Meal } from '../fixtures/hotels.ts';
import { encodeRef } from '../opaque-ref.ts';
import { resolvePlace } from '../places.ts';
import { SimToolError, type SimContext } from '../sim-context.ts';
import { demoUrl } from '../demo-urls.ts';
import { DATA_SOURCE, beyondSalesHorizon, pageMeta, paginate, travelDate } from './argument-checks.ts';
import { soldOut, stayPrice } from './hotel-pricing.ts';

export interface HotelArgs {
  city_name?: string | null;
  geo_id?: string | null;
  check_in?: string | null;
  check_out?: string | null;
  checkin_date?: string | null;
  checkout_date?: string | null;
  adults?: number;
  children_ages?: number[] | null;
  page?: number;
  page_size?: number;
  stars?: number[] | null;
  price_max?: number | null;
  meals?: string[] | null;
  hotel_types?: string[] | null;
  min_rating?: number | null;
  free_cancellation?: boolean | null;
  breakfast_included?: boolean | null;
  hotel_amenities?: string[] | null;
  room_amenities?: string[] | null;
  view?: 'compact' | 'full';
}

const MEAL_NAMES: Readonly<Record<Meal, string>> = { RO: 'Питание не включено', BB: 'Завтрак включён' };
/** Tutu's meal words, mapped onto the stand-in's two plans. */
const MEAL_WORDS: Readonly<Record<string, Meal>> = { nomeal: 'RO', breakfast: 'BB' };

export const MAX_NIGHTS = 30;

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
  const hotel = HOTELS.find((h) => String(h.id) === String(id));
  if (!hotel) throw new SimToolError(`Отель ${String(id)} не найден.`);
  return hotel;
}

export function hotelPageUrl(ctx: SimContext, hotel: Hotel, stay: StayDates, adults: number): string {
  return demoUrl(ctx.publicUrl, `/demo/hotel/${hotel.id}`, { check_in: stay.checkIn, check_out: stay.checkOut, adults });
}

export function hotelAlias(hotel: Hotel): string {
  return `sim_hotel_${hotel.id}`;
}

export function mealName(meal: Meal): string {
  return MEAL_NAMES[meal];
}

export function hotelLocation(hotel: Hotel) {
  const city = CITIES.find((c) => c.key === hotel.city)!;
  return { lat: hotel.lat, lng: hotel.lon, city: city.name, city_geo_id: String(city.geoId) };
}

export function searchHotels(args: HotelArgs, ctx: SimContext) {
  const named = args.city_name ?? undefined;
  const place = named !== undefined ? resolvePlace(named, 'city_name') : args.geo_id ? resolvePlace(args.geo_id, 'geo_id') : undefined;
  if (!place) throw new SimToolError('Укажите город: city_name или geo_id.');
  const city = place.city;
  const stay = stayDates(args.check_in ?? args.checkin_date, args.check_out ?? args.checkout_date, ctx);
  const nights = daysBetween(stay.checkIn, stay.checkOut);
  const adults = args.adults ?? 1;
  const wantedMeals = (args.meals ?? []).map((m) => MEAL_WORDS[m.toLowerCase()]).filter((m): m is Meal => m !== undefined);
  const meal: Meal = args.breakfast_included || (wantedMeals.length === 1 && wantedMeals[0] === 'BB') ? 'BB' : 'RO';
  const searchId = encodeRef('hs', { c: city.key, ci: stay.checkIn, co: stay.checkOut, a: adults }).slice(3, 35);
  const meta = {
    search_id: searchId,
    geo_id: String(city.geoId),
    resolved_geo: {
      geo_id: String(city.geoId),
      name: city.name,
      country: 'Россия',
      region: city.name,
      geo_type: 'locality',
      hotels_count: HOTELS.filter((h) => h.city === city.key).length,
    },
    data_source: DATA_SOURCE,
  };
  const stayBlock = { check_in: stay.checkIn, check_out: stay.checkOut, nights };
  if (beyondSalesHorizon(stay.checkIn, ctx)) {
    return {
      hotels: [],
      stay: stayBlock,
      meta: {
        ...meta,
        page: 1,
        page_size: args.page_size ?? 10,
        total_returned: 0,
        has_more: false,
        upstream_note: 'Бронирование на эти даты ещё не открыто.',
      },
    };
  }

  const rows = HOTELS.filter((h) => h.city === city.key && !soldOut(h, stay.checkIn))
    .filter((h) => !args.stars?.length || args.stars.includes(h.stars))
    .filter((h) => !args.hotel_types?.length || args.hotel_types.includes(h.type))
    .filter((h) => args.min_rating === undefined || args.min_rating === null || h.rating >= args.min_rating)
    .filter((h) => !args.free_cancellation || h.freeCancellation)
    .filter((h) => h.meals.includes(meal))
    .filter((h) => !args.hotel_amenities?.length || args.hotel_amenities.every((a) => h.amenities.includes(a)))
    .map((hotel) => {
      const room = ROOM_TYPES[hotel.type][0]!;
      const price = stayPrice(hotel, room, meal, stay.checkIn, stay.checkOut, adults);
      return { hotel, room, price };
    })
    .filter((row) => args.price_max === undefined || args.price_max === null || row.price.perNight <= args.price_max)
    .sort((a, b) => b.hotel.reviews - a.hotel.reviews);

  const page = paginate(rows, args.page, args.page_size, 10, 30);
  return {
    hotels: page.rows.map(({ hotel, room, price }) => {
      const pageUrl = hotelPageUrl(ctx, hotel, stay, adults);
      return {
        hotel_id: String(hotel.id),
        hotel_geo_id: String(hotel.id),
        name: hotel.name,
        stars: hotel.stars,
        rating: hotel.rating,
        review_count: hotel.reviews,
        address: hotel.address,
        location: hotelLocation(hotel),
        alias: hotelAlias(hotel),
        checkout_url: pageUrl,
        best_offer: {
          offerpack_hash: encodeRef('hp', { h: hotel.id, ci: stay.checkIn, co: stay.checkOut, a: adults }),
          room_name: room.name,
          price: { amount: price.total, currency: 'RUB' },
          price_basis: 'stay_total',
          checkout_url: pageUrl,
          breakfast_included: meal === 'BB',
          meal_name: mealName(meal),
          free_cancellation: hotel.freeCancellation,
        },
        checkout_ref: {
          transport: 'hotels',
          hotel_geo_id: String(hotel.id),
          check_in: stay.checkIn,
          check_out: stay.checkOut,
          adults,
          hotel_alias: hotelAlias(hotel),
          search_id: searchId,
          fallback_url: pageUrl,
        },
      };
    }),
    stay: stayBlock,
    meta: { ...meta, ...pageMeta(page), total_returned: page.rows.length },
  };
}
