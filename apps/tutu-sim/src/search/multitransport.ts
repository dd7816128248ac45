/**
 * `search_multitransport` on the stand-in: the day's options by rail, air and bus side by side,
 * each priced for the whole party, ordered by price or by travel time.
 */
import type { SimContext } from '../sim-context.ts';
import { searchAvia } from './search-avia.ts';
import { searchBus } from './search-ground.ts';
import { searchRail } from './search-rail.ts';
import { DATA_SOURCE } from './argument-checks.ts';

export type Mode = 'railway' | 'avia' | 'bus' | 'etrain';

export interface MultitransportArgs {
  origin: string;
  destination: string;
  date: string;
  adults?: number;
  modes?: Mode[];
  optimize_for?: 'price' | 'time';
}

interface Option {
  mode: Mode;
  summary: string;
  departure_at: string;
  arrival_at: string;
  duration_minutes: number;
  price: number;
  checkout_ref: Record<string, unknown>;
}

export function searchMultitransport(args: MultitransportArgs, ctx: SimContext) {
  const adults = args.adults ?? 1;
  const modes = args.modes ?? ['railway', 'avia', 'bus'];
  const options: Option[] = [];
  const skipped: string[] = [];
  if (modes.includes('railway')) {
    for (const offer of searchRail({ origin: args.origin, destination: args.destination, departure_date: args.date, passengers: adults }, ctx).offers) {
      const segment = offer.legs[0]!.segments[0]!;
      options.push({
        mode: 'railway',
        summary: `Поезд ${segment.voyage_no}${segment.vehicle_meta ? ` «${segment.vehicle_meta.name}»` : ''}`,
        departure_at: offer.departure_at,
        arrival_at: offer.arrival_at,
        duration_minutes: offer.duration_min,
        price: Math.round(offer.price.amount * adults * 100) / 100,
        checkout_ref: offer.checkout_ref,
      });
    }
  }
  if (modes.includes('etrain')) skipped.push('etrain: электрички сравниваются только в search_etrain');
  if (modes.includes('avia')) {
    for (const offer of searchAvia({ origin: args.origin, destination: args.destination, departure_date: args.date, adults }, ctx).offers) {
      options.push({
        mode: 'avia',
        summary: `${offer.carriers.join(', ')}, ${offer.legs[0]!.segments.map((s) => s.voyage_no).join(' + ')}`,
        departure_at: offer.departure_at,
        arrival_at: offer.arrival_at,
        duration_minutes: offer.duration_min,
        price: offer.price.amount,
        checkout_ref: offer.checkout_ref,
      });
    }
  }
  if (modes.includes('bus')) {
    for (const trip of searchBus({ origin: args.origin, destination: args.destination, date: args.date, adults }, ctx).trips) {
      options.push({
        mode: 'bus',
        summary: `Автобус ${trip.operator}`,
        departure_at: trip.departure_at,
        arrival_at: trip.arrival_at,
        duration_minutes: trip.duration_minutes,
        price: trip.price,
        checkout_ref: trip.checkout_ref,
      });
    }
  }
  const byTime = args.optimize_for === 'time';
  options.sort((a, b) =>
    byTime ? a.duration_minutes - b.duration_minutes || a.price - b.price : a.price - b.price || a.duration_minutes - b.duration_minutes,
  );
  return {
    meta: {
      product: 'multitransport',
      date: args.date,
      adults,
      optimize_for: byTime ? 'time' : 'price',
      pricing: { basis: 'party_total', currency: 'RUB' },
      total_matched: options.length,
      has_more: false,
      ...(skipped.length > 0 ? { skipped } : {}),
      data_source: DATA_SOURCE,
    },
    options,
  };
}
