/**
 * The trip's addresses, each rebuilt from the trip ID (a malformed or altered one is a 400, never
 * a 500). `/t/:trip_id` is the trip as JSON (the same TripResult find_event_trips answered) for a
 * client that accepts application/json, otherwise the trip board page: its loader is
 * trip-board-state.ts and its view trip-page.tsx (`?package=N` adds that package's checkout
 * links); `/t/:trip_id/checkout/:package` is those links as JSON for the board's script. The
 * board's links: `/t/:trip_id/also/:event` is the same request built around another matching
 * event, and `/t/:trip_id/go/:package/:item` asks Tutu for a fresh checkout link at click time and
 * redirects to it; when that live call fails it shows the search results instead, honestly
 * labelled.
 */
import type { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '@agent-products/kit/http';
import { ToolError, errorEnvelope } from '@agent-products/kit/errors';
import { htmlDocument } from '@agent-products/kit/web';
import { fail } from '../errors.ts';
import { decodeTripId, encodeTripId } from '../trips/trip-id.ts';
import type { TripPlanner } from '../trips/trip-planner.ts';
import { boardAssets } from './board-assets.ts';
import type { TileSettings } from './board/board-map.ts';
import { CheckoutFallbackPage } from './problem-pages.tsx';
import { tripBoardState } from './trip-board-state.ts';
import { TripPage } from './trip-page.tsx';
import { tripProblem, wantsJson } from './trip-problem-answer.tsx';

export interface TripRouteOptions {
  planner: TripPlanner;
  now: () => Date;
  tiles: TileSettings;
}

export function mountTripRoutes(app: Hono<AppEnv>, options: TripRouteOptions): void {
  mountTripBoard(app, options);
  mountTripLinks(app, options);
}

/** The trip itself: the board page or its JSON, and a package's checkout links for the board's script. */
function mountTripBoard(app: Hono<AppEnv>, options: TripRouteOptions): void {
  const { planner, now } = options;

  app.get('/t/:tripId', async (c) => {
    const tripId = c.req.param('tripId');
    try {
      c.header('Vary', 'Accept');
      if (wantsJson(c)) return c.json(await planner.reproduce(tripId, now()));
      const asked = Number(c.req.query('package'));
      const checkoutPackage = Number.isInteger(asked) && asked >= 1 && asked <= 3 ? asked : null;
      const [state, assets] = await Promise.all([tripBoardState(planner, tripId, now(), checkoutPackage), boardAssets()]);
      return c.html(htmlDocument(<TripPage state={state} tiles={options.tiles} assetsVersion={assets.version} />));
    } catch (error) {
      if (error instanceof ToolError) return tripProblem(c, error);
      throw error;
    }
  });

  // A package's checkout links as JSON (create_trip_checkout's answer), for the board's script to
  // draw in place; without a script, `/t/:id?package=N` renders the board with them.
  app.get('/t/:tripId/checkout/:package', async (c) => {
    const packageNumber = Number(c.req.param('package'));
    try {
      if (!Number.isInteger(packageNumber) || packageNumber < 1 || packageNumber > 3) {
        throw fail('unknown_package', 'The package number must be 1, 2 or 3.');
      }
      return c.json(await planner.checkout(c.req.param('tripId'), packageNumber, now()));
    } catch (error) {
      if (error instanceof ToolError) return c.json(errorEnvelope(error, c.get('correlationId')), error.status as ContentfulStatusCode);
      throw error;
    }
  });
}

/** Where the board's links lead: the trip around another event, and a checkout item's live link. */
function mountTripLinks(app: Hono<AppEnv>, options: TripRouteOptions): void {
  const { planner, now } = options;

  app.get('/t/:tripId/also/:eventId', async (c) => {
    const tripId = c.req.param('tripId');
    try {
      const trip = await planner.reproduce(tripId, now());
      const other = trip.other_events.find((o) => o.id === c.req.param('eventId'));
      if (!other) return tripProblem(c, fail('event_not_found', 'This trip lists no other event with that id.'), tripId);
      const { request } = decodeTripId(tripId);
      // biome-ignore lint/complexity/useMathMinMax: ISO dates compared as strings; Math.max would give NaN.
      const day = other.starts_at.slice(0, 10) < request.dateFrom ? request.dateFrom : other.starts_at.slice(0, 10);
      const otherId = encodeTripId({ request, event: { source: trip.event?.source ?? 'bundled', id: other.id, day } });
      return c.redirect(`/t/${otherId}`, 303);
    } catch (error) {
      if (error instanceof ToolError) return tripProblem(c, error, tripId);
      throw error;
    }
  });

  app.get('/t/:tripId/go/:package/:item', async (c) => {
    const tripId = c.req.param('tripId');
    const packageNumber = Number(c.req.param('package'));
    if (!Number.isInteger(packageNumber) || packageNumber < 1 || packageNumber > 3) {
      return tripProblem(c, fail('unknown_package', 'The package number must be 1, 2 or 3.'), tripId);
    }
    try {
      const link = await planner.freshLink(tripId, packageNumber, c.req.param('item'), now());
      if (link.status === 'link' && link.url) {
        return c.redirect(link.url, 302);
      }
      // Tutu's own words are for the log; the traveller gets what it means for them, in Russian.
      c.get('log').warn({ item: link.item, package: packageNumber, problem: link.problem }, 'no checkout link from Tutu; offering its search instead');
      return c.html(
        htmlDocument(<CheckoutFallbackPage tripId={tripId} item={link.item} price={link.price} searchUrl={link.search_results_url} searchLabel={link.label} />),
        502,
      );
    } catch (error) {
      if (error instanceof ToolError) return tripProblem(c, error, tripId);
      throw error;
    }
  });
}
