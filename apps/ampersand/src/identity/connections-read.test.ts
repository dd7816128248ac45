/**
 * The one-statement `connections_read` over a real database (PGlite, or PostgreSQL with
 * DATABASE_URL): active connections newest first (ties by tag) within the limit, with the exact
 * connection time; people-you-may-know mutual first, then by tag, without the caller's
 * connections or the caller; and nothing at all when the grant condition fails.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDatabase, type TestDatabase } from '@agent-products/kit/testing';
import { ampersandMigrations } from '../store/migrations.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { Connections } from './connections.ts';
import { Contacts } from './contacts.ts';
import { connectionsReadIf } from './connections-read.ts';
import { Notifications } from './notifications.ts';

let database: TestDatabase<AmpersandDatabase>;
let connections: Connections;
let contacts: Contacts;

const T0 = new Date('2026-03-01T10:00:00.123Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const allowed = sql<boolean>`true`;

// Tags sort differently from ids and names, so an order by the wrong column shows.
const people = [
  { andee_id: 'id-me', tag: 'me', display_name: 'Me', photo_url: null },
  { andee_id: 'id-1', tag: 'zed', display_name: 'Ada L', photo_url: 'https://img.test/ada.png' },
  { andee_id: 'id-2', tag: 'bob', display_name: 'Bob M', photo_url: null },
  { andee_id: 'id-3', tag: 'mid', display_name: 'Cy N', photo_url: null },
  { andee_id: 'id-4', tag: 'abe', display_name: 'Dee O', photo_url: null },
  { andee_id: 'id-5', tag: 'kit', display_name: 'Kit P', photo_url: null },
  { andee_id: 'id-6', tag: 'cal', display_name: 'Cal Q', photo_url: null },
];

beforeAll(async () => {
  database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'connections_read');
  connections = new Connections(database.db, new Notifications(database.db));
  contacts = new Contacts(database.db, Buffer.alloc(32, 7));
});
afterAll(async () => database?.dispose());
beforeEach(async () => {
  for (const table of ['contact_hashes', 'andee_phones', 'connections'] as const) await database.db.deleteFrom(table).execute();
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
    const read = await connectionsReadIf(database.db, 'id-me', 3, allowed);
    expect(read?.active).toEqual([
      { name: 'Bob M', tag: '&bob', photoUrl: null, connectedAt: at(2).toISOString() },
      { name: 'Dee O', tag: '&abe', photoUrl: null, connectedAt: at(1).toISOString() },
      { name: 'Cy N', tag: '&mid', photoUrl: null, connectedAt: at(1).toISOString() },
    ]);
    expect((await connectionsReadIf(database.db, 'id-me', 10, allowed))?.active.at(-1)).toEqual({
      name: 'Ada L',
      tag: '&zed',
      photoUrl: 'https://img.test/ada.png',
      connectedAt: at(0).toISOString(),
    });
    expect(await connectionsReadIf(database.db, 'id-nobody', 10, allowed)).toEqual({ active: [], peopleYouMayKnow: [] });
  });

  it('suggests people by phone contacts, mutual first, without connections or the caller, within the limit', async () => {
    const number = (n: number) => `+4420794600${String(n).padStart(2, '0')}`;
    for (const [i, person] of people.entries()) await contacts.setOwnPhone(person.andee_id, number(i), undefined, T0);
    // I have Ada's, Kit's, Cal's and my own number; Cal and Bob have mine; Ada is a connection.
    await contacts.upload('id-me', [number(0), number(1), number(5), number(6)], undefined, T0);
    await contacts.upload('id-6', [number(0)], undefined, T0);
    await contacts.upload('id-2', [number(0)], undefined, T0);
    await connections.connect('id-me', 'id-1', at(0));
    const read = await connectionsReadIf(database.db, 'id-me', 10, allowed);
    expect(read?.peopleYouMayKnow).toEqual([
      { name: 'Cal Q', tag: '&cal', photoUrl: null, match: 'mutual' },
      { name: 'Bob M', tag: '&bob', photoUrl: null, match: 'one_way' },
      { name: 'Kit P', tag: '&kit', photoUrl: null, match: 'one_way' },
    ]);
    expect((await connectionsReadIf(database.db, 'id-me', 2, allowed))?.peopleYouMayKnow.map((p) => p.tag)).toEqual(['&cal', '&bob']);
  });

  it('answers nothing when the grant condition fails, whatever the caller has', async () => {
    await connections.connect('id-me', 'id-1', at(0));
    expect(await connectionsReadIf(database.db, 'id-me', 10, sql<boolean>`false`)).toBeUndefined();
    expect(await connectionsReadIf(database.db, 'id-me', 10, sql<boolean>`(select count(*) > 0 from andees where andee_id = ${'id-gone'})`)).toBeUndefined();
  });
});
