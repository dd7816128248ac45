/**
 * Opens the & database from settings (PGlite under the data directory, or DATABASE_URL) and
 * migrates it. The API process owns an embedded data directory; operator commands pass
 * `whenOwned: 'reach'` to work through it.
 */
import { join } from 'node:path';
import { migrate, openDatabase, type Database } from '@agent-products/kit/store';
import type { AmpersandSettings } from '../settings.ts';
import { ampersandMigrations } from './migrations.ts';
import type { AmpersandDatabase } from './schema.ts';

export async function openAmpersandDatabase(
  settings: Pick<AmpersandSettings, 'databaseUrl' | 'databaseSchema' | 'dataDir'>,
  whenOwned: 'refuse' | 'reach' = 'refuse',
): Promise<Database<AmpersandDatabase>> {
  const database = await openDatabase<AmpersandDatabase>({
    url: settings.databaseUrl,
    dataDir: join(settings.dataDir, 'db'),
    schema: settings.databaseSchema,
    whenOwned,
  });
  await migrate(database.db, database.schema, ampersandMigrations);
  return database;
}
