/**
 * Exactly-once writes on the run's database: a claimed one-statement insert writes its rows once
 * whatever the retries, concurrent or not; the same key with other arguments is a conflict; a
 * write that is refused leaves nothing, unless the same request already succeeded.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { ToolError, platformErrors } from '../errors/index.ts';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '../testing/index.ts';
import { insertIdempotent, runIdempotent } from './idempotency.ts';

// idempotency_records comes from the kit's platform migrations, which every migrate runs first.
const migrations = {
  '0001_notes': {
    async up(db: Kysely<any>) {
      await sql`create table notes (note_id text primary key, body jsonb not null, created_at timestamptz not null)`.execute(db);
      await sql`create table note_tags (note_id text not null references notes, tag text not null)`.execute(db);
      await sql`create table note_history (note_id text not null references notes, body jsonb not null)`.execute(db);
      await sql`create table "note ""quoted"" marks" ("note ""id""" text primary key)`.execute(db);
    },
  },
};

let database: TestDatabase<unknown>;
beforeAll(async () => {
  database = await openTestDatabase(migrations, 'kit_idempotency');
});
afterAll(async () => {
  await database?.dispose();
});

const now = new Date('2026-11-30T08:00:00Z');

/** A note write: a fresh id every time it is planned, as a real new row would have. */
function writeNote(key: string, text: string, refuse?: ToolError) {
  return insertIdempotent(database.db, { accountId: 'acct-1', operation: 'note', idempotencyKey: key }, { text }, now, () => {
    if (refuse) throw refuse;
    const noteId = randomUUID();
    return {
      result: { noteId, text },
      inserts: [
        { table: 'notes', values: { note_id: noteId, body: JSON.stringify({ text }), created_at: now } },
        { table: 'note_tags', values: { note_id: noteId, tag: 'first' } },
        { table: 'note_history', values: { note_id: noteId, body: JSON.stringify({ text }) } },
      ],
    };
  });
}

async function count(table: string): Promise<number> {
  const result = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(database.db);
  return result.rows[0]!.n;
}

describe(`idempotent writes on ${testDatabaseKind()}`, () => {
  it('inserts every row once and replays the stored answer for the same key and arguments', async () => {
    const before = await count('notes');
    const first = await writeNote('key-replay', 'hello');
    const again = await writeNote('key-replay', 'hello');
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ result: first.result, replayed: true });
    expect(await count('notes')).toBe(before + 1);
    const tags = await sql<{ tag: string }>`select tag from note_tags where note_id = ${first.result.noteId}`.execute(database.db);
    expect(tags.rows).toEqual([{ tag: 'first' }]);
  });

  it('stores a long text bound for two columns of the same name in both', async () => {
    const text = '成都 '.repeat(1000);
    const { result } = await writeNote('key-long', text);
    const stored = await sql<{ a: unknown; b: unknown }>`
      select n.body as a, h.body as b from notes n join note_history h using (note_id) where note_id = ${result.noteId}`.execute(database.db);
    expect(stored.rows).toHaveLength(1);
    const row = stored.rows[0]!;
    const parsed = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect(parsed(row.a)).toEqual({ text });
    expect(parsed(row.b)).toEqual({ text });
  });

  it('refuses the same key with other arguments and changes nothing', async () => {
    await writeNote('key-conflict', 'one');
    const before = await count('notes');
    await expect(writeNote('key-conflict', 'two')).rejects.toMatchObject({ code: 'idempotency_conflict' });
    expect(await count('notes')).toBe(before);
  });

  it('gives 20 concurrent identical retries one effect and one answer', async () => {
    const before = await count('notes');
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => writeNote('key-concurrent', 'together')));
    expect(await count('notes')).toBe(before + 1);
    expect(new Set(outcomes.map((o) => o.result.noteId)).size).toBe(1);
    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
  });

  it('leaves nothing for a refused write, and a later success under that key still works', async () => {
    const before = await count('notes');
    const refusal = platformErrors.fail('invalid_arguments', 'no', { fields: [{ field: 'text', problem: 'no' }] });
    await expect(writeNote('key-refused', 'x', refusal)).rejects.toBe(refusal);
    expect(await count('notes')).toBe(before);
    expect((await writeNote('key-refused', 'x')).replayed).toBe(false);
  });

  it('answers a retry as the first time even when planning it again would now be refused', async () => {
    const first = await writeNote('key-world-changed', 'kept');
    const replay = await writeNote(
      'key-world-changed',
      'kept',
      platformErrors.fail('invalid_arguments', 'the world changed', { fields: [{ field: 'text', problem: 'the world changed' }] }),
    );
    expect(replay).toEqual({ result: first.result, replayed: true });
  });

  it('keeps a pointer instead of the answer when the answer can be rebuilt from its rows', async () => {
    const scope = { accountId: 'acct-1', operation: 'pointer-note', idempotencyKey: 'key-pointer' };
    const restore = async (stored: unknown) => {
      const noteId = (stored as { noteId: string }).noteId;
      const row = await sql<{ body: unknown }>`select body from notes where note_id = ${noteId}`.execute(database.db);
      const body = row.rows[0]!.body;
      return { noteId, text: (typeof body === 'string' ? JSON.parse(body) : body).text as string };
    };
    const write = () =>
      insertIdempotent(
        database.db,
        scope,
        { text: 'rebuilt' },
        now,
        () => {
          const noteId = randomUUID();
          return {
            result: { noteId, text: 'rebuilt' },
            stored: { noteId },
            inserts: [{ table: 'notes', values: { note_id: noteId, body: JSON.stringify({ text: 'rebuilt' }), created_at: now } }],
          };
        },
        restore,
      );
    const first = await write();
    const again = await write();
    expect(again).toEqual({ result: first.result, replayed: true });
    const record = await sql<{ response: unknown }>`select response from idempotency_records where idempotency_key = 'key-pointer'`.execute(database.db);
    const response = record.rows[0]!.response;
    expect(typeof response === 'string' ? JSON.parse(response) : response).toEqual({ noteId: first.result.noteId });
  });

  it('shares the key space with claim-first transactions', async () => {
    const scope = { accountId: 'acct-1', operation: 'note', idempotencyKey: 'key-shared' };
    const first = await runIdempotent(database.db, scope, { text: 'tx' }, now, async () => ({ noteId: 'tx-note', text: 'tx' }));
    expect(first.replayed).toBe(false);
    expect(await writeNote('key-shared', 'tx')).toEqual({ result: { noteId: 'tx-note', text: 'tx' }, replayed: true });
  });
});

