/** Storage: the database open (PGlite | PostgreSQL) and migrations. */
export { openDatabase, type Database, type DatabaseOptions } from './database.ts';
export { migrate, type Migrations } from './migrations.ts';
export { requestHash, runIdempotent, type IdempotencyScope } from './idempotency.ts';
