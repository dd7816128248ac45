/**
 * What the storage layer reports: the duration of each database and Redis call (OpenTelemetry's
 * `db.client.operation.duration`, with `db.system.name` `postgresql` for PGlite and PostgreSQL
 * alike and `redis`, and the statement's kind as `db.operation.name`), rate-limit refusals by
 * limit name, and idempotent writes answered from their stored answer.
 */
import { Counter, Histogram } from 'prom-client';
import { DURATION_BUCKETS, counterSeries, histogramSeries, metricRegistry, metricsEnabled } from './metric-registry.ts';

const operations = histogramSeries(
  new Histogram({
    name: 'db_client_operation_duration_seconds',
    help: 'Duration of database and Redis calls, by system and operation.',
    labelNames: ['db_system_name', 'db_operation_name'],
    buckets: DURATION_BUCKETS,
    registers: [metricRegistry],
  }),
);
const refusals = counterSeries(
  new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Calls refused by a shared rate limit, by limit name.',
    labelNames: ['limit_name'],
    registers: [metricRegistry],
  }),
);
const replays = new Counter({
  name: 'idempotent_replays_total',
  help: 'Writes answered from the stored answer of an earlier call with the same idempotency key.',
  registers: [metricRegistry],
});

export type DatabaseSystem = 'postgresql' | 'redis';

export function recordDatabaseCall(system: DatabaseSystem, operation: string, seconds: number): void {
  if (metricsEnabled) operations(system, operation).observe(seconds);
}

/** `limitName` is a limit's configured name (a bounded set), never whom it counts. */
export function recordRateLimitRefusal(limitName: string): void {
  if (metricsEnabled) refusals(limitName).inc();
}

export function recordIdempotentReplay(): void {
  if (metricsEnabled) replays.inc();
}
