/**
 * The stand-in's settings from the environment: port 8410 on loopback, no added latency and no
 * faults unless asked for. `TUTU_SIM_FAULTS` takes `tool=fault[*N]` pairs (see sim-control.ts).
 */
import { loopbackOrigins } from '@agent-products/kit/http';
import { parseFaultList, type ControlSettings } from './control/sim-control.ts';

export interface TutuSimConfig {
  port: number;
  host: string;
  publicUrl: string | undefined;
  allowedOrigins: string[];
  control: ControlSettings;
  logLevel: string;
}

function integer(name: string, value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > max) throw new TypeError(`${name} must be an integer from 0 to ${max}: ${value}`);
  return number;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): TutuSimConfig {
  const port = integer('TUTU_SIM_PORT', env.TUTU_SIM_PORT, 8410, 65535);
  return {
    port,
    host: '127.0.0.1',
    publicUrl: env.TUTU_SIM_PUBLIC_URL || undefined,
    allowedOrigins: loopbackOrigins(port),
    control: {
      latencyMs: integer('TUTU_SIM_LATENCY_MS', env.TUTU_SIM_LATENCY_MS, 0, 60_000),
      faults: parseFaultList(env.TUTU_SIM_FAULTS),
      hangMs: integer('TUTU_SIM_HANG_MS', env.TUTU_SIM_HANG_MS, 30_000, 600_000),
    },
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
