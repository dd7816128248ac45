/**
 * What the trip board draws, shared by the server (which embeds it in `/t/:id`) and the browser
 * renderer (which draws it on that page and in the MCP App widget). Types and element ids only:
 * the browser bundle carries no schemas, and both data paths hand the renderer the same shape.
 */
import type { TripCheckout } from '../../trips/trip-checkout.ts';
import type { TripDetails } from '../../trips/trip-details.ts';
import type { TripResult } from '../../trips/trip-result.ts';

/** One package's get_trip_details answer, or why it could not be had. */
export type PackageDetails = { package: number; details: TripDetails } | { package: number; problem: string };

export interface BoardState {
  /** find_event_trips' answer; null when the board opened on one package's answer. */
  trip: TripResult | null;
  /** get_trip_details answers so far; a package without an entry is still being asked for. */
  details: PackageDetails[];
  /** create_trip_checkout's answer when the board opened on it: its labels follow the kinds Tutu returned. */
  checkout: TripCheckout | null;
}

export const BOARD_ROOT_ID = 'trip-board';
export const BOARD_DATA_ID = 'trip-board-data';
