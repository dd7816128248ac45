/**
 * `search_bus` and `search_etrain` on the stand-in: intercity buses priced for the whole party
 * (`party_total`, as Tutu reports for buses) and commuter trains priced per seat.
 */
import { formatLocal, localInstant } from '../calendar.ts';
import { cityByKey } from '../fixtures/cities.ts';
import { BUS_SERVICES, COMMUTER_LINES } from '../fixtures/buses.ts';
import { priceFor } from '../deterministic.ts';
import { placeMeta, resolvePlace } from '../places.ts';
import { SimToolError, type SimContext } from '../sim-context.ts';
import { searchResultsUrl } from '../demo-urls.ts';
import { DATA_SOURCE, travelDate } from './argument-checks.ts';

export interface BusArgs {
  origin: string;
  destination: string;
  date: string;
  adults?: number;
  children?: number;
}

export function searchBus(args: BusArgs, ctx: SimContext) {
  const from = resolvePlace(args.origin, 'origin').city;
  const to = resolvePlace(args.destination, 'destination').city;
  const date = travelDate(args.date, 'date', ctx);
  const adults = args.adults ?? 1;
  const children = args.children ?? 0;
  const trips = BUS_SERVICES.filter((s) => s.from === from.key && s.to === to.key).flatMap((service) =>
    service.departs.map((departs) => {
      const departureAt = localInstant(date, departs, from.utcOffsetHours);
      const perAdult = priceFor(service.fare, date, `${service.operator}|${departs}|${from.key}`);
      const price = Math.round((perAdult * (adults + 0.6 * children)) / 10) * 10;
      const ride = `${from.key}-${to.key}-${date}-${departs.replace(':', '')}`;
      return {
        ride_id: ride,
        operator: service.operator,
        departure_stop: service.fromStop,
        arrival_stop: service.toStop,
        departure_at: formatLocal(departureAt, from.utcOffsetHours),
        arrival_at: formatLocal(departureAt + service.minutes * 60_000, to.utcOffsetHours),
        duration_minutes: service.minutes,
        price,
        departureAt,
        checkout_ref: { transport: 'bus', search_id: ride, passengers_full: adults, passengers_child: children, passengers_infant: 0 },
      };
    }),
  );
  const upcoming = trips.filter((t) => t.departureAt > ctx.now.getTime()).sort((a, b) => a.departureAt - b.departureAt);
  return {
    meta: {
      product: 'bus',
      from: placeMeta(from),
      to: placeMeta(to),
      date,
      passengers: { adults, children },
      pricing: { basis: 'party_total', currency: 'RUB' },
      total_matched: upcoming.length,
      has_more: false,
      search_results_url: searchResultsUrl(ctx.publicUrl, 'bus', { from: from.name, to: to.name, date, adults, children }),
      data_source: DATA_SOURCE,
    },
    trips: upcoming.map(({ departureAt: _instant, ...row }) => row),
  };
}

export interface EtrainArgs {
  origin: string;
  destination: string;
  date: string;
}

export function searchEtrain(args: EtrainArgs, ctx: SimContext) {
  const date = travelDate(args.date, 'date', ctx);
  const line = COMMUTER_LINES.find((l) => sameName(l.from, args.origin) && sameName(l.to, args.destination));
  if (!line) throw new SimToolError(`Электрички между «${args.origin}» и «${args.destination}» не найдены.`);
  const offset = cityByKey(line.region).utcOffsetHours;
  const trains = line.departs
    .map((departs) => localInstant(date, departs, offset))
    .filter((at) => at > ctx.now.getTime())
    .map((at) => ({
      departure_station: line.fromStation,
      departure_at: formatLocal(at, offset),
      arrival_at: formatLocal(at + line.minutes * 60_000, offset),
      duration_minutes: line.minutes,
      price: line.fare,
    }));
  return {
    meta: {
      product: 'etrain',
      from: line.from,
      to: line.to,
      date,
      pricing: { basis: 'per_seat', currency: 'RUB' },
      total_matched: trains.length,
      has_more: false,
      data_source: DATA_SOURCE,
    },
    trains,
  };
}

function sameName(a: string, b: string): boolean {
  const norm = (s: string) => s.trim().toLowerCase().replaceAll('ё', 'е');
  return typeof b === 'string' && norm(a) === norm(b);
}

export function busRideKnown(rideId: unknown): boolean {
  if (typeof rideId !== 'string') return false;
  const [from, to] = rideId.split('-');
  return BUS_SERVICES.some((s) => s.from === from && s.to === to);
}
