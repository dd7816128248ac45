/**
 * BENCH_OBSERVABILITY: what the servers a benchmark starts record, so the cost of metrics and
 * tracing is measured as a ratio against the same run without them (issue 40: within 5 %).
 * The servers inherit this process's environment, so the switch is the products' own settings:
 * - `on` (default): metrics recorded, as a product runs by default; tracing off (no OTLP endpoint);
 * - `off`: `METRICS_ENABLED=false` and tracing off: the baseline;
 * - `traced`: metrics recorded and every request traced, its spans sent to an OTLP/HTTP sink this
 *   process starts on loopback (it reads and drops them, answering as a collector does).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ObservabilityMode = 'on' | 'off' | 'traced';

/** Applies the switch; the answer stops the sink, if one was started. */
export async function applyObservabilitySwitch(): Promise<{ mode: ObservabilityMode; stop: () => Promise<void> }> {
  const mode = (process.env.BENCH_OBSERVABILITY ?? 'on') as ObservabilityMode;
  if (!['on', 'off', 'traced'].includes(mode)) throw new TypeError(`BENCH_OBSERVABILITY must be on, off or traced: ${JSON.stringify(mode)}`);
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  process.env.METRICS_ENABLED = mode === 'off' ? 'false' : 'true';
  if (mode !== 'traced') return { mode, stop: async () => {} };
  const sink = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`;
  return { mode, stop: () => new Promise((resolve) => sink.close(() => resolve())) };
}
