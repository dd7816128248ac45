/**
 * Prepared statements on the embedded database: a repeated statement runs prepared and answers
 * exactly as PGlite's own query does; schema changes (through here or behind its back, in and
 * outside a transaction) never leave a stale answer; errors are the same errors; the cache is
 * bounded.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryFS, messages, PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ExclusiveTurn } from './exclusive-turn.ts';
import { pgliteStatements, statementsOf, type PGliteStatements } from './pglite-statements.ts';
import { statementNaming } from './prepared-statements.ts';

let client: PGlite;
let statements: PGliteStatements;

// One database (starting one is slow), a fresh table and no prepared statements for each test.
beforeAll(async () => {
  client = new PGlite('memory://');
});
beforeEach(async () => {
  await client.exec(
    `deallocate all; drop table if exists widgets; create table widgets (id int primary key, name text, made_at timestamptz, tags jsonb, active boolean)`,
  );
  statements = pgliteStatements(client);
});
afterAll(async () => {
  await client.close();
});

const preparedTexts = async () => (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map((r) => r.statement);

describe('prepared statements on PGlite', () => {
  it('runs a repeated statement prepared, answering as an unnamed query does', async () => {
    const insert = 'insert into widgets (id, name, made_at, tags, active) values ($1, $2, $3, $4, $5) returning *';
    const madeAt = new Date('2026-01-02T03:04:05.678Z');
    const answers = [];
    for (let id = 1; id <= 3; id++)
      answers.push(await statements.query(insert, [id, id === 2 ? null : `w${id}`, madeAt, JSON.stringify({ n: id }), id % 2 === 0]));
    expect(await preparedTexts()).toContain(insert);
    const unnamed = await client.query('select * from widgets where id = $1', [3]);
    expect(answers[2]!.rows).toEqual(unnamed.rows);
    expect(answers[2]!.rows).toEqual([{ id: 3, name: 'w3', made_at: madeAt, tags: { n: 3 }, active: false }]);
    expect(answers[1]!.rows[0]).toMatchObject({ name: null, active: true });
    expect(answers.map((a) => a.affectedRows)).toEqual([1, 1, 1]);

    const update = 'update widgets set name = $1 where id >= $2';
    for (let i = 0; i < 3; i++) expect((await statements.query(update, ['renamed', 2])).affectedRows).toBe(2);
    expect(await preparedTexts()).toContain(update);
    const select = 'select id, name from widgets where name = $1 order by id';
    for (let i = 0; i < 3; i++)
      expect((await statements.query(select, ['renamed'])).rows).toEqual([
        { id: 2, name: 'renamed' },
        { id: 3, name: 'renamed' },
      ]);
    expect((await statements.query(select, ['none'])).rows).toEqual([]);
  });

  it('answers with the new columns after a migration run through it', async () => {
    await client.query(`insert into widgets (id, name) values (1, 'one')`);
    const select = 'select * from widgets where id = $1';
    for (let i = 0; i < 3; i++) await statements.query(select, [1]);
    expect(await preparedTexts()).toContain(select);
    await statements.query('alter table widgets add column colour text', []);
    expect((await statements.query(select, [1])).rows[0]).toHaveProperty('colour', null);
    expect((await statements.query(select, [1])).rows[0]).toHaveProperty('colour', null);
  });

  it('in a transaction, answers with the new columns after DDL run through the session cache (a migration, a guest)', async () => {
    const shared = statementsOf(client);
    expect(statementsOf(client)).toBe(shared);
    await client.query(`insert into widgets (id, name) values (1, 'one')`);
    const select = 'select * from widgets where id = $1';
    for (let i = 0; i < 3; i++) await shared.query(select, [1]);
    await shared.query('begin', []);
    await shared.query('alter table widgets add column colour text', []);
    expect((await shared.query(select, [1])).rows[0]).toHaveProperty('colour', null);
    await shared.query('commit', []);
  });

  it('answers with the new columns after a schema change it did not see, outside a transaction', async () => {
    await client.query(`insert into widgets (id, name) values (1, 'one')`);
    const select = 'select * from widgets where id = $1';
    for (let i = 0; i < 3; i++) await statements.query(select, [1]);
    await client.exec('alter table widgets drop column tags, add column colour text');
    for (let i = 0; i < 3; i++)
      expect(Object.keys((await statements.query(select, [1])).rows[0] as object)).toEqual(['id', 'name', 'made_at', 'active', 'colour']);
  });

  it('in a transaction after a change it did not see, fails that transaction once, then answers', async () => {
    await client.query(`insert into widgets (id, name) values (1, 'one')`);
    const select = 'select * from widgets where id = $1';
    for (let i = 0; i < 3; i++) await statements.query(select, [1]);
    await statements.query('begin', []);
    await client.exec('alter table widgets add column colour text');
    await expect(statements.query(select, [1])).rejects.toMatchObject({ code: '0A000', query: select });
    await statements.query('rollback', []);
    expect((await statements.query(select, [1])).rows[0]).not.toHaveProperty('colour');
  });

  it('answers after its prepared statements were deallocated behind its back', async () => {
    const select = 'select name from widgets where id = $1';
    await client.query(`insert into widgets (id, name) values (1, 'one')`);
    for (let i = 0; i < 3; i++) await statements.query(select, [1]);
    await client.exec('deallocate all');
    expect((await statements.query(select, [1])).rows).toEqual([{ name: 'one' }]);
    expect((await statements.query(select, [1])).rows).toEqual([{ name: 'one' }]);
  });

  it('a prepared statement survives a rolled-back transaction it was prepared in', async () => {
    const select = 'select name from widgets where id = $1';
    await statements.query('begin', []);
    for (let i = 0; i < 3; i++) await statements.query(select, [1]);
    await statements.query('rollback', []);
    await client.query(`insert into widgets (id, name) values (1, 'one')`);
    expect((await statements.query(select, [1])).rows).toEqual([{ name: 'one' }]);
  });

  it('reports data errors as PGlite does, with the code and the query, and the next call works', async () => {
    const insert = 'insert into widgets (id, name) values ($1, $2)';
    await statements.query(insert, [1, 'a']);
    await statements.query(insert, [2, 'b']);
    expect(await preparedTexts()).toContain(insert);
    const failure = await statements.query(insert, [1, 'again']).catch((error: unknown) => error);
    const unnamed = await client.query(insert, [1, 'again']).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '23505', constraint: 'widgets_pkey', query: insert, params: [1, 'again'] });
    expect(failure).toBeInstanceOf(messages.DatabaseError);
    expect((failure as Error).message).toBe((unnamed as Error).message);
    const described = (error: unknown) => {
      const { severity, code, detail, hint, schema, table, column, constraint, routine, name, length } = error as messages.DatabaseError;
      return { severity, code, detail, hint, schema, table, column, constraint, routine, name, length };
    };
    expect(described(failure)).toEqual(described(unnamed));
    expect((failure as messages.DatabaseError).detail).toBe('Key (id)=(1) already exists.');
    await statements.query(insert, [3, 'c']);
    expect((await client.query('select count(*)::int as n from widgets')).rows).toEqual([{ n: 3 }]);
  });

  it('prepares at most its limit of statements', async () => {
    const bounded = pgliteStatements(client, statementNaming(2));
    for (let n = 0; n < 6; n++) for (let i = 0; i < 3; i++) await bounded.query(`select $1::int + ${n} as v`, [i]);
    expect(bounded.preparedCount).toBe(2);
    expect((await preparedTexts()).length).toBe(2);
    expect((await bounded.query('select $1::int + 5 as v', [1])).rows).toEqual([{ v: 6 }]);
  });

  it('answers repeated column names, nulls, empty results and a __proto__ column as an unnamed query does', async () => {
    await client.query(`insert into widgets (id, name) values (1, 'one'), (2, null)`);
    const texts = [
      'select id as x, name, made_at as x from widgets where id >= $1 order by id',
      'select name, active from widgets where id > $1',
      'select name as "__proto__" from widgets where id = $1',
    ];
    for (const text of texts)
      for (const from of [1, 2, 5]) {
        const unnamed = await client.query(text, [from]);
        for (let i = 0; i < 3; i++) expect(await statements.query(text, [from])).toStrictEqual(unnamed);
      }
    expect(await preparedTexts()).toEqual(expect.arrayContaining(texts));
  });

  it('hands a notification sent by a named statement to PGlite listeners, once each', async () => {
    const payloads: string[] = [];
    const everywhere: string[] = [];
    const unlisten = await client.listen('widgets_channel', (payload) => payloads.push(payload));
    const everyNotification = client.onNotification((channel, payload) => everywhere.push(`${channel}:${payload}`));
    const notify = `select pg_notify('widgets_channel', $1) as sent`;
    for (const payload of ['a', 'b', 'c']) expect((await statements.query(notify, [payload])).rows).toEqual([{ sent: '' }]);
    await client.query(`create function widget_gone() returns trigger language plpgsql as $$
      begin perform pg_notify('widgets_channel', 'gone ' || old.id); return old; end $$`);
    await client.query('create trigger widget_gone after delete on widgets for each row execute function widget_gone()');
    await client.query(`insert into widgets (id) select generate_series(1, 4)`);
    const remove = 'delete from widgets where id <= $1';
    for (const upTo of [1, 3]) await statements.query(remove, [upTo]);
    expect(await preparedTexts()).toEqual(expect.arrayContaining([notify, remove]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(payloads).toEqual(['a', 'b', 'c', 'gone 1', 'gone 2', 'gone 3']);
    expect(everywhere).toEqual(payloads.map((payload) => `widgets_channel:${payload}`));
    await unlisten();
    everyNotification();
  });

  it('answers despite notices raised by a named statement', async () => {
    await client.query(`create or replace function shout(message text) returns int language plpgsql as $$
      begin raise notice '%', message; return length(message); end $$`);
    const text = 'select shout($1) as n';
    for (let i = 0; i < 3; i++) expect((await statements.query(text, ['hello'])).rows).toEqual([{ n: 5 }]);
    expect(await preparedTexts()).toContain(text);
  });

  it('syncs a file system that needs it after every named call, and once per batch before any caller hears', async () => {
    let syncs = 0;
    class CountingFS extends MemoryFS {
      override async syncToFs() {
        syncs++;
      }
    }
    const synced = new PGlite({ fs: new CountingFS() });
    try {
      const counted = pgliteStatements(synced);
      await synced.exec('create table notes (id int primary key)');
      for (let id = 1; id <= 3; id++) await counted.query('insert into notes (id) values ($1)', [id]);
      expect(counted.preparedCount).toBe(1);
      const before = syncs;
      await counted.query('insert into notes (id) values ($1)', [4]);
      expect(syncs).toBe(before + 1);
      // Three prepared inserts waiting together (statement-batch.ts): one sync, before each answer.
      const heard: number[] = [];
      const turn = new ExclusiveTurn();
      await Promise.all([5, 6, 7].map((id) => counted.queryOutsideTurn('insert into notes (id) values ($1)', [id], turn).then(() => heard.push(syncs))));
      expect(syncs).toBe(before + 2);
      expect(heard).toEqual([before + 2, before + 2, before + 2]);
    } finally {
      await synced.close();
    }
  });

  it('keeps what named calls wrote in a data directory on disk', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kit-named-durable-'));
    try {
      const first = await PGlite.create(dataDir);
      const writes = pgliteStatements(first);
      await first.exec('create table notes (id int primary key, body text)');
      for (let id = 1; id <= 4; id++) await writes.query('insert into notes (id, body) values ($1, $2)', [id, `note ${id}`]);
      await first.close();
      const second = await PGlite.create(dataDir);
      expect((await second.query('select count(*)::int as n, max(body) as last from notes')).rows).toEqual([{ n: 4, last: 'note 4' }]);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
