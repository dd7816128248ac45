/**
 * Prepared statements outside a transaction run in batches on the embedded database: the ones
 * waiting together run back to back before any caller continues, each its own transaction with
 * its own errors; a batch never runs inside another holder's turn (a transaction, a pinned
 * connection); notifications and stale statements are handled as for a statement run alone (the
 * file system's sync once per batch: pglite-statements.test.ts).
 */
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ExclusiveTurn } from './exclusive-turn.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { pgliteStatements, type PGliteStatements } from './pglite-statements.ts';
import { MOST_IN_A_BATCH } from './statement-batch.ts';

let client: PGlite;
let statements: PGliteStatements;
let turn: ExclusiveTurn;

beforeAll(async () => {
  client = new PGlite('memory://');
});
beforeEach(async () => {
  await client.exec(`deallocate all; drop table if exists widgets; create table widgets (id int primary key, name text)`);
  statements = pgliteStatements(client);
  turn = new ExclusiveTurn();
});
afterAll(async () => {
  await client.close();
});

const INSERT = 'insert into widgets (id, name) values ($1, $2)';
const COUNT = 'select count(*)::int as n from widgets where id > $1';

/** Seen twice, so prepared: the next calls can batch. */
async function prepare(text: string, ...parameterSets: unknown[][]): Promise<void> {
  for (const parameters of parameterSets) await statements.query(text, parameters);
  expect(statements.batches(text, parameterSets[0]!)).toBe(true);
}

/** Records each exchange PGlite runs, so a test can see what ran between callers continuing. */
function recordExchanges(log: string[]): () => void {
  const original = client.execProtocolRawSync.bind(client);
  client.execProtocolRawSync = (message: Uint8Array) => {
    log.push('exchange');
    return original(message);
  };
  return () => {
    client.execProtocolRawSync = original;
  };
}

