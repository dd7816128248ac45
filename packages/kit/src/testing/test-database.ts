/**
 * A database for one test file: in-memory PGlite by default, or a database of its own on the
 * PostgreSQL server named by DATABASE_URL (dropped again afterwards), so storage and black-box
 * suites run unchanged against both. Either starts from the run's migrated template of its
 * migrations (migrated-templates.ts) instead of migrating from empty; outside the test run's
 * global setup it migrates from empty, as before templates.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, openDatabase, type Database, type Migrations } from '../store/index.ts';
import { TEST_DATABASE_PREFIX, databaseUrl, openFromEmbeddedTemplate, postgresTemplate, templateRun } from './migrated-templates.ts';

export interface TestDatabase<DB> extends Database<DB> {
  /** On PostgreSQL, the URL of this test's own database (another process opens it with this and `schema`). */
  url?: string | undefined;
  /** Drops the database (or schema) on PostgreSQL; closes the database. */
  dispose(): Promise<void>;
}

export function testDatabaseKind(): 'postgres' | 'pglite' {
  return process.env.DATABASE_URL ? 'postgres' : 'pglite';
}

export async function openTestDatabase<DB>(migrations: Migrations, label = 'test'): Promise<TestDatabase<DB>> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const fromTemplate = await openFromEmbeddedTemplate<DB>(migrations);
    const database = fromTemplate ?? (await openDatabase<DB>({ dataDir: 'memory://' }));
    if (!fromTemplate) await migrate(database.db as never, database.schema, migrations);
    return { ...database, dispose: () => database.close() };
  }
  const name = `${label.replace(/[^a-z0-9_]/g, '_').slice(0, 30)}_${randomBytes(5).toString('hex')}`;
  const template = await postgresTemplate(url, migrations);
  if (template) {
    // Named with the run's id, so the run's end drops it even when a suite closes without dispose().
    const own = databaseUrl(url, `${TEST_DATABASE_PREFIX}${templateRun()?.id}_${name}`);
    const ownName = new URL(own).pathname.slice(1);
    await adminQuery(url, `create database ${ownName} template ${template}`);
    const database = await openDatabase<DB>({ url: own, schema: 'public', maxConnections: 20 });
    return {
      ...database,
      url: own,
      async dispose() {
        await database.close();
        await adminQuery(url, `drop database if exists ${ownName} with (force)`);
      },
    };
  }
  const database = await openDatabase<DB>({ url, schema: name, maxConnections: 20 });
  await migrate(database.db as never, database.schema, migrations);
  return {
    ...database,
    url,
    async dispose() {
      await database.close();
      await adminQuery(url, `drop schema if exists ${name} cascade`);
    },
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
