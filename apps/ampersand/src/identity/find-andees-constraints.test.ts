/**
 * `find_andees` applies the name and every constraint in SQL (issue 32): among many namesakes it
 * reads back only the people it shows and their profiles, not every namesake's public facts, and
 * its plan reads no table that grows with users whole. A constraint is matched by one public,
 * approved fact of a stranger holding all of its content words. PGlite by default, PostgreSQL
 * with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { openTestDatabase, recordStatements, sequentialScans, type TestDatabase } from '@agent-products/kit/testing';
import { ampersandMigrations } from '../store/migrations.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { Connections } from './connections.ts';
import { IdentitySignals } from './identity-signals.ts';
import { Notifications } from './notifications.ts';
import { findAndees } from './profiles.ts';

const GROWING = ['andees', 'connections', 'identity_facts'];
const T0 = new Date('2026-03-01T10:00:00Z');
const NAMESAKES = 30;
const viewer = { andeeId: 'id-me', firstParty: false };

/** Counts the rows every statement hands back to Node. */
class RowCounter implements KyselyPlugin {
  rows = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.rows += args.result.rows.length;
    return args.result;
  }
}

let database: TestDatabase<AmpersandDatabase>;

beforeAll(async () => {
  database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'find_constraints');
  const db = database.db;
  const people = [
    { andee_id: 'id-me', tag: 'me', display_name: 'Me Myself', photo_url: null },
    { andee_id: 'id-cellist', tag: 'cellist', display_name: 'Ada Moreau', photo_url: null },
    { andee_id: 'id-friend', tag: 'friend', display_name: 'Ada Friend', photo_url: null },
    { andee_id: 'id-secret', tag: 'secret', display_name: 'Ada Secret', photo_url: null },
    ...Array.from({ length: NAMESAKES }, (_, i) => ({
      andee_id: `id-ada${i}`,
      tag: `ada${String(i).padStart(2, '0')}`,
      display_name: `Ada Stone${i}`,
      photo_url: null,
    })),
  ];
  await db.insertInto('andees').values(people).execute();
  const signals = new IdentitySignals(db);
  for (let i = 0; i < NAMESAKES; i++) {
    for (const fact of ['I grow tomatoes on my balcony.', 'I play chess in the park.', `I have lived in ${i % 2 ? 'Lisbon' : 'Oslo'} for years.`])
      await signals.add(`id-ada${i}`, fact, { status: 'approved', visibility: 'public', now: T0 });
  }
  await signals.add('id-cellist', 'I play the cello in a string quartet.', { status: 'approved', visibility: 'public', now: T0 });
  await signals.add('id-cellist', 'I have lived in Oslo for years.', { status: 'approved', visibility: 'public', now: T0 });
  // Cellos that must not count: a connection's public fact, and facts that are not public and approved.
  await signals.add('id-friend', 'I play the cello.', { status: 'approved', visibility: 'public', now: T0 });
  await new Connections(db, new Notifications(db)).connect('id-me', 'id-friend', T0);
  await signals.add('id-secret', 'I play the cello badly.', { status: 'approved', visibility: 'connected', now: T0 });
  await signals.add('id-secret', 'I play the cello at night.', { status: 'approved', visibility: 'private', now: T0 });
  await signals.add('id-secret', 'I took up the cello.', { status: 'pending', visibility: 'public', now: T0 });
  await signals.add('id-ada0', 'I sing in a string', { status: 'approved', visibility: 'public', now: T0 });
  await signals.add('id-ada0', 'My quartet is a chess club.', { status: 'approved', visibility: 'public', now: T0 });
});
afterAll(async () => database?.dispose());

async function find(input: { name: string; constraints?: string[] }) {
  const counter = new RowCounter();
  const answer = await findAndees(database.db.withPlugin(counter), viewer, input);
  return { answer, rows: counter.rows, tags: answer.matches.map((m) => m.tag) };
}

describe('find_andees with constraints, in SQL', () => {
  it('a first name and a rare constraint: one match, reading back only that person and their profile', async () => {
    const { answer, rows, tags } = await find({ name: 'ada', constraints: ['plays the cello'] });
    expect(answer.result).toBe('match');
    expect(tags).toEqual(['&cellist']);
    expect(answer.matches[0]!.signals.map((s) => s.text).sort()).toEqual(['I have lived in Oslo for years.', 'I play the cello in a string quartet.']);
    // The first walk's one row saying how far it went (none of its 16 Adas plays the cello), the
    // candidate row from the cello's side, and its two public facts: not the 30 namesakes' 90 public facts.
    expect(rows).toBe(4);
  });

  it('the statements read no growing table whole', async () => {
    const recorded = recordStatements(database.db);
    await findAndees(recorded.db, viewer, { name: 'Ada', constraints: ['cello', 'Oslo years'] });
    expect(recorded.statements.length).toBeGreaterThan(0);
    for (const statement of recorded.statements)
      expect({ sql: statement.sql, scans: await sequentialScans(database.db, statement, GROWING) }).toMatchObject({ scans: [] });
  });

  it('every word of a constraint in one public fact; each constraint may be met by another fact', async () => {
    // Ada Stone0 has "string" and "quartet", but in two different facts.
    expect((await find({ name: 'Ada', constraints: ['string quartet'] })).tags).toEqual(['&cellist']);
    expect((await find({ name: 'Ada', constraints: ['string quartet', 'Oslo'] })).tags).toEqual(['&cellist']);
    expect((await find({ name: 'Ada', constraints: ['string quartet', 'Lisbon'] })).answer.result).toBe('no_match');
  });

  it('a constraint compares content words as stored: case, plurals and stop words aside', async () => {
    expect((await find({ name: 'ADA MOREAU', constraints: ['Quartets'] })).tags).toEqual(['&cellist']);
    // Only stop words: no constraint at all.
    expect((await find({ name: 'Ada Moreau', constraints: ['the and of'] })).tags).toEqual(['&cellist']);
  });

  it('many namesakes: a bounded disambiguation in tag order, reading one row past what it shows', async () => {
    const { answer, rows, tags } = await find({ name: 'Ada', constraints: ['chess'] });
    expect(answer.result).toBe('disambiguation');
    expect(answer.truncated).toBe(true);
    expect(tags).toEqual(['&ada00', '&ada01', '&ada02', '&ada03', '&ada04']);
    // Six candidate rows, then three or four public facts for each of the five shown.
    expect(rows).toBeLessThanOrEqual(6 + 5 * 5);
  });

  it('no stranger with the constraint: a clear no match (connections and facts not public or not approved do not count)', async () => {
    expect((await find({ name: 'Ada Friend', constraints: ['cello'] })).answer).toEqual({ result: 'no_match', matches: [], truncated: false });
    expect((await find({ name: 'Ada Secret', constraints: ['cello'] })).answer.result).toBe('no_match');
    expect((await find({ name: 'Ada', constraints: ['tuba'] })).answer.result).toBe('no_match');
  });

  it('an edited pending fact carries its new words once approved', async () => {
    const signals = new IdentitySignals(database.db);
    const written = await signals.add('id-ada5', 'I play the oboe.', { status: 'pending', visibility: 'public', now: T0 });
    if (!written.written) throw new Error('not written');
    await signals.review('id-ada5', written.signal.signalId, { action: 'edit', value: 'I play the bassoon.' }, T0);
    await signals.review('id-ada5', written.signal.signalId, { action: 'approve' }, T0);
    expect((await find({ name: 'Ada', constraints: ['bassoon'] })).tags).toEqual(['&ada05']);
    expect((await find({ name: 'Ada', constraints: ['oboe'] })).answer.result).toBe('no_match');
  });
});
