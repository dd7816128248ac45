/**
 * BENCH_OBSERVABILITY: what the servers a benchmark starts record, so the cost of metrics and
 * tracing is measured as a ratio against the same run without them (issue 40: within 5 %).
 * The servers inherit this process's environment, so the switch is the products' own settings:
 * - `on` (default): metrics recorded, as a product runs by default; tracing off (no OTLP endpoint);
 * - `off`: `METRICS_ENABLED=false` and tracing off: the baseline;
 * - `sampled`: metrics recorded and one trace in ten recorded (`OTEL_TRACES_SAMPLER=parentbased_traceidratio`,
 *   `OTEL_TRACES_SAMPLER_ARG=0.1`, the setting deploy/README.md recommends), spans sent to an OTLP/HTTP
 *   sink this process starts on loopback (it reads and drops them, answering as a collector does);
 * - `traced`: the same with every request traced (the sampler's default): the most tracing can cost.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ObservabilityMode = 'on' | 'off' | 'sampled' | 'traced';
const MODES: readonly ObservabilityMode[] = ['on', 'off', 'sampled', 'traced'];
const SAMPLED_RATIO = '0.1';

/** Applies the switch; the answer stops the sink, if one was started. */
export async function applyObservabilitySwitch(): Promise<{ mode: ObservabilityMode; stop: () => Promise<void> }> {
  const mode = (process.env.BENCH_OBSERVABILITY ?? 'on') as ObservabilityMode;
  if (!MODES.includes(mode)) throw new TypeError(`BENCH_OBSERVABILITY must be one of ${MODES.join(', ')}: ${JSON.stringify(mode)}`);
  for (const name of ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'OTEL_TRACES_SAMPLER', 'OTEL_TRACES_SAMPLER_ARG'])
    delete process.env[name];
  process.env.METRICS_ENABLED = mode === 'off' ? 'false' : 'true';
  if (mode === 'off' || mode === 'on') return { mode, stop: async () => {} };
  if (mode === 'sampled') {
    process.env.OTEL_TRACES_SAMPLER = 'parentbased_traceidratio';
    process.env.OTEL_TRACES_SAMPLER_ARG = SAMPLED_RATIO;
  }
  const sink = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
  return { mode, stop: () => new Promise((resolve) => sink.close(() => resolve())) };
}
