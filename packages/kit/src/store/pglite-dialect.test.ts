/**
 * The embedded dialect hands released connections out again. Kysely keeps every connection object
 * a driver returns, to wrap it once for its `log` hook (the statement timings of the metrics), so
 * a fresh object per acquisition was one more kept object per statement for the life of the
 * process.
 */
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql, type Driver } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExclusiveTurn } from './exclusive-turn.ts';
import { PGliteDialect } from './pglite-dialect.ts';

let client: PGlite;
// One turn per PGlite, as openDatabase makes it: the client's statements take their turns on it.
const turn = new ExclusiveTurn();

beforeAll(async () => {
  client = new PGlite('memory://');
  await client.exec('create table widgets (id int primary key, name text)');
});
afterAll(async () => {
  await client.close();
});

/** A Kysely with a `log` hook over the dialect, and the distinct connection objects its driver handed out. */
function loggedDatabase(): { db: Kysely<{ widgets: { id: number; name: string } }>; handedOut: Set<unknown>; logged: () => number } {
  const dialect = new PGliteDialect(client, turn);
  const handedOut = new Set<unknown>();
  const createDriver = dialect.createDriver.bind(dialect);
  dialect.createDriver = (): Driver => {
    const driver = createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    driver.acquireConnection = async () => {
      const connection = await acquire();
      handedOut.add(connection);
      return connection;
    };
    return driver;
  };
  let events = 0;
  const db = new Kysely<{ widgets: { id: number; name: string } }>({ dialect, log: () => void events++ });
  return { db, handedOut, logged: () => events };
}

describe('the embedded dialect under a logging Kysely', () => {
  it('uses as many connection objects as statements held at once, not one per statement', async () => {
    const { db, handedOut, logged } = loggedDatabase();
    for (let id = 0; id < 500; id++)
      await db
        .insertInto('widgets')
        .values({ id, name: `w${id}` })
        .execute();
    expect(handedOut.size).toBe(1);

    const reads = Array.from({ length: 40 }, (_, i) => db.selectFrom('widgets').select('name').where('id', '=', i).executeTakeFirstOrThrow());
    expect((await Promise.all(reads)).map((row) => row.name)).toEqual(Array.from({ length: 40 }, (_, i) => `w${i}`));
    for (let round = 0; round < 10; round++) {
      await Promise.all(Array.from({ length: 40 }, (_, i) => db.selectFrom('widgets').select('id').where('id', '=', i).execute()));
    }
    expect(handedOut.size).toBeLessThanOrEqual(40);
    // Every statement was still timed: the reuse must not lose the log hook.
    expect(logged()).toBe(500 + 40 + 400);
  });

  it('keeps a transaction whole on a reused connection, and frees its turn for the next holder', async () => {
    const { db, handedOut } = loggedDatabase();
    let outside: Promise<{ name: string }> | undefined;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('widgets').set({ name: 'inside' }).where('id', '=', 1).execute();
      // A statement outside the transaction waits for its turn and sees only what committed.
      outside = db.selectFrom('widgets').select('name').where('id', '=', 1).executeTakeFirstOrThrow();
      await trx.updateTable('widgets').set({ name: 'committed' }).where('id', '=', 1).execute();
      expect(await Promise.race([outside.then(() => 'ran'), new Promise((resolve) => setTimeout(() => resolve('waited'), 50))])).toBe('waited');
    });
    expect((await outside!).name).toBe('committed');
    const after = await sql<{ name: string }>`select name from widgets where id = 1`.execute(db);
    expect(after.rows[0]!.name).toBe('committed');
    expect(handedOut.size).toBeLessThanOrEqual(2);
  });
});
