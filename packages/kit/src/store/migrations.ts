/**
 * Runs the kit's platform migrations (platform-migrations.ts), then a product's ordered
 * migrations, inside the database's schema. Migrations are code (Kysely schema builders or SQL),
 * named so that their order is their name's order, and recorded by Kysely's migrator so each
 * runs exactly once even when several processes start together. The platform's history is kept
 * apart from the product's (`kit_platform_migration`), so adding a platform migration never
 * reorders a product's recorded history.
 *
 * A product migration is online (online-migration.ts, rule in the kit README): its schema change
 * runs under a lock timeout and is tried again when the timeout hits; its indexes are built
 * CONCURRENTLY after its transaction commits and before any later migration runs; its backfill
 * is recorded as pending (done, when no row needs it), for backfills.ts to do while the product serves.
 */
import { Migrator, sql, type Kysely, type MigrationResult } from 'kysely';
import { buildIndexesConcurrently } from './concurrent-indexes.ts';
import type { OnlineMigration } from './online-migration.ts';
import { platformMigrations } from './platform-migrations.ts';

export type Migrations = Record<string, OnlineMigration>;

export interface MigrateOptions {
  /** How long a schema change waits for a lock before giving up and trying again. Default 2,000 ms. */
  lockTimeoutMs?: number | undefined;
  /** How many times a schema change is tried when it times out waiting for a lock. Default 30. */
  attempts?: number | undefined;
  /**
   * Leave the declared concurrent indexes to `startBackfills`/`runBackfills`, which build them
   * first: a serving process starts serving right after the schema changes instead of waiting
   * for index builds (minutes on a large table). All pending schema changes then run as one
   * stretch, so no migration may depend on an index an earlier one declared (kit README).
   */
  deferIndexes?: boolean | undefined;
  log?: { warn(details: object, message: string): void; info?(details: object, message: string): void } | undefined;
}

const LOCK_NOT_AVAILABLE = '55P03';

/** The names of the migrations that ran now: the platform's as `kit/<name>`, then the product's. */
export async function migrate(db: Kysely<any>, schema: string, migrations: Migrations, options: MigrateOptions = {}): Promise<string[]> {
  const platform = await runMigrations(db, schema, platformMigrations, options, {
    migrationTableName: 'kit_platform_migration',
    migrationLockTableName: 'kit_platform_migration_lock',
  });
  const product = await runMigrations(db, schema, migrations, options, {});
  return [...platform.map((name) => `kit/${name}`), ...product];
}

async function runMigrations(
  db: Kysely<any>,
  schema: string,
  migrations: Migrations,
  options: MigrateOptions,
  tables: { migrationTableName?: string; migrationLockTableName?: string },
): Promise<string[]> {
  const lockTimeoutMs = Math.max(1, Math.floor(options.lockTimeoutMs ?? 2_000));
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => Object.fromEntries(Object.entries(migrations).map(([name, m]) => [name, inTransaction(name, m, lockTimeoutMs)])) },
    migrationTableSchema: schema,
    ...tables,
  });
  const known = await migrator.getMigrations();
  const defer = options.deferIndexes === true;
  // Indexes of migrations that ran before but whose concurrent build did not finish (the process stopped).
  if (!defer) await buildDeclaredIndexes(db, Object.fromEntries(known.filter((m) => m.executedAt).map((m) => [m.name, migrations[m.name]!])), options.log);
  // Pending migrations run in stretches, each ending at one that builds indexes (or at the last):
  // its indexes are built before a later migration can depend on them.
  const pending = known.filter((m) => !m.executedAt).map((m) => m.name);
  const ends = pending.filter((name, i) => (!defer && migrations[name]?.indexes?.length) || i === pending.length - 1);
  const ran: string[] = [];
  for (const end of ends) {
    const results = await migrateToRetrying(migrator, end, options);
    ran.push(...results.filter((r) => r.status === 'Success').map((r) => r.migrationName));
    if (!defer) await buildDeclaredIndexes(db, { [end]: migrations[end]! }, options.log);
  }
  return ran;
}

/** Builds (CONCURRENTLY) every index these migrations declare that is missing or invalid, in migration order. */
export async function buildDeclaredIndexes(db: Kysely<any>, migrations: Migrations, log?: MigrateOptions['log']): Promise<void> {
  for (const name of Object.keys(migrations).sort()) {
    const started = performance.now();
    const built = await buildIndexesConcurrently(db, migrations[name]?.indexes ?? []);
    if (built.length > 0)
      log?.info?.({ migration: name, indexes: built, seconds: Math.round(performance.now() - started) / 1000 }, 'indexes built concurrently');
  }
}

/** The migration as the migrator runs it: under the lock timeout, recording its backfill as pending. */
function inTransaction(name: string, migration: OnlineMigration, lockTimeoutMs: number): OnlineMigration {
  return {
    async up(db: Kysely<any>) {
      await sql.raw(`set local lock_timeout = '${lockTimeoutMs}ms'`).execute(db);
      await migration.up(db);
      if (!migration.backfill) return;
      // Recorded done at once when no row needs it (a fresh database): nothing to run at start.
      const needed = await migration.backfill.remaining(db);
      await sql`insert into kit_backfills (name, done_at) values (${name}, ${needed ? null : sql`now()`}) on conflict (name) do nothing`.execute(db);
    },
  };
}

/** Migrates up to `target`; a lock timeout rolls the whole stretch back, and it is tried again after a growing pause. */
async function migrateToRetrying(migrator: Migrator, target: string, options: MigrateOptions): Promise<MigrationResult[]> {
  const attempts = options.attempts ?? 30;
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateTo(target);
    if (!error) return results ?? [];
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    if ((error as { code?: string }).code !== LOCK_NOT_AVAILABLE || attempt >= attempts) {
      throw error instanceof Error ? error : new Error(String(error));
    }
    const waitMs = Math.min(10_000, 250 * 2 ** Math.min(attempt, 6)) * (0.5 + Math.random() / 2);
    options.log?.warn({ migration: failed, attempt, waitMs: Math.round(waitMs) }, 'schema change timed out waiting for a lock; trying again');
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}
