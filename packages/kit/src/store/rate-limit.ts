/**
 * A per-key request limit shared by every process: a fixed window counted in the product's
 * PostgreSQL (or PGlite) by default, in Redis (rate-limiter-flexible) when a Redis URL is given.
 *
 * In the database the count is one upsert. A caller that runs a statement for the same request
 * anyway (the credential check, say) can fold the count into it through `inDatabase` and save a
 * round trip; `consume` runs it alone. Statements go through Kysely so that on the embedded
 * database they queue behind open transactions on the one connection instead of slipping into them.
 * A refusal is counted by the limit's key prefix (its name); Redis calls are timed here, database
 * statements where every statement is (observe/database-timing.ts).
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { DependencyUnreachable } from '../errors/connection-failure.ts';
import { recordDatabaseCall, recordRateLimitRefusal } from '../observe/store-metrics.ts';

export interface RateLimitOutcome {
  allowed: boolean;
  retryAfterSeconds: number;
  remaining: number;
}

export interface RateLimiter {
  /** Counts `hits` (default one) against `key`'s window. */
  consume(key: string, hits?: number): Promise<RateLimitOutcome>;
  /**
   * Gives back `hits` counted in `key`'s current window (never below zero): for calls that were
   * counted and then did not use the allowance (refused at the limit, answered from storage).
   * A window that has ended meanwhile is left alone.
   */
  refund(key: string, hits: number): Promise<void>;
  /** Forgets `key`'s count (an operator lifting a limit); true when there was one. */
  reset(key: string): Promise<boolean>;
  /** Present when the count lives in the product's database (no Redis). */
  readonly inDatabase?: DatabaseRateLimit;
  /** Present when the count lives in Redis: true when Redis answers. */
  readonly probe?: () => Promise<boolean>;
  close(): Promise<void>;
}

/** The count as statement text, for callers that fold it into their own statement. */
export interface DatabaseRateLimit {
  /**
   * `insert … on conflict … returning points, expire` counting `hits` (default one) for every
   * row of `keysQuery` (SQL text of a query with a text column named `key`), usable as a
   * data-modifying CTE. Its own parameters are numbered from `$<firstParameter>` on and returned
   * for the caller to append after its own.
   */
  countHits(keysQuery: string, firstParameter: number, nowMs: number, hits?: number): { text: string; parameters: unknown[] };
  /** Reads a row `countHits` returned. */
  outcome(hit: CountedHit, nowMs: number): RateLimitOutcome;
}

export interface CountedHit {
  points: number;
  expire: number | string | null;
}

export interface RateLimitOptions {
  /** Requests allowed per window. */
  points: number;
  windowSeconds: number;
  keyPrefix: string;
  redisUrl?: string | undefined;
  db: Kysely<any>;
}

/** The counters' table, created by the platform migrations (platform-migrations.ts): key, points, expire (ms). */
const RATE_LIMIT_TABLE = 'rate_limits';

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  return options.redisUrl ? redisLimiter(options, options.redisUrl) : databaseLimiter(options);
}

