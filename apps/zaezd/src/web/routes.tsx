/**
 * zaezd's web routes. `/` is the front door with a search form; `/search` runs it through the
 * same orchestrator as find_event_trips and lands on the trip; `/agents` is the page for agents.
 * The trip's own addresses (`/t/…`: the board, its JSON, its checkout links and where the board's
 * links lead) are in trip-routes.tsx.
 *
 * Any other address answers zaezd's own 404 page, in Russian, with the way back.
 *
 * Pages carry no script, except the trip board: its page may run the board's own script from
 * /assets/ and load map tiles from the tile server, and nothing else (page-policy.tsx). Every page
 * reads without it; the board's script adds the map.
 */
import type { Hono } from 'hono';
import { htmlDocument } from '@agent-products/kit/web';
import type { AppEnv } from '@agent-products/kit/http';
import type { TutuClient } from '../tutu/index.ts';
import { AgentsPage } from './agents-page.tsx';
import { HomePage } from './home-page.tsx';
import { mountPagePolicy } from './page-policy.tsx';
import { runSearch } from './search-route.ts';
import { mountSiteAssets } from './site-assets.ts';
import { mountTripRoutes, type TripRouteOptions } from './trip-routes.tsx';

export interface WebRoutesOptions extends TripRouteOptions {
  tutu: TutuClient;
}

export function registerWebRoutes(app: Hono<AppEnv>, options: WebRoutesOptions): void {
  const { planner, tutu, now } = options;
  mountPagePolicy(app, options.tiles);
  mountSiteAssets(app);

  app.get('/', (c) => c.html(htmlDocument(<HomePage upstreamIsStandIn={tutu.isStandIn} now={now()} />)));
  app.get('/agents', (c) => c.html(htmlDocument(<AgentsPage upstreamIsStandIn={tutu.isStandIn} />)));

  app.get('/search', async (c) => {
    const outcome = await runSearch(c, planner, now());
    if ('tripPath' in outcome) return c.redirect(outcome.tripPath, 303);
    return c.html(htmlDocument(<HomePage upstreamIsStandIn={tutu.isStandIn} now={now()} fields={outcome.fields} problem={outcome.problem} />), outcome.status);
  });

  mountTripRoutes(app, options);
}
