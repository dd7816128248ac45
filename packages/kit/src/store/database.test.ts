/**
 * The storage layer on whichever database the run selects (PGlite by default, PostgreSQL with
 * DATABASE_URL): migrations run once, and concurrent transactions never see each other's
 * uncommitted work, which on PGlite's single connection needs the exclusive driver.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/index.ts';
import { migrate } from './migrations.ts';

interface Counters {
  counters: { name: string; value: number };
}

const migrations = {
  '0001_counters': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('counters')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'integer', (c) => c.notNull())
        .execute();
    },
  },
};

let database: TestDatabase<Counters>;
beforeAll(async () => {
  database = await openTestDatabase<Counters>(migrations, 'kit_store');
});
afterAll(async () => {
  await database?.dispose();
});

describe(`storage on ${testDatabaseKind()}`, () => {
  it('runs each migration once', async () => {
    expect(await migrate(database.db, database.schema, migrations)).toEqual([]);
  });

  it('answers ping', async () => {
    expect(await database.ping()).toBe(true);
  });

  it('keeps concurrent read-modify-write transactions isolated', async () => {
    await database.db.insertInto('counters').values({ name: 'c', value: 0 }).execute();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        database.db.transaction().execute(async (trx) => {
          const row = await sql<{ value: number }>`select value from counters where name = 'c' for update`.execute(trx);
          await trx
            .updateTable('counters')
            .set({ value: row.rows[0]!.value + 1 })
            .where('name', '=', 'c')
            .execute();
        }),
      ),
    );
    const row = await database.db.selectFrom('counters').select('value').where('name', '=', 'c').executeTakeFirstOrThrow();
    expect(row.value).toBe(20);
  });

  it('rolls back a failed transaction completely', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto('counters').values({ name: 'rolled-back', value: 1 }).execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const rows = await database.db.selectFrom('counters').selectAll().where('name', '=', 'rolled-back').execute();
    expect(rows).toEqual([]);
  });
});
