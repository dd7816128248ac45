/**
 * Runs a product's ordered migrations inside the database's schema. Migrations are code (Kysely
 * schema builders or SQL), named so that their order is their name's order, and recorded by
 * Kysely's migrator so each runs exactly once even when several processes start together.
 */
import { Migrator, type Kysely, type Migration } from 'kysely';

export type Migrations = Record<string, Migration>;

export async function migrate(db: Kysely<any>, schema: string, migrations: Migrations): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
