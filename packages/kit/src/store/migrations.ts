/**
 * Runs the kit's platform migrations (platform-migrations.ts), then a product's ordered
 * migrations, inside the database's schema. Migrations are code (Kysely schema builders or SQL),
 * named so that their order is their name's order, and recorded by Kysely's migrator so each
 * runs exactly once even when several processes start together. The platform's history is kept
 * apart from the product's (`kit_platform_migration`), so adding a platform migration never
 * reorders a product's recorded history.
 */
import { Migrator, type Kysely, type Migration } from 'kysely';
import { platformMigrations } from './platform-migrations.ts';

export type Migrations = Record<string, Migration>;

/** The names of the migrations that ran now: the platform's as `kit/<name>`, then the product's. */
export async function migrate(db: Kysely<any>, schema: string, migrations: Migrations): Promise<string[]> {
  const platform = await runMigrations(db, schema, platformMigrations, {
    migrationTableName: 'kit_platform_migration',
    migrationLockTableName: 'kit_platform_migration_lock',
  });
  const product = await runMigrations(db, schema, migrations, {});
  return [...platform.map((name) => `kit/${name}`), ...product];
}

async function runMigrations(
  db: Kysely<any>,
  schema: string,
  migrations: Migrations,
  tables: { migrationTableName?: string; migrationLockTableName?: string },
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
    ...tables,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
