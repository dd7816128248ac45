/**
 * The process's one metric registry, scraped at `GET /metrics` (metrics-route.ts). One per
 * process rather than one per app: the database, the rate limiter and the tool contract record
 * into it without being handed an app, and each product runs as its own process.
 *
 * `METRICS_ENABLED=false` turns recording off (the benchmark's switch, to measure what metrics
 * cost); /metrics then answers an empty exposition. Labelled series are looked up once per label
 * set (`seriesOf`): prom-client hashes a label object on every call otherwise, which is most of
 * what an observation costs.
 */
import { Registry, collectDefaultMetrics, Gauge, type Counter, type Histogram } from 'prom-client';
import { envReader } from '../settings/env-readers.ts';

export const metricRegistry = new Registry();

/** False when METRICS_ENABLED is `false` (or 0, no, off): nothing is recorded. */
export const metricsEnabled = envReader().boolean('METRICS_ENABLED', true);

/**
 * Seconds buckets for calls that take from a tenth of a millisecond (an embedded statement) to
 * seconds (a model call): OpenTelemetry's recommended HTTP buckets with three finer ones below.
 */
export const DURATION_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Series = { inc(value?: number): void } | { observe(value: number): void };

/** The child series of a labelled metric for one list of label values, made once and kept. */
export function seriesOf<S extends Series>(make: (values: string[]) => S): (...values: string[]) => S {
  const made = new Map<string, S>();
  return (...values) => {
    const key = values.join('\u0000');
    let series = made.get(key);
    if (series === undefined) {
      series = make(values);
      made.set(key, series);
    }
    return series;
  };
}

export function counterSeries(counter: Counter<string>): (...values: string[]) => ReturnType<Counter<string>['labels']> {
  return seriesOf((values) => counter.labels(...values));
}

export function histogramSeries(histogram: Histogram<string>): (...values: string[]) => ReturnType<Histogram<string>['labels']> {
  return seriesOf((values) => histogram.labels(...values));
}

let processMetricsStarted = false;

/**
 * Event-loop lag, heap, GC and the other Node process metrics (prom-client's defaults), started
 * once, when the first app serves /metrics: a process that serves none pays nothing for them.
 */
export function startProcessMetrics(): void {
  if (processMetricsStarted || !metricsEnabled) return;
  processMetricsStarted = true;
  collectDefaultMetrics({ register: metricRegistry });
}

const buildInfo = new Gauge({
  name: 'service_build_info',
  help: 'Always 1: the service and version this process runs, for joining with its other series.',
  labelNames: ['service_name', 'service_version'],
  registers: [metricRegistry],
});

/** Records which service and version this process runs (build info). */
export function recordBuildInfo(serviceName: string, serviceVersion: string): void {
  if (metricsEnabled) buildInfo.labels(serviceName, serviceVersion).set(1);
}
