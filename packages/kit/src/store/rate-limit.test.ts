/**
 * The shared rate limit: two limiters (as two server processes would have) over the same store
 * count against one limit, on the run's database and on the machine's Redis.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/index.ts';
import { createRateLimiter } from './rate-limit.ts';

// rate_limits comes from the kit's platform migrations, which every migrate runs first.
const migrations = {};

let database: TestDatabase<unknown>;
beforeAll(async () => {
  database = await openTestDatabase(migrations, 'kit_rate_limit');
});
afterAll(async () => {
  await database?.dispose();
});

async function sharedLimit(redisUrl?: string) {
  const options = { db: database.db, points: 3, windowSeconds: 60, keyPrefix: `test-${randomUUID()}`, redisUrl };
  const first = createRateLimiter(options);
  const second = createRateLimiter(options);
  const outcomes = [];
  for (let i = 0; i < 5; i++) outcomes.push(await (i % 2 === 0 ? first : second).consume('account-1'));
  const other = await first.consume('account-2');
  await first.close();
  await second.close();
  return { outcomes, other };
}

describe('a shared per-key limit', () => {
  it(`counts across instances on ${testDatabaseKind()}`, async () => {
    const { outcomes, other } = await sharedLimit();
    expect(outcomes.map((o) => o.allowed)).toEqual([true, true, true, false, false]);
    expect(outcomes[3]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(other.allowed).toBe(true);
  });

  it('counts across instances on Redis', async () => {
    const { outcomes } = await sharedLimit(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    expect(outcomes.map((o) => o.allowed)).toEqual([true, true, true, false, false]);
  });
});
