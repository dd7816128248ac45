/**
 * Online migrations (online-migration.ts, migrations.ts): a schema change that cannot get its lock
 * gives up after the lock timeout and is tried again (PostgreSQL, where another connection can
 * hold a lock); declared indexes are built CONCURRENTLY after the schema change, an invalid one
 * left by a failed build is built again, and a serving start can leave them to the background
 * runner. On the run's database (PGlite, or PostgreSQL with DATABASE_URL).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase, type Database } from './database.ts';
import { migrate, type Migrations } from './migrations.ts';
import { runBackfills } from './backfills.ts';

const url = process.env.DATABASE_URL;
const opened: Array<{ database: Database<any>; schema: string }> = [];

async function freshDatabase(): Promise<Database<any>> {
  const schema = url ? `kit_online_${randomBytes(5).toString('hex')}` : 'public';
  const database = await openDatabase<any>({ url, dataDir: 'memory://', schema });
  opened.push({ database, schema });
  return database;
}

afterAll(async () => {
  for (const { database, schema } of opened) {
    await database.close();
    if (!url) continue;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`).finally(() => client.end());
  }
});

const first: Migrations = {
  '0001_notes': {
    async up(db: Kysely<any>) {
      await sql`create table notes (note_id integer primary key, body text not null)`.execute(db);
    },
  },
};
const second: Migrations = {
  ...first,
  '0002_note_length': {
    async up(db: Kysely<any>) {
      await sql`alter table notes add column length integer`.execute(db);
    },
    indexes: [{ name: 'notes_by_body', definition: 'on notes (body)' }],
  },
};

async function indexState(db: Kysely<any>, name: string): Promise<boolean | undefined> {
  const { rows } = await sql<{ valid: boolean }>`
    select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
    where c.relname = ${name} and c.relnamespace = current_schema()::regnamespace`.execute(db);
  return rows[0]?.valid;
}

it.skipIf(!url)('gives a schema change up at the lock timeout while another transaction holds the table, and tries again until it gets it', async () => {
  const database = await freshDatabase();
  await migrate(database.db, database.schema, first);
  const blocker = new pg.Client({ connectionString: url });
  await blocker.connect();
  try {
    await blocker.query(`set search_path to ${database.schema}`);
    await blocker.query('begin');
    await blocker.query('select count(*) from notes');
    const warnings: object[] = [];
    const log = {
      warn(details: object) {
        warnings.push(details);
        // The blocking transaction ends only once the first attempt has timed out.
        if (warnings.length === 1) void blocker.query('commit');
      },
    };
    expect(await migrate(database.db, database.schema, second, { lockTimeoutMs: 50, log })).toEqual(['0002_note_length']);
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings[0]).toMatchObject({ migration: '0002_note_length', attempt: 1 });
  } finally {
    await blocker.end();
  }
  expect(await indexState(database.db, 'notes_by_body')).toBe(true);
});

it('builds declared indexes after the schema change, again when a build left one invalid, or later when deferred', async () => {
  const database = await freshDatabase();
  await migrate(database.db, database.schema, first);
  await sql`insert into notes select i, 'note ' || i from generate_series(1, 100) i`.execute(database.db);
  expect(await migrate(database.db, database.schema, second, { deferIndexes: true })).toEqual(['0002_note_length']);
  expect(await indexState(database.db, 'notes_by_body')).toBeUndefined();
  await runBackfills(database.db, second);
  expect(await indexState(database.db, 'notes_by_body')).toBe(true);

  // What a concurrent build that failed half way leaves: the index, marked invalid.
  await sql`update pg_index set indisvalid = false where indexrelid = 'notes_by_body'::regclass`.execute(database.db);
  expect(await indexState(database.db, 'notes_by_body')).toBe(false);
  expect(await migrate(database.db, database.schema, second)).toEqual([]);
  expect(await indexState(database.db, 'notes_by_body')).toBe(true);
});
