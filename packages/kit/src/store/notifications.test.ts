/**
 * LISTEN as wake-ups: a NOTIFY committed by any statement of the database (a trigger's included)
 * wakes the listener with its payload; one sent inside a transaction that rolls back never does;
 * listening (re)starting wakes it once with no payload; after close nothing arrives. On the
 * embedded database in process, on PostgreSQL (DATABASE_URL) over the dedicated connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDatabase, type TestDatabase } from '../testing/index.ts';

let database: TestDatabase<unknown>;
beforeAll(async () => {
  database = await openTestDatabase({}, 'kit_notifications');
});
afterAll(async () => {
  await database?.dispose();
});

async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('listen', () => {
  it('wakes on commit with the payload, never for a rolled-back notice, and stops on close', async () => {
    const wakes: Array<string | undefined> = [];
    const listening = await database.listen('kit_test_channel', (payload) => wakes.push(payload));
    await until(() => wakes.length === 1);
    expect(wakes).toEqual([undefined]);

    await database.db
      .transaction()
      .execute(async (trx) => {
        await sql`select pg_notify('kit_test_channel', 'rolled back')`.execute(trx);
        throw new Error('roll back');
      })
      .catch(() => {});
    await sql`select pg_notify('kit_test_channel', 'first')`.execute(database.db);
    await until(() => wakes.length === 2);
    expect(wakes).toEqual([undefined, 'first']);

    await listening.close();
    await sql`select pg_notify('kit_test_channel', 'after close')`.execute(database.db);
    await sql`select 1`.execute(database.db);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(wakes).toEqual([undefined, 'first']);
  });

  it('refuses a channel name it would have to quote', async () => {
    await expect(database.listen('bad channel; drop table x', () => {})).rejects.toThrow(/Invalid channel name/);
  });
});
