/**
 * `npm start`: the Tutu stand-in on http://127.0.0.1:8410 — zaezd's default upstream offline.
 * Latency and faults come from TUTU_SIM_LATENCY_MS and TUTU_SIM_FAULTS, or `/control` at run time.
 */
import { createLogger } from '@agent-products/kit/log';
import { listenFirst, loopbackOrigins, stopOnSignals } from '@agent-products/kit/http';
import { createTutuSim, type TutuSim } from './app.ts';
import { configFromEnv } from './config.ts';

const config = configFromEnv();
const log = createLogger({ name: 'tutu-sim', level: config.logLevel });
// The links the stand-in hands out name its own address, known once it is listening.
const server = await listenFirst(config.port, config.host);
const publicUrl = config.publicUrl ?? server.url;
const sim: TutuSim = createTutuSim({
  log,
  allowedOrigins: [...config.allowedOrigins, ...loopbackOrigins(server.port)],
  publicUrl: () => publicUrl,
  control: config.control,
  metricsToken: config.metricsToken,
});
server.serve(sim.app.fetch);
log.info({ url: server.url, latencyMs: config.control.latencyMs, faults: config.control.faults }, 'tutu-sim listening');
process.stdout.write(
  [
    '',
    `tutu-sim       ${server.url}/            (demo stand-in for the Tutu MCP server)`,
    `               ${server.url}/mcp         (MCP, POST only; 16 Tutu tools over fixture data)`,
    `               ${server.url}/control     (latency ${config.control.latencyMs} ms, faults: ${config.control.faults.length ? config.control.faults.map((f) => `${f.tool}=${f.fault}`).join(', ') : 'none'})`,
    '',
  ].join('\n'),
);

stopOnSignals(
  () => server.drain(config.drain),
  () => sim.close(),
);
