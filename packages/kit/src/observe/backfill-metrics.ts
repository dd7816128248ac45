/**
 * What a running backfill reports (store/backfills.ts): the rows this process has brought up to
 * date, by backfill, and whether the backfill is complete (1) or still has rows to reach (0), so
 * an operator sees an upgrade's background work progress and finish on the metrics page.
 */
import { Counter, Gauge } from 'prom-client';
import { counterSeries, metricRegistry, metricsEnabled } from './metric-registry.ts';

const rows = counterSeries(
  new Counter({
    name: 'migration_backfill_rows_total',
    help: 'Rows a migration backfill has brought up to date in this process, by backfill.',
    labelNames: ['backfill'],
    registers: [metricRegistry],
  }),
);
const complete = new Gauge({
  name: 'migration_backfill_complete',
  help: 'Whether a migration backfill has reached every row (1) or is still running (0), by backfill.',
  labelNames: ['backfill'],
  registers: [metricRegistry],
});

export function recordBackfillRows(backfill: string, count: number): void {
  if (metricsEnabled && count > 0) rows(backfill).inc(count);
}

export function recordBackfillComplete(backfill: string, done: boolean): void {
  if (metricsEnabled) complete.labels(backfill).set(done ? 1 : 0);
}
