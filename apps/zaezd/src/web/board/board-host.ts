/**
 * What the trip board's surroundings do for it: the web page (page-entry.ts) offers plain links
 * and zaezd's checkout route, the MCP App widget (widget-entry.ts) sends links and the
 * traveller's choice of package through the host.
 */
import type { TripCheckout } from '../../trips/trip-checkout.ts';
import type { TripEvent, TripPackage } from '../../trips/trip-result.ts';

/** What the board's surroundings do for it. */
export interface BoardHost {
  /** Opens a link outside the board. The widget sends it to the host (ui/open-link); on the web page links are plain links. */
  openLink?: (url: string) => void;
  /** The traveller asked to see one package; the widget tells the agent (ui/update-model-context). */
  packageSelected?: (selection: PackageSelection) => void;
  /**
   * Asks zaezd for a package's checkout links (create_trip_checkout's answer), so they appear in
   * place; without it the «get links» link loads the board with them. Rejects with a Russian reason.
   */
  prepareCheckout?: (tripId: string, packageNumber: number) => Promise<TripCheckout>;
  /** The board is the MCP App widget (it then links to its web version). */
  widget?: boolean;
}

export interface PackageSelection {
  tripId: string;
  webUrl: string;
  event: TripEvent | null;
  pkg: TripPackage;
}
