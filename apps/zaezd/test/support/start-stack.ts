/**
 * Starts the real stack for black-box suites: the Tutu stand-in and zaezd wired to it, each on
 * an ephemeral loopback port, both on one injected clock so dates are the same in every run.
 * The stand-in's control (latency, faults, call counts) is handed to the test.
 */
import { listenFirst, loopbackOrigins } from '@agent-products/kit/http';
import { createLogger } from '@agent-products/kit/log';
import { createTutuSim, type FaultRule, type TutuSim } from '@agent-products/tutu-sim';
import { createZaezdApp, type ZaezdApp, type ZaezdAppOptions } from '../../src/app.ts';

/** "Today" for the suites: 30 November 2026, 12:00 in Moscow. */
export const TEST_NOW = new Date('2026-11-30T09:00:00Z');

export interface StackOptions {
  now?: Date;
  simLatencyMs?: number;
  simFaults?: FaultRule[];
  simHangMs?: number;
  /** Where the stand-in's links point (its own address unless given). */
  simPublicUrl?: string;
  /** Point zaezd somewhere other than the stand-in (e.g. a dead port). */
  tutuUrl?: string;
  tutuTimeoutMs?: number;
  tutuRetries?: number;
  tutuCacheTtlMs?: number;
  tutuSearchBudgetMs?: number;
  weatherUrl?: string;
  weatherTimeoutMs?: number;
  events?: ZaezdAppOptions['events'];
  tiles?: ZaezdAppOptions['tiles'];
  /** Browser origins allowed besides zaezd's own loopback origins (CORS on /mcp), as ZAEZD_ALLOWED_ORIGINS adds them. */
  extraOrigins?: string[];
}

export interface RunningStack {
  url: string;
  port: number;
  simUrl: string;
  sim: TutuSim;
  zaezd: ZaezdApp;
  stop(): Promise<void>;
}

export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const log = createLogger({ name: 'zaezd-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const clock = () => options.now ?? TEST_NOW;

  const simServer = await listenFirst(0);
  const sim = createTutuSim({
    log,
    allowedOrigins: loopbackOrigins(simServer.port),
    publicUrl: () => options.simPublicUrl ?? simServer.url,
    control: { latencyMs: options.simLatencyMs ?? 0, faults: options.simFaults ?? [], hangMs: options.simHangMs ?? 3000 },
    clock,
  });
  simServer.serve(sim.app.fetch);

  const server = await listenFirst(0);
  const zaezd = createZaezdApp({
    log,
    allowedOrigins: [...loopbackOrigins(server.port), ...(options.extraOrigins ?? [])],
    publicUrl: server.url,
    tutu: {
      url: options.tutuUrl ?? `${simServer.url}/mcp`,
      timeoutMs: options.tutuTimeoutMs ?? 3000,
      retries: options.tutuRetries ?? 1,
      backoffMs: 20,
      cacheTtlMs: options.tutuCacheTtlMs ?? 60_000,
      ...(options.tutuSearchBudgetMs === undefined ? {} : { searchBudgetMs: options.tutuSearchBudgetMs }),
    },
    events: options.events ?? { source: 'bundled' },
    // Port 9 on loopback refuses connections: weather is "unreachable" unless a test serves it.
    // A served forecast gets a timeout a loaded CI machine can meet; a refused port fails at once.
    weather: { baseUrl: options.weatherUrl ?? 'http://127.0.0.1:9', timeoutMs: options.weatherTimeoutMs ?? (options.weatherUrl ? 10_000 : 500) },
    ...(options.tiles ? { tiles: options.tiles } : {}),
    clock,
  });
  server.serve(zaezd.app.fetch);

  return {
    url: server.url,
    port: server.port,
    simUrl: simServer.url,
    sim: sim,
    zaezd: zaezd,
    async stop() {
      await server.close();
      await zaezd.close();
      await simServer.close();
      await sim.close();
    },
  };
}
