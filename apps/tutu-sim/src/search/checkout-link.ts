/**
 * `create_checkout_link` on the stand-in: turns the fields of an offer's `checkout_ref` into a
 * link and says what kind of link it is, following Tutu's observed behaviour:
 * - rail → `seats_url` (the train's seat choice for these passengers), or `search_redirect` when
 *   the train or seat category is gone;
 * - flights → `deeplink`; a round trip needs `is_round_trip` and `return_departure_at`, and a
 *   round trip with a connection falls back to `search_redirect`;
 * - hotels → `hotel_page` for a hotel-level hash, `checkout_deeplink` (a cart) for a room-level one;
 * - buses → `order_url`.
 * Without `passengers_*` the link is for one adult — the trap the real server sets too.
 */
import { CITIES } from '../fixtures/cities.ts';
import { HOTELS } from '../fixtures/hotels.ts';
import { TRAIN_SERVICES } from '../fixtures/rail-timetable.ts';
import { decodeRef } from '../opaque-ref.ts';
import { SimToolError, type SimContext } from '../sim-context.ts';
import { LINK_LIFETIME_MS, demoUrl, searchResultsUrl } from '../demo-urls.ts';
import { legsFromIds, type Itinerary } from './search-avia.ts';
import { busRideKnown } from './search-ground.ts';
import { trainOnDate, railSearchUrl } from './search-rail.ts';

export interface CheckoutArgs {
  product_type: 'rail' | 'avia' | 'hotel' | 'bus';
  train_number?: string;
  departure_date?: string;
  origin?: string;
  destination?: string;
  seat_category?: string;
  offer_id?: string;
  is_round_trip?: boolean;
  return_departure_at?: string;
  offerpack_hash?: string;
  ride_id?: string;
  passengers_full?: number;
  passengers_child?: number;
  passengers_infant?: number;
}

export type CheckoutKind = 'deeplink' | 'checkout_deeplink' | 'search_redirect' | 'order_url' | 'seats_url' | 'hotel_page';

export interface CheckoutLink {
  checkout_url: string;
  kind: CheckoutKind;
  search_results_url?: string;
  fallback_url?: string;
  fallback_note?: string;
}

export function createCheckoutLink(args: CheckoutArgs, ctx: SimContext): CheckoutLink {
  const passengers = {
    adults: args.passengers_full ?? 1,
    children: args.passengers_child ?? 0,
    infants: args.passengers_infant ?? 0,
  };
  const expires = ctx.now.getTime() + LINK_LIFETIME_MS;
  switch (args.product_type) {
    case 'rail':
      return railLink(args, passengers, expires, ctx);
    case 'avia':
      return aviaLink(args, passengers, expires, ctx);
    case 'hotel':
      return hotelLink(args, expires, ctx);
    case 'bus':
      if (!busRideKnown(args.ride_id)) throw new SimToolError('Рейс автобуса не найден. Повторите поиск.');
      return { kind: 'order_url', checkout_url: demoUrl(ctx.publicUrl, '/demo/checkout/bus', { ride: args.ride_id, ...passengers, exp: expires }) };
  }
}

type Passengers = { adults: number; children: number; infants: number };

function railLink(args: CheckoutArgs, passengers: Passengers, expires: number, ctx: SimContext): CheckoutLink {
  const from = CITIES.find((c) => c.name === args.origin);
  const to = CITIES.find((c) => c.name === args.destination);
  if (!from || !to || !args.train_number || !args.departure_date) {
    throw new SimToolError('Для ссылки на поезд нужны train_number, departure_date, origin и destination из checkout_ref.');
  }
  const search = railSearchUrl(ctx, from.name, to.name, args.departure_date, passengers.adults);
  const service = TRAIN_SERVICES.find((s) => s.number === args.train_number && s.from === from.key && s.to === to.key);
  const train = service ? trainOnDate(service, args.departure_date, passengers.adults + passengers.children) : undefined;
  const seatLeft = train?.departureAt !== undefined && train.departureAt > ctx.now.getTime() && train.seats.some((s) => s.category === args.seat_category);
  if (!seatLeft) {
    return {
      kind: 'search_redirect',
      checkout_url: search,
      search_results_url: search,
      fallback_note: 'Поезд или выбранная категория мест больше недоступны — откроется поиск.',
    };
  }
  return {
    kind: 'seats_url',
    checkout_url: demoUrl(ctx.publicUrl, '/demo/checkout/rail', {
      train: args.train_number,
      from: from.name,
      to: to.name,
      date: args.departure_date,
      category: args.seat_category,
      ...passengers,
      exp: expires,
    }),
    search_results_url: search,
  };
}

