/**
 * `create_checkout_link` on the stand-in: turns the fields of an offer's `checkout_ref` into a
 * link and says what kind of link it is, as tutu-mcp-server 0.38.0 does:
 * - rail → `deeplink` to the train's seat-selection page, `order_url` when the train is gone;
 * - flights → `deeplink`; a round trip needs `is_round_trip` and `return_departure_at`, and a
 *   round trip with a connection falls back to `search_redirect`;
 * - hotels → `checkout_deeplink` (a cart) for a room rate's `offer_pack_hash`, `deeplink` to the
 *   hotel's page from `hotel_alias`, `hotel_page` (the `fallback_url`) without one;
 * - buses → `order_url`.
 * Without `product_type` or `transport` it refuses with the real server's sentence. Without
 * `passengers_*` a transport link is for one adult — the trap the real server sets too.
 */
import { CITIES } from '../fixtures/cities.ts';
import { HOTELS } from '../fixtures/hotels.ts';
import { decodeRef } from '../opaque-ref.ts';
import { SimToolError, type SimContext } from '../sim-context.ts';
import { LINK_LIFETIME_MS, demoUrl, searchResultsUrl } from '../demo-urls.ts';
import { legsFromIds, type Itinerary } from './search-avia.ts';
import { busRideKnown } from './search-ground.ts';
import { hotelOfAlias, trainOfRef } from './offer-details.ts';
import { railSearchUrl } from './search-rail.ts';

export type CheckoutArgs = Record<string, unknown> & {
  product_type?: string | null;
  transport?: string | null;
  passengers_full?: number | null;
  passengers_child?: number | null;
  passengers_infant?: number | null;
};

export type CheckoutKind = 'deeplink' | 'checkout_deeplink' | 'search_redirect' | 'order_url' | 'seats_url' | 'hotel_page';

export interface CheckoutLink {
  checkout_url: string;
  kind: CheckoutKind;
  search_results_url?: string;
  fallback_url?: string;
  fallback_note?: string;
  note?: string;
}

export function createCheckoutLink(args: CheckoutArgs, ctx: SimContext): CheckoutLink {
  const product = args.product_type ?? args.transport;
  if (!product) throw new SimToolError('create_checkout_link requires product_type or transport');
  const passengers = {
    adults: args.passengers_full ?? 1,
    children: args.passengers_child ?? 0,
    infants: args.passengers_infant ?? 0,
  };
  const expires = ctx.now.getTime() + LINK_LIFETIME_MS;
  switch (product) {
    case 'rail':
    case 'railway':
      return railLink(args, passengers, expires, ctx);
    case 'avia':
      return aviaLink(args, passengers, expires, ctx);
    case 'hotels':
      return hotelLink(args, expires, ctx);
    case 'bus':
      if (!busRideKnown(args.search_id)) throw new SimToolError('Рейс автобуса не найден. Повторите поиск.');
      return { kind: 'order_url', checkout_url: demoUrl(ctx.publicUrl, '/demo/checkout/bus', { ride: String(args.search_id), ...passengers, exp: expires }) };
    default:
      throw new SimToolError(`unsupported product_type ${String(product)}`);
  }
}

type Passengers = { adults: number; children: number; infants: number };

