/**
 * Builds zaezd as one Hono app: the upstream client, the events source and the weather adapter
 * wired into the trip planner, the MCP endpoint with its three tools and the trip board widget,
 * and the web routes. Used by `main.ts`, by the tests (against the Tutu stand-in on an ephemeral
 * port) and by the benchmark. Nothing here holds trip state: every trip is rebuilt from its ID.
 */
import type { Hono } from 'hono';
import { createHttpApp, type AppEnv } from '@agent-products/kit/http';
import { createMcpEndpoint, mountMcpEndpoint } from '@agent-products/kit/mcp';
import type { Logger } from '@agent-products/kit/log';
import { BundledEventsSource } from './events/bundled/bundled-events-source.ts';
import type { EventsSource } from './events/event.ts';
import { KudagoEventsSource } from './events/kudago-events-source.ts';
import { DEFAULT_CHECKOUT_HOSTS, DEFAULT_SEARCH_BUDGET_MS, DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL } from './config.ts';
import { tripBoardCsp, tripBoardResource } from './mcp/trip-board-resource.ts';
import { tripTools } from './mcp/trip-tools.ts';
import { CheckoutHosts } from './trips/checkout-hosts.ts';
import { TripPlanner } from './trips/trip-planner.ts';
import { McpToolCaller, TutuClient } from './tutu/index.ts';
import { OpenMeteoWeather } from './weather/open-meteo.ts';
import { boardAssets } from './web/board-assets.ts';
import { registerWebRoutes } from './web/routes.tsx';
import { tripBoardDocument } from './web/trip-board-document.tsx';

export const SERVICE_NAME = 'zaezd';
export const SERVICE_VERSION = '0.1.0';

const INSTRUCTIONS =
  'zaezd turns "I want to go to <kind of event> from <city>" into up to three trip packages (train or plane there and back + hotel) to a matching event in Russia, ' +
  'and checkout links on Tutu’s own site. Call find_event_trips, then get_trip_details and create_trip_checkout with its trip_id and a package number. ' +
  'Read the coverage note before presenting a trip. Never imply a booking, a held price or an event ticket: zaezd books nothing and sells no tickets.';

export interface ZaezdAppOptions {
  log: Logger;
  /** METRICS_TOKEN: the bearer token a scraper not on this machine sends for GET /metrics (kit observe/). */
  metricsToken?: string | undefined;
  allowedOrigins: readonly string[];
  publicUrl: string;
  tutu: { url: string; timeoutMs: number; retries: number; backoffMs?: number; cacheTtlMs: number; searchBudgetMs?: number; checkoutHosts?: readonly string[] };
  events: { source: 'bundled' } | { source: 'kudago'; baseUrl: string; timeoutMs: number };
  weather: { baseUrl: string; timeoutMs: number; apiKey?: string };
  /** The trip board's map tiles; OpenStreetMap's public server when not given. */
  tiles?: { url: string; attribution: string };
  clock?: () => Date;
}

export interface ZaezdApp {
  app: Hono<AppEnv>;
  planner: TripPlanner;
  tutu: TutuClient;
  close(): Promise<void>;
}

/** How long a health check's view of the upstream stays fresh, so probes do not hammer Tutu. */
const HEALTH_PROBE_MS = 5000;

export function createZaezdApp(options: ZaezdAppOptions): ZaezdApp {
  const clock = options.clock ?? (() => new Date());
  const tutu = new TutuClient(
    new McpToolCaller({
      url: options.tutu.url,
      timeoutMs: options.tutu.timeoutMs,
      retries: options.tutu.retries,
      backoffMs: options.tutu.backoffMs ?? 150,
      cacheTtlMs: options.tutu.cacheTtlMs,
      log: options.log.child({ upstream: 'tutu' }),
      clientName: SERVICE_NAME,
      clientVersion: SERVICE_VERSION,
    }),
  );
  const events: EventsSource =
    options.events.source === 'kudago'
      ? new KudagoEventsSource({ baseUrl: options.events.baseUrl, timeoutMs: options.events.timeoutMs, cacheTtlMs: 10 * 60_000 })
      : new BundledEventsSource();
  const weather = new OpenMeteoWeather({
    baseUrl: options.weather.baseUrl,
    timeoutMs: options.weather.timeoutMs,
    apiKey: options.weather.apiKey,
    cacheTtlMs: 30 * 60_000,
  });
  const planner = new TripPlanner({
    events,
    tutu,
    weather,
    publicUrl: options.publicUrl,
    searchBudgetMs: options.tutu.searchBudgetMs ?? DEFAULT_SEARCH_BUDGET_MS,
    checkoutHosts: new CheckoutHosts(options.tutu.checkoutHosts ?? DEFAULT_CHECKOUT_HOSTS, options.tutu.url),
  });

  const tutuReachable = cachedReachability(tutu, HEALTH_PROBE_MS);
  const app = createHttpApp({
    log: options.log,
    allowedOrigins: options.allowedOrigins,
    publicUrl: options.publicUrl,
    service: { name: SERVICE_NAME, version: SERVICE_VERSION },
    metrics: { token: options.metricsToken },
    health: {
      // Every trip tool searches Tutu: without it zaezd answers nothing but retryable errors.
      dependencies: [{ name: 'tutu', essential: true, neededFor: 'find_event_trips and every trip tool (rail, air and hotel searches)', probe: tutuReachable }],
      details: ({ tutu: state }) => ({
        service: SERVICE_NAME,
        version: SERVICE_VERSION,
        upstream: { reachable: state?.up ?? false, standIn: tutu.isStandIn, ...tutu.stats },
        demoData: tutu.isStandIn,
        events: events.name,
        state: 'none (stateless: trips are rebuilt from their IDs)',
      }),
    },
  });

  const tiles = options.tiles ?? { url: DEFAULT_TILE_URL, attribution: DEFAULT_TILE_ATTRIBUTION };
  let widget: Promise<string> | undefined;
  const widgetDocument = () => {
    widget ??= boardAssets().then((assets) => tripBoardDocument(assets, tiles));
    return widget;
  };

  const endpoint = createMcpEndpoint({
    name: SERVICE_NAME,
    version: SERVICE_VERSION,
    title: 'zaezd — trips to events',
    instructions: INSTRUCTIONS,
    tools: tripTools(planner),
    registrations: [tripBoardResource(tripBoardCsp(options.publicUrl, tiles.url), widgetDocument)],
    onError: (error) => options.log.warn({ err: error }, 'mcp handler error'),
  });
  mountMcpEndpoint(app, endpoint, { now: clock });

  registerWebRoutes(app, { planner, tutu, now: clock, tiles });

  return {
    app,
    planner,
    tutu,
    async close() {
      await endpoint.close();
      await tutu.close();
    },
  };
}

/** All health needs of the Tutu client: whether Tutu answers. */
interface ReachabilityProbe {
  reachable(): Promise<boolean>;
}

/** The probe's answer reused for `freshMs`, so health checks do not hammer the upstream. */
function cachedReachability(target: ReachabilityProbe, freshMs: number): () => Promise<boolean> {
  let last: { at: number; reachable: Promise<boolean> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > freshMs) last = { at: Date.now(), reachable: target.reachable() };
    return last.reachable;
  };
}
