/**
 * The stand-in's settings from the environment: port 8410 on loopback, no added latency and no
 * faults unless asked for. `TUTU_SIM_FAULTS` takes `tool=fault[*N]` pairs (see sim-control.ts).
 */
import { loopbackOrigins } from '@agent-products/kit/http';
import { envReader, servingSettings, type ServingSettings } from '@agent-products/kit/settings';
import { parseFaultList, type ControlSettings } from './control/sim-control.ts';

export interface TutuSimConfig {
  port: number;
  /** The address it binds (BIND_ADDRESS). */
  host: string;
  /** How it drains on SIGTERM (DRAIN_DELAY_MS, DRAIN_TIMEOUT_MS). */
  drain: ServingSettings['drain'];
  publicUrl: string | undefined;
  allowedOrigins: string[];
  control: ControlSettings;
  logLevel: string;
  /** METRICS_TOKEN: the bearer token a scraper not on this machine sends for GET /metrics; unset: local scrapers only. */
  metricsToken?: string | undefined;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): TutuSimConfig {
  const read = envReader(env);
  const port = read.port('TUTU_SIM_PORT', 8410);
  const serving = servingSettings(read);
  return {
    port,
    host: serving.bindAddress,
    drain: serving.drain,
    publicUrl: read.optional('TUTU_SIM_PUBLIC_URL'),
    allowedOrigins: loopbackOrigins(port),
    control: {
      latencyMs: read.duration('TUTU_SIM_LATENCY_MS', 0, { unit: 'ms', min: 0, max: 60_000 }),
      faults: parseFaultList(env.TUTU_SIM_FAULTS),
      hangMs: read.duration('TUTU_SIM_HANG_MS', 30_000, { unit: 'ms', min: 0, max: 600_000 }),
    },
    logLevel: read.string('LOG_LEVEL', 'info'),
    metricsToken: read.optional('METRICS_TOKEN'),
  };
}
