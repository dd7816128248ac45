/**
 * Statement naming: which texts get a name and when, and, on a real PostgreSQL, that a repeated
 * query runs as a prepared statement and that one whose result columns a migration changed
 * fails once and then runs unnamed.
 */
import { describe, expect, it } from 'vitest';
import { preparingClient, statementNaming } from './prepared-statements.ts';

describe('statement naming', () => {
  it('names a data statement the second time its text is seen, with the same name after', () => {
    const naming = statementNaming();
    const text = 'select * from drafts where draft_ref = $1';
    expect(naming.nameFor(text)).toBeUndefined();
    const name = naming.nameFor(text);
    expect(name).toMatch(/^s_[\w-]{22}$/);
    expect(naming.nameFor(text)).toBe(name);
    expect(naming.nameFor(`${text} `)).toBeUndefined();
  });

  it('never names anything but data statements', () => {
    const naming = statementNaming();
    for (const text of ['create table t (a int)', 'begin', 'set search_path to x']) {
      naming.nameFor(text);
      expect(naming.nameFor(text)).toBeUndefined();
    }
    naming.nameFor('  WITH x as (select 1) select * from x');
    expect(naming.nameFor('  WITH x as (select 1) select * from x')).toBeDefined();
  });

  it('names at most its limit of distinct texts', () => {
    const naming = statementNaming(3);
    for (let i = 0; i < 10; i++) {
      naming.nameFor(`select ${i}`);
      naming.nameFor(`select ${i}`);
    }
    expect(naming.namedCount).toBe(3);
    expect(naming.nameFor('select 2')).toBeDefined();
    expect(naming.nameFor('select 7')).toBeUndefined();
  });

  it('stops naming a text it was told to forget', () => {
    const naming = statementNaming();
    naming.nameFor('select $1::int');
    expect(naming.nameFor('select $1::int')).toBeDefined();
    naming.forget('select $1::int');
    expect(naming.nameFor('select $1::int')).toBeUndefined();
  });
});

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('prepared statements on PostgreSQL', () => {
  it('runs a repeated query prepared, and recovers when a migration changes its columns', async () => {
    const Client = preparingClient(statementNaming());
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query('create temp table widgets (id int primary key, name text)');
      await client.query('insert into widgets values (1, $1)', ['one']);
      const text = 'select * from widgets where id = $1';
      for (let i = 0; i < 3; i++) expect((await client.query(text, [1])).rows).toEqual([{ id: 1, name: 'one' }]);
      const prepared = await client.query('select statement from pg_prepared_statements');
      expect(prepared.rows.map((r: { statement: string }) => r.statement)).toContain(text);

      await client.query('alter table widgets add column colour text');
      await expect(client.query(text, [1])).rejects.toMatchObject({ code: '0A000' });
      expect((await client.query(text, [1])).rows).toEqual([{ id: 1, name: 'one', colour: null }]);
    } finally {
      await client.end();
    }
  });
});
