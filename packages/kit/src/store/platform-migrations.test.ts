/**
 * The kit's own tables: a fresh database gets them before the product's migrations run, and a
 * product database that made them itself (before the kit owned them) migrates cleanly, keeping
 * its rows; on the run's database (PGlite, or PostgreSQL with DATABASE_URL).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Migrator, sql, type Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase, type Database } from './database.ts';
import { migrate } from './migrations.ts';

const url = process.env.DATABASE_URL;
const opened: Array<{ database: Database<unknown>; schema: string }> = [];

async function freshDatabase(): Promise<Database<unknown>> {
  const schema = url ? `kit_platform_${randomBytes(5).toString('hex')}` : 'public';
  const database = await openDatabase<unknown>({ url, dataDir: 'memory://', schema });
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

/** A product's first migration as products wrote it before the kit owned these tables. */
const productMadeThem = {
  '0001_product': {
    async up(db: Kysely<any>) {
      await sql`create table idempotency_records (account_id text not null, operation text not null, idempotency_key text not null,
        request_hash text not null, response jsonb not null, created_at timestamptz not null,
        constraint idempotency_records_pk primary key (account_id, operation, idempotency_key))`.execute(db);
      await sql`create unlogged table rate_limits (key varchar(255) primary key, points integer not null default 0, expire bigint)`.execute(db);
      await sql`create table notes (note_id text primary key)`.execute(db);
    },
  },
};

describe('platform migrations', () => {
  it('create the kit tables first on a fresh database, and run once', async () => {
    const database = await freshDatabase();
    const seen: string[] = [];
    const product = {
      '0001_product': {
        async up(db: Kysely<any>) {
          const { rows } = await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_name in ('idempotency_records', 'rate_limits') order by 1`.execute(
            db,
          );
          seen.push(...rows.map((r) => r.name));
        },
      },
    };
    expect(await migrate(database.db as Kysely<any>, database.schema, product)).toEqual([
      'kit/0001_idempotency_records',
      'kit/0002_rate_limits',
      'kit/0003_backfills',
      '0001_product',
    ]);
    expect(seen).toEqual(['idempotency_records', 'rate_limits']);
    expect(await migrate(database.db as Kysely<any>, database.schema, product)).toEqual([]);
  });

  it('leave a product database that already has the tables working, with its rows', async () => {
    const database = await freshDatabase();
    const db = database.db as Kysely<any>;
    // Migrated the way it was before the kit owned the tables: the product's history only.
    const before = await new Migrator({
      db,
      provider: { getMigrations: async () => productMadeThem },
      migrationTableSchema: database.schema,
    }).migrateToLatest();
    expect(before.error).toBeUndefined();
    await sql`insert into idempotency_records values ('a', 'op', 'k', 'h', '{"kept":true}', now())`.execute(db);
    await sql`insert into rate_limits values ('writes:a', 3, 99)`.execute(db);

    expect(await migrate(db, database.schema, productMadeThem)).toEqual(['kit/0001_idempotency_records', 'kit/0002_rate_limits', 'kit/0003_backfills']);
    const record = await sql<{ response: unknown }>`select response from idempotency_records where idempotency_key = 'k'`.execute(db);
    expect(record.rows.map((r) => (typeof r.response === 'string' ? JSON.parse(r.response) : r.response))).toEqual([{ kept: true }]);
    const count = await sql<{ points: number }>`select points from rate_limits where key = 'writes:a'`.execute(db);
    expect(count.rows).toEqual([{ points: 3 }]);
  });
});
