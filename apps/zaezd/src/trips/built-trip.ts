/**
 * A trip as rebuilt from its ID, in one of two cases: no event matched (nothing was asked of
 * Tutu), or a trip around an event, with the offers its packages were built from, which the
 * details view and checkout need and the answer does not show.
 */
import type { BuiltPackage } from './build-packages.ts';
import type { Candidate } from './choose-event.ts';
import type { OfferSearches } from './search-offers.ts';
import type { TripEvent, TripResult } from './trip-result.ts';

export interface NoEventTrip {
  kind: 'no_event';
  result: TripResult;
}

export interface EventTrip {
  kind: 'trip';
  result: TripResult;
  /** The event as the result shows it (the result's own `event` is nullable for the other case). */
  event: TripEvent;
  chosen: Candidate;
  searches: OfferSearches;
  /** Possibly none (status `no_packages`). */
  packages: BuiltPackage[];
}

export type BuiltTrip = NoEventTrip | EventTrip;