function aviaLink(args: CheckoutArgs, passengers: Passengers, expires: number, ctx: SimContext): CheckoutLink {
  const fields = args.offer_id ? decodeRef('av', args.offer_id) : undefined;
  const there = typeof fields?.there === 'string' ? legsFromIds(fields.there) : undefined;
  if (!fields || !there) throw new SimToolError('Предложение не найдено или устарело. Повторите поиск.');
  const back = typeof fields.back === 'string' ? legsFromIds(fields.back) : undefined;
  const search = aviaSearchUrl(ctx, there, back, passengers);
  const redirect = (note: string): CheckoutLink => ({ kind: 'search_redirect', checkout_url: search, search_results_url: search, fallback_note: note });
  if (back) {
    if (!args.is_round_trip || !args.return_departure_at) {
      return redirect('Для перелёта туда-обратно передайте is_round_trip и return_departure_at — откроется поиск.');
    }
    if (Date.parse(args.return_departure_at) !== back.legs[0]!.departureAt) {
      return redirect('return_departure_at не совпадает с рейсом обратно — откроется поиск.');
    }
    if (there.legs.length > 1 || back.legs.length > 1) {
      return redirect('Для перелёта туда-обратно с пересадкой корзина не собирается — откроется поиск.');
    }
  }
  return {
    kind: 'deeplink',
    checkout_url: demoUrl(ctx.publicUrl, '/demo/checkout/avia', { offer: args.offer_id, ...passengers, exp: expires }),
    search_results_url: search,
    fallback_url: search,
    fallback_note: 'Корзина откроется только в браузере с активной сессией Туту; иначе откроется поиск.',
  };
}

function aviaSearchUrl(ctx: SimContext, there: Itinerary, back: Itinerary | undefined, passengers: Passengers): string {
  const first = there.legs[0]!;
  const last = there.legs[there.legs.length - 1]!;
  return searchResultsUrl(ctx.publicUrl, 'avia', {
    from: first.flight.from,
    to: last.flight.to,
    date: first.date,
    return_date: back?.legs[0]!.date,
    adults: passengers.adults,
    children: passengers.children,
    infants: passengers.infants,
  });
}

function hotelLink(args: CheckoutArgs, expires: number, ctx: SimContext): CheckoutLink {
  const hash = args.offerpack_hash ?? '';
  const room = decodeRef('rp', hash);
  const hotelLevel = decodeRef('hp', hash);
  const fields = room ?? hotelLevel;
  const hotel = HOTELS.find((h) => h.id === Number(fields?.h));
  if (!fields || !hotel) throw new SimToolError('offerpack_hash не найден. Повторите поиск отелей.');
  const stay = { check_in: String(fields.ci), check_out: String(fields.co), adults: Number(fields.a) };
  const search = searchResultsUrl(ctx.publicUrl, 'hotels', { city: CITIES.find((c) => c.key === hotel.city)!.name, ...stay });
  if (room) {
    return {
      kind: 'checkout_deeplink',
      checkout_url: demoUrl(ctx.publicUrl, '/demo/checkout/hotel', { hotel: hotel.id, room: Number(fields.r), meal: String(fields.m), ...stay, exp: expires }),
      search_results_url: search,
    };
  }
  return {
    kind: 'hotel_page',
    checkout_url: demoUrl(ctx.publicUrl, `/demo/hotel/${hotel.id}`, stay),
    search_results_url: search,
    fallback_note: 'Это страница отеля: номер выбирается на ней. Для корзины нужен offerpack_hash номера из get_offer_details.',
  };
}