describe(`idempotent writes on ${testDatabaseKind()}: scope and refusals`, () => {
  const scoped = (accountId: string, operation: string, idempotencyKey: string) => ({ accountId, operation, idempotencyKey });
  const plain = (text: string) => () => {
    const noteId = randomUUID();
    return { result: { noteId, text }, inserts: [{ table: 'notes', values: { note_id: noteId, body: JSON.stringify({ text }), created_at: now } }] };
  };

  it('keeps one key space per account and per operation', async () => {
    const a = await insertIdempotent(database.db, scoped('acct-a', 'note', 'key-per-scope'), { text: 'a' }, now, plain('a'));
    const b = await insertIdempotent(database.db, scoped('acct-b', 'note', 'key-per-scope'), { text: 'b' }, now, plain('b'));
    const c = await insertIdempotent(database.db, scoped('acct-a', 'other-note', 'key-per-scope'), { text: 'c' }, now, plain('c'));
    expect([a.replayed, b.replayed, c.replayed]).toEqual([false, false, false]);
    expect(new Set([a.result.noteId, b.result.noteId, c.result.noteId]).size).toBe(3);
    // Each still replays its own answer.
    const againB = await insertIdempotent(database.db, scoped('acct-b', 'note', 'key-per-scope'), { text: 'b' }, now, plain('b'));
    expect(againB).toEqual({ result: b.result, replayed: true });
  });

  it('names the key in a conflict, and a conflict is refused even when planning it again is refused', async () => {
    await writeNote('key-conflict-details', 'one');
    const conflict = await writeNote('key-conflict-details', 'two').catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ToolError);
    expect(conflict).toMatchObject({ code: 'idempotency_conflict', retryable: false, details: { idempotencyKey: 'key-conflict-details' } });
    const refusal = platformErrors.fail('invalid_arguments', 'no', { fields: [{ field: 'text', problem: 'no' }] });
    await expect(writeNote('key-conflict-details', 'two', refusal)).rejects.toMatchObject({ code: 'idempotency_conflict' });
  });

  it('lets a failure that is not a refusal through even when the same request already succeeded', async () => {
    await writeNote('key-crash', 'stored');
    const crash = new Error('a bug while planning');
    const outcome = insertIdempotent(database.db, scoped('acct-1', 'note', 'key-crash'), { text: 'stored' }, now, () => {
      throw crash;
    });
    await expect(outcome).rejects.toBe(crash);
  });

  it('refuses a pointer write without restore, and a refused pointer write with nothing stored stays refused', async () => {
    const pointer = () => {
      const noteId = randomUUID();
      return { result: { noteId }, stored: { noteId }, inserts: [{ table: 'notes', values: { note_id: noteId, body: '{}', created_at: now } }] };
    };
    const before = await count('notes');
    await expect(insertIdempotent(database.db, scoped('acct-1', 'pointer-note', 'key-no-restore'), {}, now, pointer)).rejects.toThrow(
      new TypeError('insertIdempotent: a write that stores a pointer needs restore'),
    );
    expect(await count('notes')).toBe(before);
    const refusal = platformErrors.fail('invalid_arguments', 'no', { fields: [{ field: 'text', problem: 'no' }] });
    const restore = async (stored: unknown) => stored as { noteId: string };
    const refused = insertIdempotent(
      database.db,
      scoped('acct-1', 'pointer-note', 'key-refused-pointer'),
      {},
      now,
      () => {
        throw refusal;
      },
      restore,
    );
    await expect(refused).rejects.toBe(refusal);
  });

  it('writes a long text that differs between rows to each row', async () => {
    const texts = ['甲'.repeat(1500), '乙'.repeat(1500)];
    const ids = [randomUUID(), randomUUID()];
    await insertIdempotent(database.db, scoped('acct-1', 'note-pair', 'key-two-long'), { texts }, now, () => ({
      result: { ids },
      inserts: ids.map((noteId, i) => ({ table: 'notes', values: { note_id: noteId, body: JSON.stringify({ text: texts[i] }), created_at: now } })),
    }));
    const rows = await sql<{ note_id: string; body: unknown }>`select note_id, body from notes where note_id in (${ids[0]}, ${ids[1]})`.execute(database.db);
    const byId = new Map(rows.rows.map((r) => [r.note_id, typeof r.body === 'string' ? JSON.parse(r.body) : r.body]));
    expect(byId.get(ids[0]!)).toEqual({ text: texts[0] });
    expect(byId.get(ids[1]!)).toEqual({ text: texts[1] });
  });

  it('tells the caller of a conflicting key to use a new key', async () => {
    await writeNote('key-conflict-message', 'one');
    await expect(writeNote('key-conflict-message', 'two')).rejects.toThrow(
      'The idempotencyKey was already used for a different note; use a new key for a new action.',
    );
  });

  it('writes to a table and columns whose names hold double quotes', async () => {
    await insertIdempotent(database.db, scoped('acct-1', 'quoted', 'key-quoted'), {}, now, () => ({
      result: null,
      inserts: [{ table: 'note "quoted" marks', values: { 'note "id"': 'q1' } }],
    }));
    const rows = await sql<{ id: string }>`select "note ""id""" as id from "note ""quoted"" marks"`.execute(database.db);
    expect(rows.rows).toEqual([{ id: 'q1' }]);
  });

  it('stores the time of a claimed row as the instant it was given', async () => {
    const { result } = await writeNote('key-time', 'timed');
    const row = await sql<{ created_at: Date | string }>`select created_at from notes where note_id = ${result.noteId}`.execute(database.db);
    expect(new Date(row.rows[0]!.created_at).toISOString()).toBe(now.toISOString());
    const record = await sql<{ created_at: Date | string }>`select created_at from idempotency_records where idempotency_key = 'key-time'`.execute(database.db);
    expect(new Date(record.rows[0]!.created_at).toISOString()).toBe(now.toISOString());
  });
});