function databaseLimiter(options: RateLimitOptions): RateLimiter {
  const windowMs = options.windowSeconds * 1000;
  const inDatabase: DatabaseRateLimit = {
    countHits(keysQuery, first, nowMs, hits = 1) {
      if (!Number.isInteger(hits) || hits < 1) throw new TypeError(`hits must be a positive integer: ${hits}`);
      const [prefix, now, expire, count] = [`$${first}`, `$${first + 1}::bigint`, `$${first + 2}::bigint`, `$${first + 3}::integer`];
      // A window that has ended starts again at these hits; otherwise they add to it.
      return {
        text: `insert into ${RATE_LIMIT_TABLE} (key, points, expire)
          select ${prefix} || k.key, ${count}, ${expire} from (${keysQuery}) k
          on conflict (key) do update set
            points = case when ${RATE_LIMIT_TABLE}.expire <= ${now} then ${count} else ${RATE_LIMIT_TABLE}.points + ${count} end,
            expire = case when ${RATE_LIMIT_TABLE}.expire <= ${now} then excluded.expire else ${RATE_LIMIT_TABLE}.expire end
          returning points, expire`,
        parameters: [`${options.keyPrefix}:`, nowMs, nowMs + windowMs, hits],
      };
    },
    outcome(hit, nowMs) {
      const remaining = options.points - hit.points;
      if (remaining >= 0) return { allowed: true, retryAfterSeconds: 0, remaining };
      recordRateLimitRefusal(options.keyPrefix);
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((Number(hit.expire) - nowMs) / 1000)), remaining: 0 };
    },
  };
  return {
    inDatabase,
    async consume(key, count = 1) {
      const nowMs = Date.now();
      const hits = inDatabase.countHits('select $1::text as key', 2, nowMs, count);
      const result = await options.db.executeQuery<CountedHit>(CompiledQuery.raw(hits.text, [key, ...hits.parameters]));
      return inDatabase.outcome(result.rows[0]!, nowMs);
    },
    async refund(key, hits) {
      if (!Number.isInteger(hits) || hits < 1) throw new TypeError(`hits must be a positive integer: ${hits}`);
      await options.db.executeQuery(
        CompiledQuery.raw(`update ${RATE_LIMIT_TABLE} set points = greatest(points - $2::integer, 0) where key = $1 and expire > $3::bigint`, [
          `${options.keyPrefix}:${key}`,
          hits,
          Date.now(),
        ]),
      );
    },
    async reset(key) {
      const result = await options.db.executeQuery(
        CompiledQuery.raw(`delete from ${RATE_LIMIT_TABLE} where key = $1 and expire > $2::bigint`, [`${options.keyPrefix}:${key}`, Date.now()]),
      );
      return Number(result.numAffectedRows ?? 0) > 0;
    },
    async close() {},
  };
}

function redisLimiter(options: RateLimitOptions, redisUrl: string): RateLimiter {
  // Commands wait for the first connection; when Redis is down they fail after one retry, and the
  // endpoint answers 503 rather than letting writes through unlimited.
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  redis.on('error', () => {});
  const limiter = new RateLimiterRedis({ storeClient: redis, points: options.points, duration: options.windowSeconds, keyPrefix: options.keyPrefix });
  return {
    probe: async () => (await redis.ping()) === 'PONG',
    async consume(key, hits = 1) {
      const started = performance.now();
      try {
        const res = await limiter.consume(key, hits);
        return { allowed: true, retryAfterSeconds: 0, remaining: res.remainingPoints };
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          recordRateLimitRefusal(options.keyPrefix);
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)), remaining: 0 };
        }
        // Whatever ioredis reports (retries exhausted, connection closed), the count was not kept.
        throw new DependencyUnreachable('Redis', error);
      } finally {
        recordDatabaseCall('redis', 'rate_limit_consume', (performance.now() - started) / 1000);
      }
    },
    async refund(key, hits) {
      if (!Number.isInteger(hits) || hits < 1) throw new TypeError(`hits must be a positive integer: ${hits}`);
      const started = performance.now();
      try {
        // Rewarding a key whose window has ended would open a new window below zero: only a live one.
        const window = await limiter.get(key);
        if (window === null || window.consumedPoints <= 0) return;
        await limiter.reward(key, Math.min(hits, window.consumedPoints));
      } catch (error) {
        throw new DependencyUnreachable('Redis', error);
      } finally {
        recordDatabaseCall('redis', 'rate_limit_refund', (performance.now() - started) / 1000);
      }
    },
    async reset(key) {
      const started = performance.now();
      try {
        return await limiter.delete(key);
      } catch (error) {
        throw new DependencyUnreachable('Redis', error);
      } finally {
        recordDatabaseCall('redis', 'rate_limit_reset', (performance.now() - started) / 1000);
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
