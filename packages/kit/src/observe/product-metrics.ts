/**
 * A product's own counters (what its domain does: grants issued, say), in the same registry as
 * the kit's, so the one /metrics answer holds both. Labels, if any, must be bounded sets.
 */
import { Counter } from 'prom-client';
import { counterSeries, metricRegistry, metricsEnabled } from './metric-registry.ts';

export type CountEvent = (...labelValues: string[]) => void;

/** A counter named `name` (Prometheus style, ending in `_total`), returned as the function that counts one. */
export function defineCounter(name: string, help: string, labelNames: readonly string[] = []): CountEvent {
  if (!/^[a-z][a-z0-9_]*_total$/.test(name)) throw new TypeError(`A counter's name is snake_case ending in _total: ${name}`);
  const existing = metricRegistry.getSingleMetric(name);
  // A product module may be loaded twice in one test process; its counter is the same one.
  const counter = (existing as Counter<string> | undefined) ?? new Counter({ name, help, labelNames: [...labelNames], registers: [metricRegistry] });
  const series = counterSeries(counter);
  return (...values) => {
    if (metricsEnabled) series(...values).inc();
  };
}
