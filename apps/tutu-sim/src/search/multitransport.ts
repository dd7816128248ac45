/**
 * `search_multitransport` on the stand-in: the day's options by rail, air and bus side by side,
 * each priced for the whole party, ordered by price or by travel time.
 */
import type { SimContext } from '../sim-context.ts';
import { searchAvia } from './search-avia.ts';
import { searchBus } from './search-ground.ts';
import { searchRail, MAX_RAIL_PASSENGERS } from './search-rail.ts';
import { DATA_SOURCE } from './argument-checks.ts';

export type Mode = 'rail' | 'avia' | 'bus';

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
  const modes = args.modes ?? ['rail', 'avia', 'bus'];
  const options: Option[] = [];
  const skipped: string[] = [];
  if (modes.includes('rail')) {
    if (adults > MAX_RAIL_PASSENGERS) skipped.push(`rail: не больше ${MAX_RAIL_PASSENGERS} пассажиров в заказе`);
    else {
      for (const train of searchRail({ origin: args.origin, destination: args.destination, date: args.date, passengers: adults }, ctx).trains) {
        if (!train.best_offer) continue;
        options.push({
          mode: 'rail',
          summary: `Поезд ${train.train_number}${train.name ? ` «${train.name}»` : ''}, ${train.best_offer.category}`,
          departure_at: train.departure_at,
          arrival_at: train.arrival_at,
          duration_minutes: train.duration_minutes,
          price: train.best_offer.price * adults,
          checkout_ref: train.best_offer.checkout_ref,
        });
      }
    }
  }
  if (modes.includes('avia')) {
    for (const offer of searchAvia({ origin: args.origin, destination: args.destination, departure_date: args.date, adults }, ctx).offers) {
      options.push({
        mode: 'avia',
        summary: `${offer.carrier}, ${offer.there.segments.map((s) => s.flight_number).join(' + ')}`,
        departure_at: offer.there.departure_at,
        arrival_at: offer.there.arrival_at,
        duration_minutes: offer.there.duration_minutes,
        price: offer.price,
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
  options.sort((a, b) => (byTime ? a.duration_minutes - b.duration_minutes || a.price - b.price : a.price - b.price || a.duration_minutes - b.duration_minutes));
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
