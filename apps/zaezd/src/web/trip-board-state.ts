/**
 * What the web page `/t/:id` embeds for the board: the trip rebuilt from its ID and each
 * package's details — the same answers the widget gets from find_event_trips and then
 * get_trip_details, so both draw the same board. A package whose details fail carries the
 * reason, as the widget shows a failed tool call. When the traveller asked for one package's
 * checkout links (`?package=N`), create_trip_checkout's answer for it comes too, so each button
 * says what Tutu's link opens before it is clicked.
 */
import { ToolError } from '@agent-products/kit/errors';
import type { TripPlanner } from '../trips/trip-planner.ts';
import type { BoardState, PackageDetails } from './board/board-data.ts';

export async function tripBoardState(planner: TripPlanner, tripId: string, now: Date, checkoutPackage: number | null = null): Promise<BoardState> {
  const trip = await planner.reproduce(tripId, now);
  const wanted = checkoutPackage !== null && trip.packages.some((p) => p.number === checkoutPackage) ? checkoutPackage : null;
  const [details, checkout] = await Promise.all([
    Promise.all(
      trip.packages.map(
        (pkg): Promise<PackageDetails> =>
          planner.details(tripId, pkg.number, now).then(
            (answer) => ({ package: pkg.number, details: answer }),
            (error: unknown) => {
              if (error instanceof ToolError) return { package: pkg.number, problem: error.message };
              throw error;
            },
          ),
      ),
    ),
    wanted === null ? null : planner.checkout(tripId, wanted, now),
  ]);
  return { trip, details, checkout };
}