describe(`the claim statement on ${testDatabaseKind()}`, () => {
  /** The statements a write sends, as the database driver receives them. */
  async function sent(work: () => Promise<unknown>): Promise<CompiledQuery[]> {
    const executeQuery = vi.spyOn(database.db.getExecutor(), 'executeQuery');
    try {
      await work();
      return executeQuery.mock.calls.map(([query]) => query);
    } finally {
      executeQuery.mockRestore();
    }
  }
  /** A JSON body exactly `length` characters long. */
  const body = (length: number, letter: string) => JSON.stringify({ text: letter.repeat(length - '{"text":""}'.length) });

  it('sends a long text bound for columns of the same name once, a shorter one or one for another column each time, and times as ISO text', async () => {
    const [long, atLimit, belowLimit] = [body(5000, 'l'), body(1024, 'a'), body(1023, 'b')];
    const ids = ['sent-1', 'sent-2', 'sent-3'];
    // A value that is not text is sent as it is, each time, whatever its size.
    const parsed = { text: 'p'.repeat(2000) };
    const rows = (text: unknown, noteId: string) => [
      { table: 'notes', values: { note_id: noteId, body: text, created_at: now } },
      { table: 'note_history', values: { note_id: noteId, body: text } },
    ];
    const queries = await sent(() =>
      insertIdempotent(database.db, { accountId: 'acct-1', operation: 'sent', idempotencyKey: 'key-sent' }, {}, now, () => ({
        result: 'ok',
        inserts: [
          ...rows(long, ids[0]!),
          ...rows(atLimit, ids[1]!),
          ...rows(belowLimit, ids[2]!),
          { table: 'note_tags', values: { note_id: ids[0], tag: long } },
          ...rows(parsed, 'sent-4'),
        ],
      })),
    );
    expect(queries).toHaveLength(1);
    const iso = now.toISOString();
    expect(queries[0]!.parameters).toEqual([
      'acct-1',
      'sent',
      'key-sent',
      expect.any(String),
      '"ok"',
      iso,
      'sent-1',
      long,
      iso,
      'sent-1',
      'sent-2',
      atLimit,
      iso,
      'sent-2',
      'sent-3',
      belowLimit,
      iso,
      'sent-3',
      belowLimit,
      'sent-1',
      long,
      'sent-4',
      parsed,
      iso,
      'sent-4',
      parsed,
    ]);
    expect(queries[0]!.sql).toContain('insert into "note_history" ("note_id", "body") select $10, $8 from claim');
    expect(queries[0]!.sql).toContain('insert into "note_history" ("note_id", "body") select $14, $12 from claim');
    expect(queries[0]!.sql).toContain('insert into "note_history" ("note_id", "body") select $18, $19 from claim');
    const history = await sql<{
      note_id: string;
      body: unknown;
    }>`select note_id, body from note_history where note_id in ('sent-1', 'sent-2', 'sent-3', 'sent-4') order by note_id`.execute(database.db);
    expect(history.rows.map((r) => (typeof r.body === 'string' ? r.body : JSON.stringify(r.body)).length)).toEqual([
      5000,
      1024,
      1023,
      JSON.stringify(parsed).length,
    ]);
  });
});

