/** An operator lifting a limit: `reset` forgets one key's count (other keys keep theirs), on the database and on Redis. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/index.ts';
import { createRateLimiter } from './rate-limit.ts';

let database: TestDatabase<unknown>;
beforeAll(async () => {
  database = await openTestDatabase({}, 'kit_rate_limit_reset');
});
afterAll(async () => {
  await database?.dispose();
});

describe.each([
  ['the database', undefined],
  ['Redis', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'],
])('reset in %s', (_where, redisUrl) => {
  it("forgets one key's count and says whether there was one", async () => {
    const limiter = createRateLimiter({ db: database.db, points: 1, windowSeconds: 60, keyPrefix: `kit-reset-test-${randomUUID()}`, redisUrl });
    try {
      expect((await limiter.consume('a')).allowed).toBe(true);
      expect((await limiter.consume('a')).allowed).toBe(false);
      expect((await limiter.consume('b')).allowed).toBe(true);
      expect(await limiter.reset('a')).toBe(true);
      expect((await limiter.consume('a')).allowed).toBe(true);
      expect((await limiter.consume('b')).allowed).toBe(false);
      expect(await limiter.reset('never-counted')).toBe(false);
    } finally {
      await limiter.close();
    }
  });
});
