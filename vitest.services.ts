/**
 * Vitest global setup: says once, before any test, which services this run has and what follows
 * from a missing one, so a skipped suite or a failure from a missing service explains itself.
 * The rule: PostgreSQL is optional (DATABASE_URL picks it; without it everything runs on the
 * embedded PGlite and the PostgreSQL-only suites are skipped); Redis is required, like Node (the
 * suites that need it fail without it, as they should in CI), and its absence is named here.
 */
import { spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';

const REDIS_SUITES = 'the kit rate limit, Chengdu Soul planning limits, web write limit, credential expiry and health dependencies';

// Vitest runs a global setup once per project (each its own module, in one process); the
// services are the run's, so they are reported once.
const REPORTED = Symbol.for('agent-products.services-reported');

export default async function reportServices(): Promise<void> {
  const shared = globalThis as { [REPORTED]?: true };
  if (shared[REPORTED]) return;
  shared[REPORTED] = true;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!(await redisAnswers(redisUrl))) {
    console.warn(`[services] Redis at ${redisUrl} does not answer: ${REDIS_SUITES} suites will fail. Start redis-server or set REDIS_URL.`);
  }
  if (spawnSync('redis-server', ['--version']).error) {
    console.warn('[services] No redis-server on PATH: the Redis outage suite, which starts its own, will fail.');
  }
  if (!process.env.DATABASE_URL) {
    console.warn(
      '[services] DATABASE_URL unset: storage and black-box suites run on embedded PGlite; the PostgreSQL-only suites (kit prepared statements, Chengdu Soul fail-closed, & scale-out) are skipped.',
    );
  }
}

async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
