/** Storage: the database open (PGlite | PostgreSQL), migrations (the platform's and a product's), idempotent writes and the shared rate limit. */
export { dumpInMemory, openDatabase, type Database, type DatabaseOptions } from './database.ts';
export { DataDirectoryInUseError } from './data-directory-lock.ts';
export { buildDeclaredIndexes, migrate, type MigrateOptions, type Migrations } from './migrations.ts';
export type { Backfill, BackfillBatch, ConcurrentIndex, OnlineMigration } from './online-migration.ts';
export { backfillComplete, pendingBackfills, runBackfills, startBackfills, type BackfillLog, type BackfillOptions } from './backfills.ts';
export type { Listening, WakeUp } from './notifications.ts';
export { runUpkeep, type UpkeepStep } from './embedded-upkeep.ts';
export { platformMigrations } from './platform-migrations.ts';
export { DependencyUnreachable, isConnectionFailure } from '../errors/connection-failure.ts';
export {
  hasIdempotencyRecord,
  insertIdempotent,
  runIdempotent,
  type ClaimedInsert,
  type IdempotencyScope,
  type IdempotentOutcome,
  type PreparedInsert,
} from './idempotency.ts';
export { createRateLimiter, type CountedHit, type DatabaseRateLimit, type RateLimitOptions, type RateLimitOutcome, type RateLimiter } from './rate-limit.ts';
export { compiledOnce, type CompiledOnceRead } from './compiled-once.ts';
export { isoFromJsonTimestamp } from './json-timestamp.ts';