describe(`claim-first transactions on ${testDatabaseKind()}`, () => {
  const scope = (idempotencyKey: string) => ({ accountId: 'acct-tx', operation: 'tx-note', idempotencyKey });

  it('runs the work once and replays its answer to a retry without running it again', async () => {
    let runs = 0;
    const work = async () => ({ run: ++runs });
    const first = await runIdempotent(database.db, scope('tx-replay'), { n: 1 }, now, work);
    const again = await runIdempotent(database.db, scope('tx-replay'), { n: 1 }, now, work);
    expect(first).toEqual({ result: { run: 1 }, replayed: false });
    expect(again).toEqual({ result: { run: 1 }, replayed: true });
    expect(runs).toBe(1);
  });

  it('refuses the same key with other arguments without running the work', async () => {
    let runs = 0;
    const work = async () => ({ run: ++runs });
    await runIdempotent(database.db, scope('tx-conflict'), { n: 1 }, now, work);
    await expect(runIdempotent(database.db, scope('tx-conflict'), { n: 2 }, now, work)).rejects.toMatchObject({
      code: 'idempotency_conflict',
      details: { idempotencyKey: 'tx-conflict' },
    });
    expect(runs).toBe(1);
  });

  it('leaves no record when the work fails, so a retry runs it afresh', async () => {
    await expect(
      runIdempotent(database.db, scope('tx-fails'), {}, now, async (trx) => {
        await sql`insert into notes (note_id, body, created_at) values ('tx-fails-note', '{}', ${now})`.execute(trx);
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const notes = await sql`select 1 from notes where note_id = 'tx-fails-note'`.execute(database.db);
    expect(notes.rows).toEqual([]);
    expect(await runIdempotent(database.db, scope('tx-fails'), {}, now, async () => 'second')).toEqual({ result: 'second', replayed: false });
  });

  it('gives concurrent retries one run of the work and its answer', async () => {
    let runs = 0;
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => runIdempotent(database.db, scope('tx-concurrent'), {}, now, async () => ({ run: ++runs }))),
    );
    expect(runs).toBe(1);
    expect(outcomes.every((o) => (o.result as { run: number }).run === 1)).toBe(true);
    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
  });
});
