/**
 * The shared rate limit: two limiters (as two server processes would have) over the same store
 * count against one limit, on the run's database and on the machine's Redis.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/index.ts';
import { CompiledQuery } from 'kysely';
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

describe('the count in the database', () => {
  const limiter = (points = 3, keyPrefix = `test-${randomUUID()}`) => createRateLimiter({ db: database.db, points, windowSeconds: 60, keyPrefix });
  /** Counts `hits` for `key` at an instant of the test's choosing, as a caller folding it into its own statement does. */
  async function countAt(rateLimiter: ReturnType<typeof limiter>, key: string, nowMs: number, hits?: number) {
    const counted = rateLimiter.inDatabase!.countHits('select $1::text as key', 2, nowMs, hits);
    const result = await database.db.executeQuery<{ points: number; expire: number | string }>(CompiledQuery.raw(counted.text, [key, ...counted.parameters]));
    return rateLimiter.inDatabase!.outcome(result.rows[0]!, nowMs);
  }
  const t0 = Date.parse('2026-12-01T10:00:00Z');

  it('says how many requests are left and, once refused, when to retry', async () => {
    const rateLimiter = limiter();
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push(await rateLimiter.consume('account'));
    expect(outcomes.map((o) => o.remaining)).toEqual([2, 1, 0, 0]);
    expect(outcomes.slice(0, 3).every((o) => o.allowed && o.retryAfterSeconds === 0)).toBe(true);
    expect(outcomes[3]!.allowed).toBe(false);
    expect(outcomes[3]!.retryAfterSeconds).toBeGreaterThan(1);
    expect(outcomes[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('counts several hits at once and refuses a count that is not a positive integer', async () => {
    const rateLimiter = limiter(5);
    expect(await rateLimiter.consume('account', 4)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await rateLimiter.consume('account', 2)).toMatchObject({ allowed: false, remaining: 0 });
    for (const bad of [0, -1, 1.5]) await expect(rateLimiter.consume('account', bad)).rejects.toThrow(new TypeError(`hits must be a positive integer: ${bad}`));
  });

  it('gives back hits that did not use the allowance, never below zero, and only within the window', async () => {
    const rateLimiter = limiter(3);
    expect(await rateLimiter.consume('account', 3)).toMatchObject({ allowed: true, remaining: 0 });
    expect(await rateLimiter.consume('account', 2)).toMatchObject({ allowed: false });
    await rateLimiter.refund('account', 2);
    expect(await rateLimiter.consume('account')).toMatchObject({ allowed: false });
    await rateLimiter.refund('account', 1);
    await rateLimiter.refund('account', 1);
    expect(await rateLimiter.consume('account')).toMatchObject({ allowed: true, remaining: 0 });
    await rateLimiter.refund('account', 10);
    expect(await rateLimiter.consume('account')).toMatchObject({ allowed: true, remaining: 2 });
    await rateLimiter.refund('nobody', 1);
    expect(await rateLimiter.consume('nobody')).toMatchObject({ allowed: true, remaining: 2 });
    await expect(rateLimiter.refund('account', 0)).rejects.toThrow(new TypeError('hits must be a positive integer: 0'));
  });

  it('leaves a window that has ended alone when giving hits back', async () => {
    const keyPrefix = `test-${randomUUID()}`;
    const rateLimiter = limiter(2, keyPrefix);
    await countAt(rateLimiter, 'account', Date.now() - 61_000, 2);
    await rateLimiter.refund('account', 2);
    const row = await database.db.executeQuery<{ points: number }>(
      CompiledQuery.raw('select points from rate_limits where key = $1', [`${keyPrefix}:account`]),
    );
    expect(row.rows.map((r) => r.points)).toEqual([2]);
  });

  it('keeps limiters with different prefixes apart', async () => {
    const a = limiter(1);
    const b = limiter(1);
    expect((await a.consume('account')).allowed).toBe(true);
    expect((await b.consume('account')).allowed).toBe(true);
    expect((await a.consume('account')).allowed).toBe(false);
  });

  it('counts within the window, tells the seconds left in it, and starts afresh when it ends', async () => {
    const rateLimiter = limiter(2);
    expect(await countAt(rateLimiter, 'account', t0)).toEqual({ allowed: true, retryAfterSeconds: 0, remaining: 1 });
    expect(await countAt(rateLimiter, 'account', t0 + 10_000)).toEqual({ allowed: true, retryAfterSeconds: 0, remaining: 0 });
    // The window began at the first hit: 60 s from t0, so 49.5 s are left, rounded up.
    expect(await countAt(rateLimiter, 'account', t0 + 10_500)).toEqual({ allowed: false, retryAfterSeconds: 50, remaining: 0 });
    expect(await countAt(rateLimiter, 'account', t0 + 59_999)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    // At the end of the window the count starts again at this hit, in a new 60 s window.
    expect(await countAt(rateLimiter, 'account', t0 + 60_000, 2)).toEqual({ allowed: true, retryAfterSeconds: 0, remaining: 0 });
    expect(await countAt(rateLimiter, 'account', t0 + 61_000)).toEqual({ allowed: false, retryAfterSeconds: 59, remaining: 0 });
  });

  it('reads the expiry whether the driver gives it as a number or as text, and never says retry in 0 s', () => {
    const rateLimiter = limiter(1);
    expect(rateLimiter.inDatabase!.outcome({ points: 2, expire: String(t0 + 2_001) }, t0)).toEqual({ allowed: false, retryAfterSeconds: 3, remaining: 0 });
    expect(rateLimiter.inDatabase!.outcome({ points: 2, expire: t0 }, t0)).toEqual({ allowed: false, retryAfterSeconds: 1, remaining: 0 });
    expect(rateLimiter.inDatabase!.outcome({ points: 1, expire: t0 }, t0)).toEqual({ allowed: true, retryAfterSeconds: 0, remaining: 0 });
  });

  it('counts for every key of a caller-supplied query, each in its own window', async () => {
    const rateLimiter = limiter(1);
    const counted = rateLimiter.inDatabase!.countHits(`select unnest($1::text[]) as key`, 2, t0);
    const result = await database.db.executeQuery<{ points: number; expire: string | number }>(
      CompiledQuery.raw(counted.text, [['x', 'y'], ...counted.parameters]),
    );
    expect(result.rows.map((r) => [r.points, Number(r.expire)])).toEqual([
      [1, t0 + 60_000],
      [1, t0 + 60_000],
    ]);
    expect(rateLimiter.inDatabase).toBeDefined();
    expect(rateLimiter.probe).toBeUndefined();
  });
});

describe('the count in Redis', () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

  it('says how many requests are left, counts several hits at once, and when refused when to retry', async () => {
    const rateLimiter = createRateLimiter({ db: database.db, points: 3, windowSeconds: 60, keyPrefix: `test-${randomUUID()}`, redisUrl });
    try {
      expect(await rateLimiter.probe!()).toBe(true);
      expect(rateLimiter.inDatabase).toBeUndefined();
      expect(await rateLimiter.consume('account')).toEqual({ allowed: true, retryAfterSeconds: 0, remaining: 2 });
      expect(await rateLimiter.consume('account', 2)).toEqual({ allowed: true, retryAfterSeconds: 0, remaining: 0 });
      const refused = await rateLimiter.consume('account');
      expect(refused.allowed).toBe(false);
      expect(refused.remaining).toBe(0);
      // The window began a moment ago: most of its 60 s are left.
      expect(refused.retryAfterSeconds).toBeGreaterThan(1);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    } finally {
      await rateLimiter.close();
    }
  });

  it('gives back hits within the window, never below zero', async () => {
    const rateLimiter = createRateLimiter({ db: database.db, points: 2, windowSeconds: 60, keyPrefix: `test-${randomUUID()}`, redisUrl });
    try {
      await rateLimiter.refund('account', 1);
      expect(await rateLimiter.consume('account', 2)).toMatchObject({ allowed: true, remaining: 0 });
      expect(await rateLimiter.consume('account')).toMatchObject({ allowed: false });
      await rateLimiter.refund('account', 2);
      expect(await rateLimiter.consume('account')).toMatchObject({ allowed: true, remaining: 0 });
      await rateLimiter.refund('account', 5);
      expect(await rateLimiter.consume('account')).toMatchObject({ allowed: true, remaining: 1 });
    } finally {
      await rateLimiter.close();
    }
  });

  it('lets go of its connection when closed', async () => {
    const rateLimiter = createRateLimiter({ db: database.db, points: 3, windowSeconds: 60, keyPrefix: `test-${randomUUID()}`, redisUrl });
    expect(await rateLimiter.probe!()).toBe(true);
    await rateLimiter.close();
    await expect(rateLimiter.probe!()).rejects.toThrow();
  });

  it('fails rather than letting requests through when Redis does not answer', async () => {
    // Port 9 (discard) on loopback: nothing listens there, so every connection is refused.
    const rateLimiter = createRateLimiter({
      db: database.db,
      points: 3,
      windowSeconds: 60,
      keyPrefix: `test-${randomUUID()}`,
      redisUrl: 'redis://127.0.0.1:9',
    });
    try {
      await expect(rateLimiter.consume('account')).rejects.toThrow();
      await expect(rateLimiter.probe!()).rejects.toThrow();
    } finally {
      await rateLimiter.close();
    }
  });
});
