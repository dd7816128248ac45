/**
 * `search_rail` on the stand-in: the day's trains between two cities, in the shape
 * tutu-mcp-server 0.38.0 answers — `offers[]` with `price {amount, currency}` (the cheapest fare,
 * one seat's ticket), one outbound leg with its segment, a `fares` summary by car category, the
 * listing's `search_results_url`, and a `checkout_ref` for create_checkout_link — plus its `meta`
 * (places, paging, carriers). Categories sold out for the searched passengers are left out.
 */
import { formatLocal, localInstant } from '../calendar.ts';
import { cityByKey, type SimCity } from '../fixtures/cities.ts';
import { TRAIN_SERVICES, type SeatCategory, type TrainService } from '../fixtures/rail-timetable.ts';
import { priceFor, unitHash } from '../deterministic.ts';
import { encodeRef } from '../opaque-ref.ts';
import { placeMeta, resolvePlace } from '../places.ts';
import { SimToolError, type SimContext } from '../sim-context.ts';
import { demoUrl, searchResultsUrl } from '../demo-urls.ts';
import { DATA_SOURCE, beyondSalesHorizon, pageMeta, paginate, travelDate } from './argument-checks.ts';
import { carriersAvailable, money, sortOffers, type TransportSort } from './transport-shapes.ts';

export interface RailArgs {
  origin?: string | null;
  destination?: string | null;
  from_city?: string | null;
  to_city?: string | null;
  departure_date?: string | null;
  passengers?: number;
  page?: number;
  page_size?: number;
  sort?: TransportSort;
  price_max?: number | null;
  direct_only?: boolean;
  carriers?: string[] | null;
  train_numbers?: string[] | null;
  seat_categories?: string[] | null;
  view?: 'compact' | 'full';
}

export interface TrainOnDate {
  service: TrainService;
  date: string;
  departureAt: number;
  arrivalAt: number;
  seats: Array<{ category: SeatCategory; price: number; available: number }>;
}

/** A train's seats on a date; categories sold out for this many passengers are left out. */
export function trainOnDate(service: TrainService, date: string, passengers: number): TrainOnDate {
  const from = cityByKey(service.from);
  const departureAt = localInstant(date, service.departs, from.utcOffsetHours);
  const seats = Object.entries(service.fares).flatMap(([category, fare]) => {
    const key = `${service.number}|${service.from}|${category}`;
    if (unitHash(`${key}|${date}|soldout`) < 0.12) return [];
    const available = 2 + Math.floor(unitHash(`${key}|${date}|left`) * 120);
    if (available < passengers) return [];
    return [{ category: category as SeatCategory, price: priceFor(fare, date, key), available }];
  });
  return { service, date, departureAt, arrivalAt: departureAt + service.minutes * 60_000, seats };
}

export function railSearchUrl(ctx: SimContext, from: string, to: string, date: string, passengers: number): string {
  return searchResultsUrl(ctx.publicUrl, 'rail', { from, to, date, passengers });
}

/** A station's stable numeric ids, as Tutu's geo points and express codes look. */
export function stationIds(station: string): { code: string; geoPoint: number } {
  return {
    code: String(2_000_000 + Math.floor(unitHash(`${station}|code`) * 99_999)),
    geoPoint: 2_900_000 + Math.floor(unitHash(`${station}|point`) * 99_999),
  };
}

const SEAT_CATEGORY_NAMES = new Set<string>(['SEDENTARY', 'RESERVED_SEAT', 'COMPARTMENT', 'LUX', 'SOFT', 'SHARED']);

