/** Storage: the database open (PGlite | PostgreSQL) and migrations. */
export { openDatabase, type Database, type DatabaseOptions } from './database.ts';
export { DataDirectoryInUseError } from './data-directory-lock.ts';
export { migrate, type Migrations } from './migrations.ts';
export { canonicalHash, canonicalJson } from './canonical-json.ts';
export { insertIdempotent, requestHash, runIdempotent, type ClaimedInsert, type IdempotencyScope, type IdempotentOutcome, type PreparedInsert } from './idempotency.ts';
