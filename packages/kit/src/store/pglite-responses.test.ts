/**
 * Reading a named statement's answer from the response bytes: on the very bytes PGlite returns,
 * the result equals (keys and their order included) what PGlite's parser and parseResults make of
 * them; a response holding anything but an ordinary answer is left to PGlite (undefined).
 */
import { type messages, parse, PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAnswer, resultColumns } from './pglite-responses.ts';
import { concatBytes } from './concat-bytes.ts';

let client: PGlite;
let statementCount = 0;

beforeAll(async () => {
  client = new PGlite('memory://');
  await client.exec(`
    create table gadgets (id int primary key, name text, made_at timestamptz, tags jsonb, active boolean, price numeric, counts int[]);
    insert into gadgets values
      (1, 'één', '2026-01-02T03:04:05.678Z', '{"n": 1}', true, 12.50, '{1,2}'),
      (2, null, null, null, null, null, null),
      (3, 'three', '2026-03-04T05:06:07Z', '[1, "x"]', false, 0, '{}');
    create function shout(message text) returns int language plpgsql as $$ begin raise notice '%', message; return 1; end $$;`);
});
afterAll(async () => {
  await client.close();
});

interface Exchange {
  response: Uint8Array;
  rowDescription: messages.RowDescriptionMessage | undefined;
}

/** Prepares `text` under a fresh name, then binds and executes it once: the raw response bytes. */
async function exchange(text: string, values: Array<string | null>): Promise<Exchange> {
  const name = `responses_${++statementCount}`;
  const s = protocol.serialize;
  const described = await client.execProtocol(concatBytes([s.parse({ name, text }), s.describe({ type: 'S', name }), s.sync()]));
  const rowDescription = described.messages.find((m): m is messages.RowDescriptionMessage => m.name === 'rowDescription');
  const chunks: Uint8Array[] = [];
  await client.execProtocolRawStream(concatBytes([s.bind({ statement: name, values }), s.execute({}), s.sync()]), {
    onRawData: (bytes) => chunks.push(bytes.slice()),
  });
  return { response: concatBytes(chunks), rowDescription };
}

/** What PGlite's own parser and parseResults make of the same bytes. */
function pgliteReading({ response, rowDescription }: Exchange) {
  const parsed: messages.BackendMessage[] = [];
  new protocol.Parser().parse(response, (message) => parsed.push(message));
  return parse.parseResults(rowDescription ? [rowDescription, ...parsed] : parsed, client.parsers)[0];
}

function read(exchanged: Exchange) {
  return readAnswer(exchanged.response, resultColumns(exchanged.rowDescription), client.parsers);
}

/** Equal values, and the same keys in the same order, at the top and in every row. */
function expectSameAnswer(exchanged: Exchange) {
  const ours = read(exchanged);
  const theirs = pgliteReading(exchanged);
  expect(ours).toStrictEqual(theirs);
  expect(Object.keys(ours!)).toEqual(Object.keys(theirs!));
  expect(ours!.rows.map((row) => Object.keys(row as object))).toEqual(theirs!.rows.map((row) => Object.keys(row as object)));
  return ours!;
}

describe('reading a named statement answer from its bytes', () => {
  it('reads typed columns, nulls and non-ASCII text as PGlite does', async () => {
    const answer = expectSameAnswer(await exchange('select * from gadgets where id <= $1 order by id', ['3']));
    expect(answer.rows).toHaveLength(3);
    expect(answer.rows[0]).toEqual({
      id: 1,
      name: 'één',
      made_at: new Date('2026-01-02T03:04:05.678Z'),
      tags: { n: 1 },
      active: true,
      price: '12.50',
      counts: [1, 2],
    });
    expect(answer.rows[1]).toEqual({ id: 2, name: null, made_at: null, tags: null, active: null, price: null, counts: null });
    expect(answer).toMatchObject({ command: 'SELECT', rowCount: 3, affectedRows: 0 });
  });

  it('keeps the last value of a repeated column name at its first position', async () => {
    const answer = expectSameAnswer(await exchange('select id as x, name, $1::text as x from gadgets where id = 1', ['later']));
    expect(answer.rows).toEqual([{ x: 'later', name: 'één' }]);
    expect(answer.fields.map((f) => f.name)).toEqual(['x', 'name', 'x']);
  });

  it('answers an empty result with its fields and no rows', async () => {
    const answer = expectSameAnswer(await exchange('select id, name from gadgets where id = $1', ['404']));
    expect(answer).toMatchObject({ rows: [], rowCount: 0, fields: [{ name: 'id' }, { name: 'name' }] });
  });

  it('counts the rows a statement without result columns changed', async () => {
    const insert = expectSameAnswer(await exchange('insert into gadgets (id, name) values ($1, $2), ($1::int + 1, $2)', ['10', 'new']));
    expect(insert).toMatchObject({ command: 'INSERT', affectedRows: 2, rowCount: 2, rows: [], fields: [] });
    expect(expectSameAnswer(await exchange('update gadgets set name = $1 where id >= 10', ['newer']))).toMatchObject({ affectedRows: 2 });
    expect(expectSameAnswer(await exchange('delete from gadgets where id >= $1', ['10']))).toMatchObject({ command: 'DELETE', affectedRows: 2 });
    const returning = expectSameAnswer(await exchange('insert into gadgets (id) values ($1) returning id, name', ['11']));
    expect(returning).toMatchObject({ affectedRows: 1, rows: [{ id: 11, name: null }] });
    await client.query('delete from gadgets where id = 11');
  });

  it('reads a row of zero columns and a large answer spread over several chunks', async () => {
    expectSameAnswer(await exchange('select from gadgets where id = $1', ['1']));
    const many = await exchange(`select g as n, repeat('x', 200) || $1 as filler from generate_series(1, 2000) g`, ['!']);
    expect(expectSameAnswer(many).rows).toHaveLength(2000);
  });

  it('leaves errors, notices and notifications to PGlite', async () => {
    const failed = await exchange('insert into gadgets (id) values ($1)', ['1']);
    expect(read(failed)).toBeUndefined();
    const noticed = await exchange('select shout($1) as n', ['hello']);
    expect(read(noticed)).toBeUndefined();
    expect(pgliteReading(noticed)!.rows).toEqual([{ n: 1 }]);
    await client.exec('listen gadgets_channel');
    const notified = await exchange(`select pg_notify('gadgets_channel', $1)`, ['payload']);
    await client.exec('unlisten gadgets_channel');
    expect(read(notified)).toBeUndefined();
  });

  it('leaves a column named __proto__ and a response cut short to PGlite', async () => {
    const proto = await exchange('select $1::text as "__proto__"', ['value']);
    expect(read(proto)).toBeUndefined();
    expect(pgliteReading(proto)!.rows[0]).toHaveProperty('__proto__', 'value');
    const whole = await exchange('select id from gadgets where id = $1', ['1']);
    for (const cut of [1, 7, whole.response.length - 20, whole.response.length - 8, whole.response.length - 6, whole.response.length - 1])
      expect(readAnswer(whole.response.subarray(0, cut), resultColumns(whole.rowDescription), client.parsers)).toBeUndefined();
  });
});
