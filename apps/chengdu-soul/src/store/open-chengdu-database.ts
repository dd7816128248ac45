/**
 * Opens the Chengdu Soul database from settings and brings its schema up to date. The server owns
 * an embedded data directory; operator commands pass `whenOwned: 'reach'` to work through it.
 */
import { migrate, openDatabase, type Database } from '@agent-products/kit/store';
import type { ChengduConfig } from '../config.ts';
import { chengduMigrations } from './migrations.ts';
import type { ChengduDatabase } from './schema.ts';

export async function openChengduDatabase(
  config: Pick<ChengduConfig, 'databaseUrl' | 'databaseSchema' | 'dataDir'>,
  whenOwned: 'refuse' | 'reach' = 'refuse',
): Promise<Database<ChengduDatabase>> {
  const database = await openDatabase<ChengduDatabase>({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    schema: config.databaseSchema,
    whenOwned,
  });
  await migrate(database.db, database.schema, chengduMigrations);
  return database;
}
