/**
 * A database for one test file: in-memory PGlite by default, or a fresh schema in the PostgreSQL
 * named by DATABASE_URL (dropped again afterwards), so storage and black-box suites run
 * unchanged against both.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, openDatabase, type Database, type Migrations } from '../store/index.ts';

export interface TestDatabase<DB> extends Database<DB> {
  /** Drops the schema on PostgreSQL; closes the database. */
  dispose(): Promise<void>;
}

export function testDatabaseKind(): 'postgres' | 'pglite' {
  return process.env.DATABASE_URL ? 'postgres' : 'pglite';
}

export async function openTestDatabase<DB>(migrations: Migrations, label = 'test'): Promise<TestDatabase<DB>> {
  const url = process.env.DATABASE_URL;
  const schema = url ? `${label.replace(/[^a-z0-9_]/g, '_')}_${randomBytes(5).toString('hex')}` : 'public';
  const database = await openDatabase<DB>({ url, dataDir: 'memory://', schema, maxConnections: 20 });
  await migrate(database.db as never, database.schema, migrations);
  return {
    ...database,
    async dispose() {
      await database.close();
      if (url) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query(`drop schema if exists ${schema} cascade`);
        } finally {
          await client.end();
        }
      }
    },
  };
}
