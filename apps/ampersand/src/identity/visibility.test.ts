/**
 * Who may see which signal, over a real database (PGlite, or PostgreSQL with DATABASE_URL): the
 * owner sees every level through the first-party runtime; an active connection sees connected
 * signals only through that runtime; anyone else, and any third-party client (the owner's own
 * included), sees public signals only; only approved signals are ever visible, each owner judged
 * on its own, newest first within a limit. And which clients are first-party: only those the
 * operator declared.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { openTestDatabase, type TestDatabase } from '@agent-products/kit/testing';
import { ampersandMigrations } from '../store/migrations.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { FirstPartyClients, visibleLevels, visibleSignals, type Viewer } from './visibility.ts';

let database: TestDatabase<AmpersandDatabase>;

const T0 = new Date('2026-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

const ANDEES = ['ada', 'bob', 'cy'];
const LEVELS = ['private', 'connected', 'public'] as const;
const STATUSES = ['approved', 'pending', 'rejected'] as const;

beforeAll(async () => {
  database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'visibility');
});
afterAll(async () => database?.dispose());
beforeEach(async () => {
  await database.db.deleteFrom('identity_facts').execute();
  await database.db.deleteFrom('first_party_clients').execute();
  await database.db.deleteFrom('andees').execute();
  await database.db
    .insertInto('andees')
    .values(ANDEES.map((id) => ({ andee_id: id, tag: id, display_name: id, photo_url: null })))
    .execute();
  // Every owner has a signal at every level in every status: `<owner> <level> <status>`, the
  // approved ones newest (public newest of all), so the expected order is public, connected, private.
  let minute = 0;
  const facts = ANDEES.flatMap((owner) =>
    STATUSES.flatMap((status) =>
      LEVELS.map((visibility) => ({
        fact_id: `${owner}-${visibility}-${status}`,
        andee_id: owner,
        value: `${owner} ${visibility} ${status}`,
        value_key: `${owner} ${visibility} ${status}`,
        hds_code: visibility === 'public' ? 'preferences.music' : null,
        visibility,
        status,
        source: 'cli',
        client_id: null,
        turn_id: null,
        question_id: null,
        created_at: at(status === 'approved' ? 100 + minute++ : minute++),
        updated_at: null,
        reviewed_at: null,
      })),
    ),
  );
  await database.db.insertInto('identity_facts').values(facts).execute();
});

const viewer = (andeeId: string, firstParty: boolean): Viewer => ({ andeeId, firstParty });
const texts = async (who: Viewer, owners: Array<{ andeeId: string; connected: boolean }>, limit?: number) =>
  (await visibleSignals(database.db, who, owners, limit)).map((s) => s.text);

describe('visibleLevels', () => {
  it('the owner sees every level through the first-party runtime, and public only through a third-party client', () => {
    for (const connected of [true, false]) {
      expect(visibleLevels(viewer('ada', true), 'ada', connected)).toEqual(['private', 'connected', 'public']);
      expect(visibleLevels(viewer('ada', false), 'ada', connected)).toEqual(['public']);
    }
  });

  it('a connection sees connected signals only through the first-party runtime', () => {
    expect(visibleLevels(viewer('bob', true), 'ada', true)).toEqual(['connected', 'public']);
    expect(visibleLevels(viewer('bob', false), 'ada', true)).toEqual(['public']);
  });

  it('anyone not connected sees public signals only, first-party or not', () => {
    expect(visibleLevels(viewer('bob', true), 'ada', false)).toEqual(['public']);
    expect(visibleLevels(viewer('bob', false), 'ada', false)).toEqual(['public']);
  });
});

describe('visibleSignals', () => {
  it('shows the owner all their approved signals through the first-party runtime, newest first, with what each is', async () => {
    expect(await visibleSignals(database.db, viewer('ada', true), [{ andeeId: 'ada', connected: false }])).toEqual([
      { andeeId: 'ada', text: 'ada public approved', hdsCode: 'preferences.music', visibility: 'public' },
      { andeeId: 'ada', text: 'ada connected approved', hdsCode: null, visibility: 'connected' },
      { andeeId: 'ada', text: 'ada private approved', hdsCode: null, visibility: 'private' },
    ]);
  });

  it('shows the owner through a third-party client their public signals only', async () => {
    expect(await texts(viewer('ada', false), [{ andeeId: 'ada', connected: false }])).toEqual(['ada public approved']);
  });

  it('shows a connection through the first-party runtime connected and public signals, never private ones', async () => {
    expect(await texts(viewer('bob', true), [{ andeeId: 'ada', connected: true }])).toEqual(['ada public approved', 'ada connected approved']);
  });

  it('shows a third-party client, or someone not connected, public signals only', async () => {
    expect(await texts(viewer('bob', false), [{ andeeId: 'ada', connected: true }])).toEqual(['ada public approved']);
    expect(await texts(viewer('bob', true), [{ andeeId: 'ada', connected: false }])).toEqual(['ada public approved']);
  });

  it('judges each owner on its own and shows no one else’s signals', async () => {
    expect(
      await texts(viewer('bob', true), [
        { andeeId: 'ada', connected: true },
        { andeeId: 'bob', connected: false },
      ]),
    ).toEqual(['bob public approved', 'bob connected approved', 'bob private approved', 'ada public approved', 'ada connected approved']);
    expect(await texts(viewer('bob', true), [{ andeeId: 'cy', connected: false }])).toEqual(['cy public approved']);
  });

  it('returns at most the limit, newest first, ties in a stable order', async () => {
    expect(await texts(viewer('ada', true), [{ andeeId: 'ada', connected: false }], 2)).toEqual(['ada public approved', 'ada connected approved']);
    await database.db
      .updateTable('identity_facts')
      .set({ created_at: at(500) })
      .where('status', '=', 'approved')
      .where('andee_id', '=', 'ada')
      .execute();
    expect(await texts(viewer('ada', true), [{ andeeId: 'ada', connected: false }])).toEqual([
      'ada connected approved',
      'ada private approved',
      'ada public approved',
    ]);
  });

  it('asks the database nothing for no owners', async () => {
    const unreachable = new Proxy(
      {},
      {
        get: () => {
          throw new Error('no query expected');
        },
      },
    ) as Kysely<AmpersandDatabase>;
    expect(await visibleSignals(unreachable, viewer('ada', true), [])).toEqual([]);
  });
});

describe('FirstPartyClients', () => {
  it('is first-party only for a client the operator declared', async () => {
    const clients = new FirstPartyClients(database.db);
    await clients.declare('runtime', 'the hosted runtime', T0);
    expect(await clients.isFirstParty('runtime')).toBe(true);
    expect(await clients.isFirstParty('other-app')).toBe(false);
    expect(await clients.isFirstParty(undefined)).toBe(false);
  });

  it('never takes a call without a client id for first-party, even if an empty id was declared', async () => {
    const clients = new FirstPartyClients(database.db);
    await clients.declare('', 'a mistake', T0);
    expect(await clients.isFirstParty('')).toBe(false);
  });

  it('declaring again relabels the client and keeps when it was first declared', async () => {
    const clients = new FirstPartyClients(database.db);
    await clients.declare('runtime', 'old label', at(0));
    await clients.declare('runtime', 'new label', at(9));
    expect(await database.db.selectFrom('first_party_clients').selectAll().execute()).toEqual([
      { client_id: 'runtime', label: 'new label', created_at: at(0) },
    ]);
  });
});
