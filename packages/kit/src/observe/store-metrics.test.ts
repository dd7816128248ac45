/**
 * What the storage layer records, read back from the registry's exposition after real work on the
 * run's database (PGlite, or PostgreSQL with DATABASE_URL) and the machine's Redis: statement
 * durations by kind, Redis rate-limit call durations, refusals by limit name, idempotent replays.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIdempotent } from '../store/idempotency.ts';
import { createRateLimiter } from '../store/rate-limit.ts';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { parseExposition, sampleSum, type Scrape } from '../testing/scrape-metrics.ts';
import { metricRegistry } from './metric-registry.ts';

const scrape = async (): Promise<Scrape> => {
  const text = await metricRegistry.metrics();
  return { status: 200, text, samples: parseExposition(text) };
};
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let database: TestDatabase<any>;
beforeAll(async () => {
  database = await openTestDatabase({}, 'kit_store_metrics');
});
afterAll(async () => {
  await database?.dispose();
});

describe('storage metrics', () => {
  it('times every statement by its kind, never its text', async () => {
    const before = await scrape();
    await sql`select 1 as one`.execute(database.db);
    await database.db.selectFrom('rate_limits').select('key').where('key', '=', 'nobody').execute();
    await database.db.deleteFrom('rate_limits').where('key', '=', 'nobody').execute();
    const after = await scrape();
    const count = (s: Scrape, operation: string) =>
      sampleSum(s, 'db_client_operation_duration_seconds_count', { db_system_name: 'postgresql', db_operation_name: operation });
    expect(count(after, 'SELECT') - count(before, 'SELECT')).toBeGreaterThanOrEqual(2);
    expect(count(after, 'DELETE') - count(before, 'DELETE')).toBeGreaterThanOrEqual(1);
    expect(after.text).not.toContain('nobody');
    expect(after.text).not.toContain('rate_limits');
  });

  it('counts refusals by the limit’s name, on the database and on Redis, and times the Redis calls', async () => {
    for (const redisUrl of [undefined, REDIS_URL]) {
      const name = `metrics-test-${redisUrl ? 'redis' : 'db'}-${randomUUID().slice(0, 8)}`;
      const limiter = createRateLimiter({ db: database.db, points: 2, windowSeconds: 60, keyPrefix: name, redisUrl });
      try {
        for (let i = 0; i < 5; i++) await limiter.consume('account-1');
      } finally {
        await limiter.close();
      }
      const after = await scrape();
      expect(sampleSum(after, 'rate_limit_refusals_total', { limit_name: name })).toBe(3);
    }
    const redis = await scrape();
    expect(
      sampleSum(redis, 'db_client_operation_duration_seconds_count', { db_system_name: 'redis', db_operation_name: 'rate_limit_consume' }),
    ).toBeGreaterThanOrEqual(5);
  });

  it('counts a write answered from its stored answer as a replay, and a first write not', async () => {
    const count = async () => sampleSum(await scrape(), 'idempotent_replays_total');
    const scope = { accountId: 'metrics-account', operation: 'metrics_test_write', idempotencyKey: randomUUID() };
    const start = await count();
    const first = await runIdempotent(database.db, scope, { value: 1 }, new Date(), async () => ({ stored: 1 }));
    expect(first.replayed).toBe(false);
    expect(await count()).toBe(start);
    const again = await runIdempotent(database.db, scope, { value: 1 }, new Date(), async () => ({ stored: 2 }));
    expect(again).toEqual({ result: { stored: 1 }, replayed: true });
    expect(await count()).toBe(start + 1);
  });
});
