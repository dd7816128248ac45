/**
 * `search_rail` on the stand-in: the day's trains between two cities with the seat categories
 * still on sale, each with a per-seat price and a `checkout_ref` for create_checkout_link.
 * Prices are per seat (`meta.pricing.basis: per_seat`), as on Tutu.
 */
import { formatLocal, localInstant } from '../calendar.ts';
import { cityByKey } from '../fixtures/cities.ts';
import { TRAIN_SERVICES, type SeatCategory, type TrainService } from '../fixtures/rail-timetable.ts';
import { priceFor, unitHash } from '../deterministic.ts';
import { encodeRef } from '../opaque-ref.ts';
import { placeMeta, resolvePlace } from '../places.ts';
import { SimToolError, type SimContext } from '../sim-context.ts';
import { searchResultsUrl } from '../demo-urls.ts';
import { DATA_SOURCE, beyondSalesHorizon, pageMeta, paginate, travelDate } from './argument-checks.ts';

export interface RailArgs {
  origin: string;
  destination: string;
  date: string;
  passengers?: number;
  train_numbers?: string[];
  seat_categories?: SeatCategory[];
  page?: number;
  page_size?: number;
}

/** RZD sells at most four seats in one order. */
export const MAX_RAIL_PASSENGERS = 4;

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

export function searchRail(args: RailArgs, ctx: SimContext) {
  const from = resolvePlace(args.origin, 'origin').city;
  const to = resolvePlace(args.destination, 'destination').city;
  if (from.key === to.key) throw new SimToolError('Пункты отправления и прибытия совпадают.');
  const date = travelDate(args.date, 'date', ctx);
  const passengers = args.passengers ?? 1;
  if (passengers > MAX_RAIL_PASSENGERS) throw new SimToolError(`В одном заказе не больше ${MAX_RAIL_PASSENGERS} пассажиров.`);
  const meta = {
    product: 'rail',
    from: placeMeta(from),
    to: placeMeta(to),
    date,
    passengers,
    pricing: { basis: 'per_seat', currency: 'RUB' },
    search_results_url: railSearchUrl(ctx, from.name, to.name, date, passengers),
    data_source: DATA_SOURCE,
  };
  if (beyondSalesHorizon(date, ctx)) {
    return { meta: { ...meta, total_matched: 0, has_more: false, note: 'Продажа билетов на эту дату ещё не открыта.' }, trains: [] };
  }

  const wantedNumbers = args.train_numbers?.map((n) => n.toUpperCase());
  const trains = TRAIN_SERVICES.filter((s) => s.from === from.key && s.to === to.key)
    .filter((s) => !wantedNumbers || wantedNumbers.includes(s.number.toUpperCase()))
    .map((s) => trainOnDate(s, date, passengers))
    .filter((t) => t.departureAt > ctx.now.getTime())
    .map((t) => ({ ...t, seats: t.seats.filter((seat) => !args.seat_categories || args.seat_categories.includes(seat.category)) }))
    .sort((a, b) => a.departureAt - b.departureAt);

  const page = paginate(trains, args.page, args.page_size, 20, 50);
  return {
    meta: { ...meta, ...pageMeta(page) },
    trains: page.rows.map((train) => trainRow(train, passengers)),
  };
}

export function trainRow(train: TrainOnDate, passengers: number) {
  const { service, date } = train;
  const from = cityByKey(service.from);
  const to = cityByKey(service.to);
  const checkoutRef = (category: SeatCategory) => ({
    product_type: 'rail',
    train_number: service.number,
    departure_date: date,
    origin: from.name,
    destination: to.name,
    seat_category: category,
    passengers_full: passengers,
    passengers_child: 0,
    passengers_infant: 0,
  });
  const seats = train.seats.map((seat) => ({ ...seat, checkout_ref: checkoutRef(seat.category) }));
  const cheapest = [...seats].sort((a, b) => a.price - b.price)[0];
  return {
    train_number: service.number,
    name: service.name,
    carrier: service.carrier,
    departure_station: service.fromStation,
    arrival_station: service.toStation,
    departure_at: formatLocal(train.departureAt, from.utcOffsetHours),
    arrival_at: formatLocal(train.arrivalAt, to.utcOffsetHours),
    duration_minutes: service.minutes,
    seats,
    best_offer: cheapest ? { category: cheapest.category, price: cheapest.price, checkout_ref: cheapest.checkout_ref } : null,
    details_ref: encodeRef('rd', { n: service.number, f: service.from, t: service.to, d: date, p: passengers }),
  };
}
