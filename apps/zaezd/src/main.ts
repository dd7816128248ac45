/**
 * `npm start`: zaezd on http://127.0.0.1:8402, over the Tutu MCP server at TUTU_MCP_URL (by
 * default the local stand-in, tutu-sim, on 8410) and the bundled events dataset. Stateless:
 * there is no database; any number of these processes can run behind a load balancer. The trip
 * board's browser code is built while the server starts, so the first page and widget are quick
 * and a broken install fails here rather than on a traveller's click.
 */
import { createLogger } from '@agent-products/kit/log';
import { listenFirst, loopbackOrigins, stopOnSignals } from '@agent-products/kit/http';
import { createZaezdApp, type ZaezdApp } from './app.ts';
import { configFromEnv } from './config.ts';
import { TRIP_BOARD_URI } from './mcp/trip-board-resource.ts';
import { boardAssets } from './web/board-assets.ts';

const config = configFromEnv();
const assetsReady = boardAssets();
const log = createLogger({ name: 'zaezd', level: config.logLevel });
// Trip links name the server's own address, known once it is listening.
const server = await listenFirst(config.port, config.host);
const service: ZaezdApp = createZaezdApp({
  log,
  allowedOrigins: [...config.allowedOrigins, ...loopbackOrigins(server.port)],
  publicUrl: config.publicUrl ?? server.url,
  tutu: {
    url: config.tutuUrl,
    timeoutMs: config.tutuTimeoutMs,
    retries: config.tutuRetries,
    cacheTtlMs: config.tutuCacheTtlMs,
    searchBudgetMs: config.tutuSearchBudgetMs,
    checkoutHosts: config.checkoutHosts,
  },
  events: config.eventsSource === 'kudago' ? { source: 'kudago', baseUrl: config.kudagoUrl, timeoutMs: config.kudagoTimeoutMs } : { source: 'bundled' },
  weather: { baseUrl: config.weatherUrl, timeoutMs: config.weatherTimeoutMs, apiKey: config.weatherApiKey },
  tiles: { url: config.tileUrl, attribution: config.tileAttribution },
  metricsToken: config.metricsToken,
});
server.serve(service.app.fetch);
await assetsReady;
log.info({ url: server.url, upstream: config.tutuUrl, events: config.eventsSource }, 'zaezd listening');
process.stdout.write(
  [
    '',
    `zaezd          ${server.url}/            (web)`,
    `               ${server.url}/t/<trip_id> (a trip board; JSON with Accept: application/json)`,
    `               ${server.url}/mcp         (MCP, POST only: find_event_trips, get_trip_details, create_trip_checkout; widget ${TRIP_BOARD_URI})`,
    `               ${server.url}/health`,
    `Upstream       ${config.tutuUrl}${config.tutuUrl.includes('127.0.0.1:8410') ? '  (tutu-sim: demo data)' : ''}`,
    `Events         ${config.eventsSource === 'kudago' ? `KudaGo (${config.kudagoUrl})` : 'bundled dataset'}`,
    `Map tiles      ${config.tileUrl}`,
    '',
  ].join('\n'),
);

stopOnSignals(
  () => server.drain(config.drain),
  () => service.close(),
);
