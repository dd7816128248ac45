/**
 * A read built once: each call gets its own values in the statement (strings, numbers, dates, a
 * value used twice, constants the builder wrote itself), per database; a builder that transforms
 * or inlines a value is refused at its first call instead of running a statement without it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import { openTestDatabase, type TestDatabase } from '../testing/index.ts';
import { compiledOnce } from './compiled-once.ts';

interface Tables {
  notes: { note_id: string; owner: string; body: string; written_at: Date };
}

const migrations = {
  '0001_notes': {
    async up(db: Kysely<any>) {
      await sql`create table notes (note_id text primary key, owner text not null, body text not null, written_at timestamptz not null)`.execute(db);
    },
  },
};

let database: TestDatabase<Tables>;
beforeAll(async () => {
  database = await openTestDatabase<Tables>(migrations, 'kit_compiled_once');
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
  await database.db
    .insertInto('notes')
    .values([
      { note_id: 'n1', owner: 'ada', body: 'first', written_at: at(1) },
      { note_id: 'n2', owner: 'ada', body: 'second', written_at: at(2) },
      { note_id: 'n3', owner: 'ada', body: 'third', written_at: at(3) },
      { note_id: 'n4', owner: 'grace', body: 'hers', written_at: at(4) },
    ])
    .execute();
});
afterAll(async () => {
  await database?.dispose();
});

const notesBefore = compiledOnce((db: Kysely<Tables>, v: { owner: string; before: Date; limit: number }) =>
  db
    .selectFrom('notes')
    .select(['note_id', 'body'])
    .where('owner', '=', v.owner)
    .where('written_at', '<', v.before)
    // A constant of the builder's own stays as it was compiled.
    .where('body', '<>', 'hidden')
    .orderBy('written_at')
    .limit(v.limit),
);

describe('compiledOnce', () => {
  it('runs the statement with each call’s own values', async () => {
    const db = database.db;
    expect(await notesBefore(db, { owner: 'ada', before: new Date(Date.UTC(2026, 0, 1, 12, 3)), limit: 10 })).toEqual([
      { note_id: 'n1', body: 'first' },
      { note_id: 'n2', body: 'second' },
    ]);
    expect(await notesBefore(db, { owner: 'ada', before: new Date(Date.UTC(2026, 0, 2)), limit: 1 })).toEqual([{ note_id: 'n1', body: 'first' }]);
    expect(await notesBefore(db, { owner: 'grace', before: new Date(Date.UTC(2026, 0, 2)), limit: 10 })).toEqual([{ note_id: 'n4', body: 'hers' }]);
    expect(await notesBefore(db, { owner: 'nobody', before: new Date(Date.UTC(2026, 0, 2)), limit: 10 })).toEqual([]);
  });

  it('puts a value used twice in both places, in a sql template too', async () => {
    const sameOwner = compiledOnce(
      (_db, v: { owner: string }) => sql<{ n: number }>`select count(*)::int as n from notes where owner = ${v.owner} or body = ${v.owner}`,
    );
    expect(await sameOwner(database.db, { owner: 'ada' })).toEqual([{ n: 3 }]);
    expect(await sameOwner(database.db, { owner: 'hers' })).toEqual([{ n: 1 }]);
  });

  it('refuses a builder that transforms a value, and one that writes it into the text', async () => {
    const hashed = compiledOnce((db: Kysely<Tables>, v: { owner: string }) =>
      db
        .selectFrom('notes')
        .select('note_id')
        .where('owner', '=', createHash('sha256').update(String(v.owner)).digest('hex')),
    );
    await expect(hashed(database.db, { owner: 'ada' })).rejects.toThrow(/owner did not reach the statement as a parameter/);
    const inlined = compiledOnce((db: Kysely<Tables>, v: { owner: string }) =>
      db
        .selectFrom('notes')
        .select('note_id')
        .where('owner', '=', sql.lit(String(v.owner))),
    );
    await expect(inlined(database.db, { owner: 'ada' })).rejects.toThrow(/written into the SQL text/);
  });
});