export function searchRail(args: RailArgs, ctx: SimContext) {
  const from = resolvePlace(args.origin ?? args.from_city, 'origin').city;
  const to = resolvePlace(args.destination ?? args.to_city, 'destination').city;
  if (from.key === to.key) throw new SimToolError('Пункты отправления и прибытия совпадают.');
  const date = travelDate(args.departure_date, 'departure_date', ctx);
  const passengers = args.passengers ?? 1;
  const wantedCategories = args.seat_categories?.length ? args.seat_categories.map((c) => c.toUpperCase()) : undefined;
  const unknown = wantedCategories?.find((c) => !SEAT_CATEGORY_NAMES.has(c));
  if (unknown) throw new SimToolError(`Неизвестная категория мест «${unknown}»: допустимы SEDENTARY, RESERVED_SEAT, COMPARTMENT, LUX, SOFT, SHARED.`);
  const base = { transport: 'railway', from: placeMeta(from), to: placeMeta(to), sort: args.sort ?? 'price_asc', data_source: DATA_SOURCE };
  if (beyondSalesHorizon(date, ctx)) {
    return {
      offers: [],
      meta: {
        ...base,
        page: 1,
        page_size: args.page_size ?? 10,
        total_returned: 0,
        total_matched: 0,
        has_more: false,
        upstream_note: 'Продажа билетов на эту дату ещё не открыта.',
        carriers_available: [],
      },
    };
  }

  const wantedNumbers = args.train_numbers?.length ? args.train_numbers.map((n) => n.toUpperCase()) : undefined;
  const all = TRAIN_SERVICES.filter((s) => s.from === from.key && s.to === to.key)
    .map((s) => trainOnDate(s, date, passengers))
    .filter((t) => t.departureAt > ctx.now.getTime())
    .map((t) => ({ ...t, seats: t.seats.filter((seat) => !wantedCategories || wantedCategories.includes(seat.category)) }))
    .filter((t) => t.seats.length > 0);
  const rows = all
    .filter((t) => !wantedNumbers || wantedNumbers.includes(t.service.number.toUpperCase()))
    .filter((t) => !args.carriers?.length || args.carriers.some((c) => t.service.carrier.toLowerCase().includes(c.toLowerCase())))
    .map((t) => offerRow(t, from, to, ctx))
    .filter((offer) => args.price_max === undefined || args.price_max === null || offer.price.amount <= args.price_max);
  const page = paginate(sortOffers(rows, args.sort ?? 'price_asc'), args.page, args.page_size, 10, 30);
  return {
    offers: page.rows,
    meta: {
      ...base,
      ...pageMeta(page),
      total_returned: page.rows.length,
      total_matched_exact: true,
      post_filter_dropped_wrong_train_number: wantedNumbers ? all.length - all.filter((t) => wantedNumbers.includes(t.service.number.toUpperCase())).length : 0,
      carriers_available: carriersAvailable(all.map((t) => offerRow(t, from, to, ctx))),
    },
  };
}

function offerRow(train: TrainOnDate, from: SimCity, to: SimCity, ctx: SimContext) {
  const { service, date } = train;
  const departureAt = formatLocal(train.departureAt, from.utcOffsetHours);
  const arrivalAt = formatLocal(train.arrivalAt, to.utcOffsetHours);
  const origin = stationIds(service.fromStation);
  const destination = stationIds(service.toStation);
  const offerHash = encodeRef('rd', { n: service.number, f: service.from, t: service.to, d: date });
  const seats = [...train.seats].sort((a, b) => a.price - b.price);
  const cheapest = seats[0]!;
  const fromName = `${from.name} — ${service.fromStation} (${origin.code})`;
  const toName = `${to.name} — ${service.toStation} (${destination.code})`;
  const categories: Record<string, { count: number; price_from: number }> = {};
  for (const seat of seats)
    categories[seat.category] = { count: 1 + Math.floor(unitHash(`${offerHash}|${seat.category}|fares`) * 6), price_from: money(seat.price) };
  return {
    offer_id: offerHash,
    transport: 'railway',
    price: { amount: money(cheapest.price), currency: 'RUB' },
    duration_min: service.minutes,
    carriers: [service.carrier],
    search_results_url: railSearchUrl(ctx, from.name, to.name, date, 1),
    segments_count: 1,
    checkout_url: demoUrl(ctx.publicUrl, '/demo/checkout/rail', { train: service.number, from: from.name, to: to.name, date }),
    departure_at: departureAt,
    arrival_at: arrivalAt,
    legs: [
      {
        label: 'outbound',
        from: fromName,
        to: toName,
        departure_at: departureAt,
        arrival_at: arrivalAt,
        duration_min: service.minutes,
        segments: [
          {
            from: fromName,
            to: toName,
            departure_at: departureAt,
            arrival_at: arrivalAt,
            duration_min: service.minutes,
            carrier: service.carrier,
            voyage_no: service.number,
            from_geo_point_id: origin.geoPoint,
            to_geo_point_id: destination.geoPoint,
            ...(service.name ? { vehicle_meta: { name: service.name } } : {}),
          },
        ],
      },
    ],
    checkout_ref: {
      transport: 'railway',
      departure_city_id: from.geoId,
      arrival_city_id: to.geoId,
      departure_station_code: origin.code,
      arrival_station_code: destination.code,
      train_number: service.number,
      departure_at: departureAt,
      departure_geo_point_id: origin.geoPoint,
      arrival_geo_point_id: destination.geoPoint,
      offer_hash: offerHash,
    },
    details_ref: { transport: 'railway', source: 'tutu-sim', train_number: service.number, departure_at: departureAt, offer_hash: offerHash },
    fares: {
      count: Object.values(categories).reduce((sum, c) => sum + c.count, 0),
      price_from: money(cheapest.price),
      price_to: money(seats[seats.length - 1]!.price),
      currency: 'RUB',
      seat_categories: categories,
    },
  };
}
