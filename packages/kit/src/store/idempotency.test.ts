/**
 * Exactly-once writes on the run's database: a claimed one-statement insert writes its rows once
 * whatever the retries, concurrent or not; the same key with other arguments is a conflict; a
 * write that is refused leaves nothing, unless the same request already succeeded.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
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
    const replay = await writeNote('key-world-changed', 'kept', platformErrors.fail('invalid_arguments', 'the world changed', { fields: [{ field: 'text', problem: 'the world changed' }] }));
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
      insertIdempotent(database.db, scope, { text: 'rebuilt' }, now, () => {
        const noteId = randomUUID();
        return { result: { noteId, text: 'rebuilt' }, stored: { noteId }, inserts: [{ table: 'notes', values: { note_id: noteId, body: JSON.stringify({ text: 'rebuilt' }), created_at: now } }] };
      }, restore);
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
