/**
 * The Tutu stand-in as benchmarked: the real app with BENCH_TUTU_LATENCY_MS (default 100) added
 * to every tool call, so each upstream call costs what a remote server would. Prints its URL on
 * stdout once listening.
 */
import { listenFirst, loopbackOrigins, stopOnSignals } from '@agent-products/kit/http';
import { envReader } from '@agent-products/kit/settings';
import { createLogger } from '@agent-products/kit/log';
import { createTutuSim, type TutuSim } from '@agent-products/tutu-sim';

const latencyMs = envReader().duration('BENCH_TUTU_LATENCY_MS', 100, { unit: 'ms', min: 0 });
const server = await listenFirst(0);
const sim: TutuSim = createTutuSim({
  log: createLogger({ name: 'tutu-sim-bench', level: 'silent' }),
  allowedOrigins: loopbackOrigins(server.port),
  publicUrl: () => server.url,
  control: { latencyMs, faults: [], hangMs: 30_000 },
});
server.serve(sim.app.fetch);
process.stdout.write(`LISTENING ${server.url}\n`);
stopOnSignals(
  () => server.close(),
  () => sim.close(),
);
