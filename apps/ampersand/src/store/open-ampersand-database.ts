/**
 * Opens the & database from settings (PGlite under the data directory, or DATABASE_URL) and
 * migrates it (the schema changes; their backfills run afterwards, below). The API process owns an embedded data directory; operator commands pass
 * `whenOwned: 'reach'` to work through it.
 */
import { join } from 'node:path';
import { migrate, openDatabase, runBackfills, startBackfills, type BackfillLog, type Database } from '@agent-products/kit/store';
import type { AmpersandSettings } from '../settings.ts';
import { ampersandMigrations } from './migrations.ts';
import type { AmpersandDatabase } from './schema.ts';

export async function openAmpersandDatabase(
  settings: Pick<AmpersandSettings, 'databaseUrl' | 'databaseSchema' | 'dataDir'>,
  whenOwned: 'refuse' | 'reach' = 'refuse',
  migration: { log?: BackfillLog; deferIndexes?: boolean } = {},
): Promise<Database<AmpersandDatabase>> {
  const database = await openDatabase<AmpersandDatabase>({
    url: settings.databaseUrl,
    dataDir: join(settings.dataDir, 'db'),
    schema: settings.databaseSchema,
    whenOwned,
  });
  await migrate(database.db, database.schema, ampersandMigrations, migration);
  return database;
}

/**
 * The concurrent index builds and backfills of online migrations (kit README) still to do, run in
 * the background of the serving API after its schema changes; `stop` ends them between batches (before the database closes).
 */
export function startAmpersandBackfills(database: Database<AmpersandDatabase>, log: BackfillLog): { stop(): Promise<void> } {
  return startBackfills(database.db, ampersandMigrations, { log });
}

/** Every pending backfill, run to completion here (the migrate command's `--backfill`). */
export async function finishAmpersandBackfills(database: Database<AmpersandDatabase>, log: BackfillLog): Promise<void> {
  await runBackfills(database.db, ampersandMigrations, { log });
}
