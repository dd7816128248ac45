/**
 * The Tutu stand-in as benchmarked: the real app with BENCH_TUTU_LATENCY_MS (default 100) added
 * to every tool call, so each upstream call costs what a remote server would. Prints its URL on
 * stdout once listening.
 */
import { listen, loopbackOrigins } from '@agent-products/kit/http';
import { createLogger } from '@agent-products/kit/log';
import { createTutuSim, type TutuSim } from '../../apps/tutu-sim/src/app.ts';

const latencyMs = Number(process.env.BENCH_TUTU_LATENCY_MS ?? 100);
let sim: TutuSim | undefined;
const server = await listen((request) => sim!.app.fetch(request), 0);
sim = createTutuSim({
  log: createLogger({ name: 'tutu-sim-bench', level: 'silent' }),
  allowedOrigins: loopbackOrigins(server.port),
  publicUrl: () => server.url,
  control: { latencyMs, faults: [], hangMs: 30_000 },
});
process.stdout.write(`LISTENING ${server.url}\n`);
process.on('SIGTERM', async () => {
  await server.close();
  await sim!.close();
  process.exit(0);
});
