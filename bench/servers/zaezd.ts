/**
 * zaezd as benchmarked: the real app over the Tutu stand-in at BENCH_TUTU_URL, with the settings
 * `npm start` uses (25 s per-call timeout, 45 s per trip, one retry, two-minute search cache).
 * Prints its URL on stdout once listening.
 */
import { listenFirst, loopbackOrigins, stopOnSignals } from '@agent-products/kit/http';
import { createLogger } from '@agent-products/kit/log';
import { createZaezdApp, DEFAULT_SEARCH_BUDGET_MS, DEFAULT_TUTU_TIMEOUT_MS, type ZaezdApp } from '@agent-products/zaezd/composition';

const upstream = process.env.BENCH_TUTU_URL;
if (!upstream) throw new TypeError('BENCH_TUTU_URL must name the Tutu stand-in’s /mcp URL');
const server = await listenFirst(0);
const app: ZaezdApp = createZaezdApp({
  log: createLogger({ name: 'zaezd-bench', level: 'silent' }),
  allowedOrigins: loopbackOrigins(server.port),
  publicUrl: server.url,
  tutu: { url: upstream, timeoutMs: DEFAULT_TUTU_TIMEOUT_MS, searchBudgetMs: DEFAULT_SEARCH_BUDGET_MS, retries: 1, cacheTtlMs: 120_000 },
  events: { source: 'bundled' },
  weather: { baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 },
});
server.serve(app.app.fetch);
process.stdout.write(`LISTENING ${server.url}\n`);
stopOnSignals(
  () => server.close(),
  () => app.close(),
);
