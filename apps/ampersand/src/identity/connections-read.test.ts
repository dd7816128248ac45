/**
 * The one-statement `connections_read` over a real database (PGlite, or PostgreSQL with
 * DATABASE_URL): active connections newest first (ties by tag) within the limit, with the exact
 * connection time; people-you-may-know mutual first, then by tag, without the caller's
 * connections or the caller; and nothing at all when the caller's grant is not live.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '@agent-products/kit/testing';
import { ampersandMigrations } from '../store/migrations.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { Connections } from './connections.ts';
import { Contacts } from './contacts.ts';
import { hashedGrantId } from '../auth/grants.ts';
import { connectionsReadIf } from './connections-read.ts';
import { Notifications } from './notifications.ts';

let database: TestDatabase<AmpersandDatabase>;
let connections: Connections;
let contacts: Contacts;

const T0 = new Date('2026-03-01T10:00:00.123Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** A live grant of `andeeId`'s (what the API's in-read check looks for), as the read is handed it. */
async function grantOf(andeeId: string, expiresAt: Date | null = null) {
  const grantId = `grant-${andeeId}-${expiresAt?.getTime() ?? 'open'}`;
  await database.db
    .insertInto('oauth_store')
    .values({ model: 'Grant', id_hash: hashedGrantId(grantId), payload: '{}', account_id: andeeId, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['model', 'id_hash']).doNothing())
    .execute();
  return { grantId, now: T0 };
}

// Tags sort differently from ids and names, so an order by the wrong column shows.
const people = [
  { andee_id: 'id-me', tag: 'me', display_name: 'Me', photo_url: null },
  { andee_id: 'id-1', tag: 'zed', display_name: 'Ada L', photo_url: 'https://img.test/ada.png' },
  { andee_id: 'id-2', tag: 'bob', display_name: 'Bob M', photo_url: null },
  { andee_id: 'id-3', tag: 'mid', display_name: 'Cy N', photo_url: null },
  { andee_id: 'id-4', tag: 'abe', display_name: 'Dee O', photo_url: null },
  { andee_id: 'id-5', tag: 'kit', display_name: 'Kit P', photo_url: null },
  { andee_id: 'id-6', tag: 'cal', display_name: 'Cal Q', photo_url: null },
  { andee_id: 'id-7', tag: 'lone', display_name: 'Lone R', photo_url: null },
];

beforeAll(async () => {
  database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'connections_read');
  connections = new Connections(database.db, new Notifications(database.db));
  contacts = new Contacts(database.db, Buffer.alloc(32, 7));
});
afterAll(async () => database?.dispose());
beforeEach(async () => {
  for (const table of ['contact_hashes', 'andee_phones', 'connections', 'oauth_store'] as const) await database.db.deleteFrom(table).execute();
  await database.db.deleteFrom('andees').execute();
  await database.db.insertInto('andees').values(people).execute();
});

