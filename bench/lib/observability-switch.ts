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
 * `npm run bench observability` (observability-cost.ts) starts servers of several modes in one run,
 * each with its mode's settings (`inMode`).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ObservabilityMode = 'on' | 'off' | 'sampled' | 'traced';
export const OBSERVABILITY_MODES: readonly ObservabilityMode[] = ['on', 'off', 'sampled', 'traced'];
const SAMPLED_RATIO = '0.1';
const SETTING_NAMES = [
  'METRICS_ENABLED',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT',
  'OTEL_TRACES_SAMPLER',
  'OTEL_TRACES_SAMPLER_ARG',
];

export function isObservabilityMode(value: string): value is ObservabilityMode {
  return (OBSERVABILITY_MODES as readonly string[]).includes(value);
}

/** Applies the switch; the answer stops the sink, if one was started. */
export async function applyObservabilitySwitch(): Promise<{ mode: ObservabilityMode; stop: () => Promise<void> }> {
  const mode = process.env.BENCH_OBSERVABILITY ?? 'on';
  if (!isObservabilityMode(mode)) throw new TypeError(`BENCH_OBSERVABILITY must be one of ${OBSERVABILITY_MODES.join(', ')}: ${JSON.stringify(mode)}`);
  const sink = mode === 'sampled' || mode === 'traced' ? await startOtlpSink() : undefined;
  setSettings(modeSettings(mode, sink?.url));
  return { mode, stop: async () => sink?.stop() };
}

/**
 * Runs `start` (which spawns servers) with the settings of `mode`, then puts this process's own
 * back: servers started later keep theirs. `sinkUrl` is where `sampled` and `traced` export.
 */
export async function inMode<T>(mode: ObservabilityMode, sinkUrl: string | undefined, start: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(SETTING_NAMES.map((name) => [name, process.env[name]]));
  setSettings(modeSettings(mode, sinkUrl));
  try {
    return await start();
  } finally {
    setSettings(saved);
  }
}

function modeSettings(mode: ObservabilityMode, sinkUrl: string | undefined): Record<string, string | undefined> {
  const traced = mode === 'sampled' || mode === 'traced';
  if (traced && !sinkUrl) throw new TypeError(`BENCH_OBSERVABILITY=${mode} needs an OTLP sink to export to.`);
  return {
    METRICS_ENABLED: mode === 'off' ? 'false' : 'true',
    OTEL_EXPORTER_OTLP_ENDPOINT: traced ? sinkUrl : undefined,
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: undefined,
    OTEL_TRACES_SAMPLER: mode === 'sampled' ? 'parentbased_traceidratio' : undefined,
    OTEL_TRACES_SAMPLER_ARG: mode === 'sampled' ? SAMPLED_RATIO : undefined,
  };
}

function setSettings(settings: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

/** An OTLP/HTTP receiver on loopback that reads each export and drops it, answering as a collector does. */
export async function startOtlpSink(): Promise<{ url: string; stop: () => Promise<void> }> {
  const sink = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(sink.address() as AddressInfo).port}`,
    stop: () => new Promise((resolve) => sink.close(() => resolve())),
  };
}