describe('the statement batch on PGlite', () => {
  it('runs the statements waiting together back to back, in arrival order, before any caller continues', async () => {
    await prepare(INSERT, [1, 'a'], [2, 'b']);
    const log: string[] = [];
    const restore = recordExchanges(log);
    try {
      const ids = [10, 11, 12, 13, 14];
      await Promise.all(ids.map((id) => statements.queryOutsideTurn(INSERT, [id, `w${id}`], turn).then(() => log.push(`done ${id}`))));
      expect(log).toEqual([...ids.map(() => 'exchange'), ...ids.map((id) => `done ${id}`)]);
    } finally {
      restore();
    }
    const rows = await client.query<{ id: number }>('select id from widgets where id >= 10 order by id');
    expect(rows.rows.map((r) => r.id)).toEqual([10, 11, 12, 13, 14]);
  });

  it(`serves a flood in batches of at most ${MOST_IN_A_BATCH}, every caller answered, in arrival order`, async () => {
    await prepare(INSERT, [1, 'a'], [2, 'b']);
    const log: string[] = [];
    const restore = recordExchanges(log);
    const ids = Array.from({ length: 2 * MOST_IN_A_BATCH + 10 }, (_, i) => 100 + i);
    try {
      await Promise.all(ids.map((id) => statements.queryOutsideTurn(INSERT, [id, 'flood'], turn).then(() => log.push('done'))));
    } finally {
      restore();
    }
    // Runs of exchanges, each followed by its callers' answers.
    const runs = log
      .join(' ')
      .split(/(?<=done) (?=exchange)/)
      .map((run) => run.split(' '));
    expect(runs.map((run) => run.filter((e) => e === 'exchange').length)).toEqual([MOST_IN_A_BATCH, MOST_IN_A_BATCH, 10]);
    for (const run of runs) expect(run.indexOf('done')).toBe(run.lastIndexOf('exchange') + 1);
    const rows = await client.query<{ id: number }>(`select id from widgets where name = 'flood' order by id`);
    expect(rows.rows.map((r) => r.id)).toEqual(ids);
  });

  it("keeps each statement's failure its own: the others in the batch are written", async () => {
    await prepare(INSERT, [1, 'a'], [2, 'b']);
    const outcomes = await Promise.allSettled([3, 1, 4].map((id) => statements.queryOutsideTurn(INSERT, [id, 'x'], turn)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ code: '23505', query: INSERT, params: [1, 'x'] });
    const rows = await client.query<{ id: number; name: string }>('select id, name from widgets order by id');
    expect(rows.rows).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
      { id: 3, name: 'x' },
      { id: 4, name: 'x' },
    ]);
  });

  it('waits for the turn a transaction holds, and sees only what it committed', async () => {
    await prepare(COUNT, [0], [0]);
    const endTurn = await turn.take();
    await statements.query('begin', []);
    await statements.query(INSERT, [1, 'in the transaction']);
    let answered: number | undefined;
    const counted = statements.queryOutsideTurn<{ n: number }>(COUNT, [0], turn).then((r) => (answered = r.rows[0]!.n));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(answered).toBeUndefined();
    await statements.query(INSERT, [2, 'also']);
    await statements.query('commit', []);
    endTurn();
    await counted;
    expect(answered).toBe(2);
  });

  it('hands a notification sent by a batched statement to PGlite listeners, once each', async () => {
    const payloads: string[] = [];
    const unlisten = await client.listen('batch_channel', (payload) => payloads.push(payload));
    const notify = `select pg_notify('batch_channel', $1) as sent`;
    await prepare(notify, ['a'], ['b']);
    const answers = await Promise.all(['c', 'd', 'e'].map((payload) => statements.queryOutsideTurn(notify, [payload], turn)));
    expect(answers.map((a) => a.rows)).toEqual([[{ sent: '' }], [{ sent: '' }], [{ sent: '' }]]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(payloads).toEqual(['a', 'b', 'c', 'd', 'e']);
    await unlisten();
  });

  it('answers with the new columns when the statement went stale behind its back', async () => {
    const select = 'select * from widgets where id = $1';
    await client.query(`insert into widgets (id, name) values (1, 'a')`);
    await prepare(select, [1], [1]);
    await client.exec('alter table widgets add column colour text');
    const answers = await Promise.all([1, 1].map((id) => statements.queryOutsideTurn(select, [id], turn)));
    for (const answer of answers) expect(answer.rows).toEqual([{ id: 1, name: 'a', colour: null }]);
  });

  it('runs a statement that is not prepared yet alone, in a turn of its own', async () => {
    const endTurn = await turn.take();
    let answered = false;
    const once = statements.queryOutsideTurn('select count(*)::int as n from widgets where name = $1', ['a'], turn).then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(answered).toBe(false);
    endTurn();
    await once;
    expect(answered).toBe(true);
  });
});

describe('the PGlite dialect with the batch', () => {
  it('keeps a transaction and a pinned connection whole while single statements run beside them', async () => {
    const db = new Kysely<{ widgets: { id: number; name: string | null } }>({ dialect: new PGliteDialect(client, turn) });
    const count = () =>
      db
        .selectFrom('widgets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', '>', 0)
        .executeTakeFirstOrThrow();
    await count();
    await count();
    const seen: string[] = [];
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('widgets').values({ id: 1, name: 'one' }).execute();
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen.push(`inside ${(await trx.selectFrom('widgets').select('id').execute()).length}`);
      await trx.insertInto('widgets').values({ id: 2, name: 'two' }).execute();
    });
    const reads = Promise.all([1, 2, 3].map(() => count().then((r) => seen.push(`outside ${Number(r.n)}`))));
    const pinned = db.connection().execute(async (connection) => {
      await sql`set application_name = 'pinned'`.execute(connection);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return (await sql<{ name: string }>`select current_setting('application_name') as name`.execute(connection)).rows[0]!.name;
    });
    await Promise.all([transaction, reads]);
    expect(await pinned).toBe('pinned');
    // The reads waited for the transaction's turn and saw both of its rows, never one.
    expect(seen).toEqual(['inside 1', 'outside 2', 'outside 2', 'outside 2']);
    await sql`reset application_name`.execute(db);
  });
});