function railLink(args: CheckoutArgs, passengers: Passengers, expires: number, ctx: SimContext): CheckoutLink {
  const train = trainOfRef(args);
  const from = CITIES.find((c) => c.geoId === args.departure_city_id) ?? (train ? CITIES.find((c) => c.key === train.service.from) : undefined);
  const to = CITIES.find((c) => c.geoId === args.arrival_city_id) ?? (train ? CITIES.find((c) => c.key === train.service.to) : undefined);
  if (!from || !to || typeof args.train_number !== 'string' || typeof args.departure_at !== 'string') {
    throw new SimToolError('rail needs train_number, departure_at and the station ids from checkout_ref');
  }
  const date = args.departure_at.slice(0, 10);
  const search = railSearchUrl(ctx, from.name, to.name, date, passengers.adults);
  const running = train !== undefined && train.service.number === args.train_number && train.departureAt > ctx.now.getTime() && train.seats.length > 0;
  if (!running) {
    return {
      kind: 'order_url',
      checkout_url: search,
      search_results_url: search,
      fallback_note: 'Поезд больше недоступен для выбора мест — откроется страница поиска с этой датой.',
    };
  }
  return {
    kind: 'deeplink',
    checkout_url: demoUrl(ctx.publicUrl, '/demo/checkout/rail', { train: args.train_number, from: from.name, to: to.name, date, ...passengers, exp: expires }),
    search_results_url: search,
    note: 'Ссылка открывает выбор мест в этом поезде; места выбираются на странице.',
  };
}

function aviaLink(args: CheckoutArgs, passengers: Passengers, expires: number, ctx: SimContext): CheckoutLink {
  const offerHash = typeof args.offer_hash === 'string' ? args.offer_hash.split(':')[0]! : '';
  const fields = decodeRef('av', offerHash);
  const there = typeof fields?.there === 'string' ? legsFromIds(fields.there) : undefined;
  if (!fields || !there) throw new SimToolError('Предложение не найдено или устарело. Повторите поиск.');
  const back = typeof fields.back === 'string' ? legsFromIds(fields.back) : undefined;
  const search = typeof args.search_results_url === 'string' ? args.search_results_url : aviaSearchUrl(ctx, there, back, passengers);
  const redirect = (note: string): CheckoutLink => ({ kind: 'search_redirect', checkout_url: search, search_results_url: search, fallback_note: note });
  if (back) {
    if (!args.is_round_trip || typeof args.return_departure_at !== 'string') {
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
    checkout_url: demoUrl(ctx.publicUrl, '/demo/checkout/avia', { offer: offerHash, ...passengers, exp: expires }),
    search_results_url: search,
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
    return_date: back ? back.legs[0]!.date : undefined,
    adults: passengers.adults,
    children: passengers.children,
    infants: passengers.infants,
  });
}

function hotelLink(args: CheckoutArgs, expires: number, ctx: SimContext): CheckoutLink {
  const room = typeof args.offer_pack_hash === 'string' ? decodeRef('rp', args.offer_pack_hash) : undefined;
  const fallback = typeof args.fallback_url === 'string' ? args.fallback_url : undefined;
  if (room) {
    const hotel = HOTELS.find((h) => h.id === Number(room.h));
    if (!hotel) throw new SimToolError('offer_pack_hash не найден. Повторите поиск отелей.');
    const stay = { check_in: String(room.ci), check_out: String(room.co), adults: Number(room.a) };
    return {
      kind: 'checkout_deeplink',
      checkout_url: demoUrl(ctx.publicUrl, '/demo/checkout/hotel', { hotel: hotel.id, room: Number(room.r), meal: String(room.m), ...stay, exp: expires }),
      ...(fallback ? { fallback_url: fallback } : {}),
    };
  }
  const hotel = hotelOfAlias(args.hotel_alias);
  if (hotel && typeof args.check_in === 'string' && typeof args.check_out === 'string') {
    const stay = { check_in: args.check_in, check_out: args.check_out, adults: typeof args.adults === 'number' ? args.adults : 1 };
    return {
      kind: 'deeplink',
      checkout_url: demoUrl(ctx.publicUrl, `/demo/hotel/${hotel.id}`, stay),
      ...(fallback ? { fallback_url: fallback } : {}),
      note: 'Ссылка открывает страницу отеля с датами и гостями; номер выбирается на ней. Для корзины передайте offer_pack_hash тарифа из get_offer_details.',
    };
  }
  if (fallback) return { kind: 'hotel_page', checkout_url: fallback, fallback_url: fallback };
  throw new SimToolError('hotels need hotel_alias (with check_in and check_out) or fallback_url from checkout_ref');
}
