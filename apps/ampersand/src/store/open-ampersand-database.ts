/** Opens the & database from settings (PGlite under the data directory, or DATABASE_URL) and migrates it. */
import { join } from 'node:path';
import { migrate, openDatabase, type Database } from '@agent-products/kit/store';
import type { AmpersandSettings } from '../settings.ts';
import { ampersandMigrations } from './migrations.ts';
import type { AmpersandDatabase } from './schema.ts';

export async function openAmpersandDatabase(settings: Pick<AmpersandSettings, 'databaseUrl' | 'databaseSchema' | 'dataDir'>): Promise<Database<AmpersandDatabase>> {
  const database = await openDatabase<AmpersandDatabase>({ url: settings.databaseUrl, dataDir: join(settings.dataDir, 'db'), schema: settings.databaseSchema });
  await migrate(database.db, database.schema, ampersandMigrations);
  return database;
}