describe('connectionsReadIf', () => {
  it('lists the caller’s own connections newest first, ties by tag, within the limit', async () => {
    await connections.connect('id-me', 'id-1', at(0));
    await connections.connect('id-me', 'id-2', at(2));
    await connections.connect('id-me', 'id-3', at(1));
    await connections.connect('id-me', 'id-4', at(1));
    await connections.connect('id-5', 'id-6', at(9));
    const read = await connectionsReadIf(database.db, 'id-me', 3, await grantOf('id-me'));
    expect(read?.active).toEqual([
      { name: 'Bob M', tag: '&bob', photoUrl: null, connectedAt: at(2).toISOString() },
      { name: 'Dee O', tag: '&abe', photoUrl: null, connectedAt: at(1).toISOString() },
      { name: 'Cy N', tag: '&mid', photoUrl: null, connectedAt: at(1).toISOString() },
    ]);
    expect((await connectionsReadIf(database.db, 'id-me', 10, await grantOf('id-me')))?.active.at(-1)).toEqual({
      name: 'Ada L',
      tag: '&zed',
      photoUrl: 'https://img.test/ada.png',
      connectedAt: at(0).toISOString(),
    });
    expect(await connectionsReadIf(database.db, 'id-7', 10, await grantOf('id-7'))).toEqual({ active: [], peopleYouMayKnow: [] });
  });

  it('suggests people by phone contacts, mutual first, without connections or the caller, within the limit', async () => {
    const number = (n: number) => `+4420794600${String(n).padStart(2, '0')}`;
    for (const [i, person] of people.entries()) await contacts.setOwnPhone(person.andee_id, number(i), undefined, T0);
    // I have Ada's, Kit's, Cal's and my own number; Cal and Bob have mine; Ada is a connection.
    await contacts.upload('id-me', [number(0), number(1), number(5), number(6)], undefined, T0);
    await contacts.upload('id-6', [number(0)], undefined, T0);
    await contacts.upload('id-2', [number(0)], undefined, T0);
    await connections.connect('id-me', 'id-1', at(0));
    const read = await connectionsReadIf(database.db, 'id-me', 10, await grantOf('id-me'));
    expect(read?.peopleYouMayKnow).toEqual([
      { name: 'Cal Q', tag: '&cal', photoUrl: null, match: 'mutual' },
      { name: 'Bob M', tag: '&bob', photoUrl: null, match: 'one_way' },
      { name: 'Kit P', tag: '&kit', photoUrl: null, match: 'one_way' },
    ]);
    expect((await connectionsReadIf(database.db, 'id-me', 2, await grantOf('id-me')))?.peopleYouMayKnow.map((p) => p.tag)).toEqual(['&cal', '&bob']);
  });

  it('keeps the first suggestions by the order shown (mutual, then tag ignoring case, character by character), however many match', async () => {
    const extra = [
      { andee_id: 'id-b1', tag: 'bea_2', display_name: 'Bea Two', photo_url: null },
      { andee_id: 'id-b2', tag: 'Bea', display_name: 'Bea', photo_url: null },
      { andee_id: 'id-b3', tag: 'be9', display_name: 'Be Nine', photo_url: null },
      { andee_id: 'id-b4', tag: 'Zoe', display_name: 'Zoe', photo_url: null },
    ];
    await database.db.insertInto('andees').values(extra).execute();
    const number = (n: number) => `+4420794611${String(n).padStart(2, '0')}`;
    await contacts.setOwnPhone('id-me', number(99), undefined, T0);
    for (const [i, person] of extra.entries()) await contacts.setOwnPhone(person.andee_id, number(i), undefined, T0);
    await contacts.upload(
      'id-me',
      extra.map((_, i) => number(i)),
      undefined,
      T0,
    );
    // Zoe also holds my number: mutual, so first whatever her tag.
    await contacts.upload('id-b4', [number(99)], undefined, T0);
    const tags = async (limit: number) => (await connectionsReadIf(database.db, 'id-me', limit, await grantOf('id-me')))?.peopleYouMayKnow.map((p) => p.tag);
    expect(await tags(10)).toEqual(['&Zoe', '&be9', '&Bea', '&bea_2']);
    expect(await tags(2)).toEqual(['&Zoe', '&be9']);
    expect(await tags(3)).toEqual(['&Zoe', '&be9', '&Bea']);
    // The web page's list (Contacts.peopleYouMayKnow) keeps the same first ones.
    expect((await contacts.peopleYouMayKnow('id-me', 3)).map((p) => p.tag)).toEqual(['&Zoe', '&be9', '&Bea']);
  });

  it('answers nothing when the grant is not live, whatever the caller has', async () => {
    await connections.connect('id-me', 'id-1', at(0));
    // Expired, another andee's, unknown, and the grant of an andee who is gone.
    expect(await connectionsReadIf(database.db, 'id-me', 10, await grantOf('id-me', new Date(T0.getTime() - 1)))).toBeUndefined();
    expect(await connectionsReadIf(database.db, 'id-me', 10, await grantOf('id-5'))).toBeUndefined();
    expect(await connectionsReadIf(database.db, 'id-me', 10, { grantId: 'grant-never-issued', now: T0 })).toBeUndefined();
    expect(await connectionsReadIf(database.db, 'id-gone', 10, await grantOf('id-gone'))).toBeUndefined();
    expect(await connectionsReadIf(database.db, 'id-me', 10, await grantOf('id-me', new Date(T0.getTime() + 1)))).toBeDefined();
  });
});
