/** Starts the Tutu stand-in on an ephemeral loopback port for its own black-box suites. */
import { listenFirst, loopbackOrigins } from '@agent-products/kit/http';
import { createLogger } from '@agent-products/kit/log';
import { createTutuSim, type TutuSim } from '../../src/app.ts';
import type { ControlSettings } from '../../src/control/sim-control.ts';

export const SIM_NOW = new Date('2026-11-30T09:00:00Z');

export interface RunningSim {
  url: string;
  sim: TutuSim;
  stop(): Promise<void>;
}

export async function startSim(control: Partial<ControlSettings> = {}, now = SIM_NOW): Promise<RunningSim> {
  const server = await listenFirst(0);
  const sim: TutuSim = createTutuSim({
    log: createLogger({ name: 'tutu-sim-test', level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    allowedOrigins: loopbackOrigins(server.port),
    publicUrl: () => server.url,
    control: { latencyMs: 0, faults: [], hangMs: 2000, ...control },
    clock: () => now,
  });
  server.serve(sim.app.fetch);
  return {
    url: server.url,
    sim,
    async stop() {
      await server.close();
      await sim.close();
    },
  };
}
