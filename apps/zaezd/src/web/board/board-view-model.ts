/**
 * What the trip board draws from: the answer as one View whichever tool it came from (a search,
 * a package's details, a checkout), and what the board's surroundings add to a render (BoardUi).
 * Every block renderer reads these; board-view.ts assembles the blocks.
 */
import type { TripCheckout } from '../../trips/trip-checkout.ts';
import type { TripDetails } from '../../trips/trip-details.ts';
import type { TripEvent, TripPackage, TripResult } from '../../trips/trip-result.ts';
import type { BoardState, PackageDetails } from './board-data.ts';

export type MapView = 'none' | 'loading' | 'ready' | 'failed';

/**
 * What the board's surroundings add to a render: whether a script runs it, the map's state, the
 * package shown on it, the checkout items already opened, the package whose links are being asked
 * for and why the last ask failed.
 */
export interface BoardUi {
  /** A script draws the board (not the server's page for a browser without JavaScript). */
  script: boolean;
  /** The board is the MCP App widget in an agent's chat (not the web page). */
  widget: boolean;
  map: MapView;
  selected: number | null;
  /** `<package>/<item>` of each checkout button already clicked. */
  opened: ReadonlySet<string>;
  /** The package whose checkout links are being asked for in place. */
  asking: number | null;
  /** Why asking for a package's links failed, in Russian. */
  problem: { package: number; text: string } | null;
}

/** The answer the board draws, whichever tool it came from. */
export interface View {
  tripId: string;
  webUrl: string;
  demo: boolean;
  notice: string | null;
  trip: TripResult | null;
  event: TripEvent | null;
  packages: TripPackage[];
  details: Map<number, PackageDetails>;
  checkout: TripCheckout | null;
  adults: number | null;
  /** Some package's details are still being asked for. */
  pending: boolean;
}

export function viewOf(state: BoardState): View | null {
  const known: TripDetails[] = state.details.flatMap((entry) => ('details' in entry ? [entry.details] : []));
  const source = state.trip ?? known[0] ?? state.checkout;
  if (!source) return null;
  const packages = state.trip ? state.trip.packages : known.map((d) => d.package).sort((a, b) => a.number - b.number);
  const details = new Map(state.details.map((entry) => [entry.package, entry]));
  return {
    tripId: source.trip_id,
    webUrl: source.web_url,
    demo: source.demo_data,
    notice: source.notice,
    trip: state.trip,
    event: state.trip ? state.trip.event : (known[0]?.event ?? null),
    packages,
    details,
    checkout: state.checkout,
    adults: state.trip?.request.adults ?? known[0]?.rates.adults ?? null,
    pending: packages.some((p) => !details.has(p.number)),
  };
}
