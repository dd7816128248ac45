/**
 * The lookups whose cost must not grow with the number of andees use an index for every table
 * that grows with users: `find_andees` by full name and by one word of a name, and the
 * `connections_read` statement with its people-you-may-know. The statements the real code runs
 * are recorded and explained with sequential scans disabled (kit/testing query-plans.ts): a
 * table still read whole has no index the statement can use. PGlite by default, PostgreSQL with
 * DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, recordStatements, sequentialScans, type TestDatabase } from '@agent-products/kit/testing';
import { ampersandMigrations } from '../store/migrations.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { Connections } from './connections.ts';
import { Contacts } from './contacts.ts';
import { connectionsReadIf, connectionsReadStatement } from './connections-read.ts';
import { hashedGrantId } from '../auth/grants.ts';
import { IdentitySignals } from './identity-signals.ts';
import { Notifications } from './notifications.ts';
import { findAndees } from './profiles.ts';

/** Tables with rows per andee (or the andees themselves). */
const GROWING = ['andees', 'connections', 'contact_hashes', 'andee_phones', 'identity_facts', 'connection_requests'];
const T0 = new Date('2026-03-01T10:00:00Z');

let database: TestDatabase<AmpersandDatabase>;

beforeAll(async () => {
  database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'lookup_plans');
  const db = database.db;
  await db
    .insertInto('andees')
    .values([
      { andee_id: 'id-me', tag: 'me', display_name: 'Me Myself', photo_url: null },
      { andee_id: 'id-ada', tag: 'ada', display_name: 'Ada  Lovelace', photo_url: null },
      { andee_id: 'id-ada2', tag: 'ada2', display_name: 'Ada King', photo_url: null },
      { andee_id: 'id-bob', tag: 'bob', display_name: 'Bob Stone', photo_url: null },
    ])
    .execute();
  const signals = new IdentitySignals(db);
  await signals.add('id-ada', 'I play the cello.', { status: 'approved', visibility: 'public', now: T0 });
  await signals.add('id-ada2', 'I keep bees.', { status: 'approved', visibility: 'public', now: T0 });
  const contacts = new Contacts(db, Buffer.alloc(32, 7));
  const number = (n: number) => `+4420794600${String(n).padStart(2, '0')}`;
  for (const [i, id] of ['id-me', 'id-ada', 'id-ada2', 'id-bob'].entries()) await contacts.setOwnPhone(id, number(i), undefined, T0);
  await contacts.upload('id-me', [number(1), number(3)], undefined, T0);
  await contacts.upload('id-ada2', [number(0)], undefined, T0);
  await new Connections(db, new Notifications(db)).connect('id-me', 'id-bob', T0);
});
afterAll(async () => database?.dispose());

async function scansOf(run: (db: typeof database.db) => Promise<unknown>): Promise<Array<{ sql: string; scans: string[] }>> {
  const recorded = recordStatements(database.db);
  await run(recorded.db);
  expect(recorded.statements.length).toBeGreaterThan(0);
  const found = [];
  for (const statement of recorded.statements) found.push({ sql: statement.sql, scans: await sequentialScans(database.db, statement, GROWING) });
  return found.filter((f) => f.scans.length > 0);
}

describe('lookups that must not scan a table that grows with andees', () => {
  it('find_andees by a whole name finds through the name index', async () => {
    const viewer = { andeeId: 'id-me', firstParty: false };
    let answer: Awaited<ReturnType<typeof findAndees>> | undefined;
    expect(await scansOf(async (db) => (answer = await findAndees(db, viewer, { name: ' ada   LOVELACE ' })))).toEqual([]);
    expect(answer?.result).toBe('match');
    expect(answer?.matches.map((m) => m.tag)).toEqual(['&ada']);
  });

  it('find_andees by one word of a name, with a constraint, finds through the word index', async () => {
    const viewer = { andeeId: 'id-me', firstParty: false };
    let answer: Awaited<ReturnType<typeof findAndees>> | undefined;
    expect(await scansOf(async (db) => (answer = await findAndees(db, viewer, { name: 'Ada', constraints: ['bees'] })))).toEqual([]);
    expect(answer?.matches.map((m) => m.tag)).toEqual(['&ada2']);
    // A word of a name is a whole word: "Lovelace" finds Ada, "Love" does not.
    expect((await findAndees(database.db, viewer, { name: 'lovelace' })).matches.map((m) => m.tag)).toEqual(['&ada']);
    expect((await findAndees(database.db, viewer, { name: 'love' })).result).toBe('no_match');
  });

  it('connections_read and its people-you-may-know join the matches to andees by key', async () => {
    await database.db
      .insertInto('oauth_store')
      .values({ model: 'Grant', id_hash: hashedGrantId('grant-me'), payload: '{}', account_id: 'id-me', expires_at: null })
      .execute();
    const grant = { grantId: 'grant-me', now: T0 };
    // Built once (kit compiledOnce), so a recording plugin would not see its calls: the statement is taken as it runs.
    expect(await sequentialScans(database.db, connectionsReadStatement(database.db, 'id-me', 10, grant), GROWING)).toEqual([]);
    const read = await connectionsReadIf(database.db, 'id-me', 10, grant);
    expect(read!.active.map((a) => a.tag)).toEqual(['&bob']);
    expect(read!.peopleYouMayKnow).toEqual([
      { name: 'Ada  Lovelace', tag: '&ada', photoUrl: null, match: 'one_way' },
      { name: 'Ada King', tag: '&ada2', photoUrl: null, match: 'one_way' },
    ]);
  });
});
