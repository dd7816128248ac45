/** Storage: the database open (PGlite | PostgreSQL), migrations (the platform's and a product's), idempotent writes and the shared rate limit. */
export { dumpInMemory, openDatabase, type Database } from './database.ts';
export { DataDirectoryInUseError } from './data-directory-lock.ts';
export { BackupError } from './backup-error.ts';
export { BACKUP_COMMANDS_HELP, runBackupCommand } from './backup-command.ts';
export { migrate, type Migrations } from './migrations.ts';
export type { Backfill } from './online-migration.ts';
export { runBackfills, startBackfills, type BackfillLog } from './backfills.ts';
export type { Listening } from './notifications.ts';
export { runUpkeep } from './embedded-upkeep.ts';
export { platformMigrations } from './platform-migrations.ts';
export { isConnectionFailure } from '../errors/connection-failure.ts';
export { hasIdempotencyRecord, insertIdempotent, runIdempotent } from './idempotency.ts';
export { createRateLimiter, type CountedHit, type RateLimitOutcome, type RateLimiter } from './rate-limit.ts';
export { compiledOnce } from './compiled-once.ts';
export { isoFromJsonTimestamp } from './json-timestamp.ts';
