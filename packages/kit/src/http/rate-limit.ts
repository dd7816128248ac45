/**
 * A per-key request limit shared by every process: rate-limiter-flexible over the product's
 * PostgreSQL (or PGlite) by default, over Redis when a Redis URL is given. The database store
 * runs its statements through Kysely so that on the embedded database they queue behind open
 * transactions on the one connection instead of slipping into them.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { Redis } from 'ioredis';
import { RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RateLimitOutcome {
  allowed: boolean;
  retryAfterSeconds: number;
  remaining: number;
}

export interface RateLimiter {
  consume(key: string): Promise<RateLimitOutcome>;
  close(): Promise<void>;
}

export interface RateLimitOptions {
  /** Requests allowed per window. */
  points: number;
  windowSeconds: number;
  keyPrefix: string;
  redisUrl?: string | undefined;
  db: Kysely<any>;
}

/** Columns rate-limiter-flexible expects; products create the table in a migration. */
export const RATE_LIMIT_TABLE = 'rate_limits';

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  let redis: Redis | undefined;
  let limiter: RateLimiterAbstract;
  if (options.redisUrl) {
    // Commands wait for the first connection; when Redis is down they fail after one retry, and the
    // endpoint answers 503 rather than letting writes through unlimited.
    redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
    redis.on('error', () => {});
    limiter = new RateLimiterRedis({ storeClient: redis, points: options.points, duration: options.windowSeconds, keyPrefix: options.keyPrefix });
  } else {
    const client = {
      async query(query: { text: string; values?: unknown[] }) {
        const result = await options.db.executeQuery(CompiledQuery.raw(query.text, query.values ?? []));
        return { rows: result.rows, rowCount: Number(result.numAffectedRows ?? result.rows.length) };
      },
    };
    limiter = new RateLimiterPostgres({
      storeClient: client,
      storeType: 'client',
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      points: options.points,
      duration: options.windowSeconds,
      keyPrefix: options.keyPrefix,
      clearExpiredByTimeout: false,
    });
  }
  return {
    async consume(key) {
      try {
        const res = await limiter.consume(key);
        return { allowed: true, retryAfterSeconds: 0, remaining: res.remainingPoints };
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)), remaining: 0 };
        }
        throw error;
      }
    },
    async close() {
      redis?.disconnect();
    },
  };
}
