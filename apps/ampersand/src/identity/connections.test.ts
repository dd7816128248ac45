/**
 * The connection graph over a real database (PGlite, or PostgreSQL with DATABASE_URL): both sides
 * stored and removed together, lists in their order and within their limits, requests refused for
 * oneself, for a connection that exists and for a pair with one pending (either way), resolution
 * only of one's own incoming request, and the notifications each step writes. Times come from the
 * test, never the clock.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Transaction } from 'kysely';
import { openTestDatabase, type TestDatabase } from '@agent-products/kit/testing';
import { ampersandMigrations } from '../store/migrations.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { areConnected, connectedPeople, Connections, type Person } from './connections.ts';
import { Notifications } from './notifications.ts';

let database: TestDatabase<AmpersandDatabase>;
let connections: Connections;

const T0 = new Date('2026-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

// Tags sort differently from ids and names, so an order by the wrong column shows.
const ada: Person = { andeeId: 'id-1', name: 'Ada L', tag: 'zed', photoUrl: 'https://img.test/ada.png' };
const bob: Person = { andeeId: 'id-2', name: 'Bob M', tag: 'bob', photoUrl: null };
const cy: Person = { andeeId: 'id-3', name: 'Cy N', tag: 'mid', photoUrl: null };
const dee: Person = { andeeId: 'id-4', name: 'Dee O', tag: 'abe', photoUrl: null };

beforeAll(async () => {
  database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'connections');
  connections = new Connections(database.db, new Notifications(database.db));
});
afterAll(async () => database?.dispose());
beforeEach(async () => {
  for (const table of ['notifications', 'connection_requests', 'connections'] as const) await database.db.deleteFrom(table).execute();
  await database.db.deleteFrom('andees').execute();
  await database.db
    .insertInto('andees')
    .values([ada, bob, cy, dee].map((p) => ({ andee_id: p.andeeId, tag: p.tag, display_name: p.name, photo_url: p.photoUrl })))
    .execute();
});

const rows = async () =>
  (await database.db.selectFrom('connections').selectAll().orderBy('andee_id').orderBy('other_id').execute()).map(
    (r) => `${r.andee_id}>${r.other_id}@${r.connected_at.toISOString()}`,
  );
const notes = async () =>
  (await database.db.selectFrom('notifications').selectAll().orderBy('created_at').orderBy('andee_id').execute()).map((n) => ({
    to: n.andee_id,
    kind: n.kind,
    text: n.text,
    link: n.link,
    at: n.created_at.toISOString(),
    read: n.read_at,
  }));
const requests = async () =>
  (await database.db.selectFrom('connection_requests').selectAll().orderBy('created_at').execute()).map((r) => ({
    from: r.from_id,
    to: r.to_id,
    status: r.status,
    note: r.note,
    resolved: r.resolved_at?.toISOString() ?? null,
  }));
const failure = async (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code?: string; message?: string; details?: unknown }) => ({ code: error.code, message: error.message, details: error.details }),
  );
const inTrx = <T>(work: (trx: Transaction<AmpersandDatabase>) => Promise<T>) => database.db.transaction().execute(work);

describe('Connections', () => {
  it('stores a connection once per side, at the time given, and a second connect changes nothing', async () => {
    await connections.connect(ada.andeeId, bob.andeeId, at(0));
    await connections.connect(bob.andeeId, ada.andeeId, at(5));
    expect(await rows()).toEqual([`id-1>id-2@${at(0).toISOString()}`, `id-2>id-1@${at(0).toISOString()}`]);
    expect(await areConnected(database.db, ada.andeeId, bob.andeeId)).toBe(true);
    expect(await areConnected(database.db, bob.andeeId, ada.andeeId)).toBe(true);
    expect(await areConnected(database.db, ada.andeeId, cy.andeeId)).toBe(false);
  });

  it('lists connected people by tag, within the limit, and only one’s own', async () => {
    await connections.connect(ada.andeeId, bob.andeeId, at(0));
    await connections.connect(ada.andeeId, cy.andeeId, at(1));
    await connections.connect(ada.andeeId, dee.andeeId, at(2));
    await connections.connect(bob.andeeId, cy.andeeId, at(3));
    expect(await connectedPeople(database.db, ada.andeeId)).toEqual([
      { andeeId: dee.andeeId, name: dee.name, tag: 'abe', photoUrl: null },
      { andeeId: bob.andeeId, name: bob.name, tag: 'bob', photoUrl: null },
      { andeeId: cy.andeeId, name: cy.name, tag: 'mid', photoUrl: null },
    ]);
    expect((await connectedPeople(database.db, ada.andeeId, 2)).map((p) => p.tag)).toEqual(['abe', 'bob']);
    expect(await connectedPeople(database.db, cy.andeeId)).toEqual([
      { andeeId: bob.andeeId, name: bob.name, tag: 'bob', photoUrl: null },
      { andeeId: ada.andeeId, name: ada.name, tag: 'zed', photoUrl: 'https://img.test/ada.png' },
    ]);
  });

  it('lists active connections newest first, then by tag, within the limit', async () => {
    await connections.connect(ada.andeeId, bob.andeeId, at(0));
    await connections.connect(ada.andeeId, cy.andeeId, at(7));
    await connections.connect(ada.andeeId, dee.andeeId, at(7));
    await connections.connect(cy.andeeId, dee.andeeId, at(9));
    expect(await connections.active(ada.andeeId, 10)).toEqual([
      { name: dee.name, tag: '&abe', photoUrl: null, connectedAt: at(7).toISOString() },
      { name: cy.name, tag: '&mid', photoUrl: null, connectedAt: at(7).toISOString() },
      { name: bob.name, tag: '&bob', photoUrl: null, connectedAt: at(0).toISOString() },
    ]);
    expect((await connections.active(ada.andeeId, 1)).map((c) => c.tag)).toEqual(['&abe']);
    expect(await connections.active(bob.andeeId, 10)).toEqual([
      { name: ada.name, tag: '&zed', photoUrl: 'https://img.test/ada.png', connectedAt: at(0).toISOString() },
    ]);
  });

  it('sends a request with its note and notifies the recipient; pending lists it on both sides', async () => {
    const { requestId } = await inTrx((trx) => connections.request(trx, ada, bob, 'met at the meetup', at(1)));
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await notes()).toEqual([
      {
        to: bob.andeeId,
        kind: 'connection_request',
        text: 'Ada L (&zed) wants to connect: “met at the meetup”',
        link: '/connections?from=zed',
        at: at(1).toISOString(),
        read: null,
      },
    ]);
    expect((await connections.pendingPage(ada.andeeId, { limit: 500 })).requests).toEqual([
      { requestId, direction: 'outgoing', name: bob.name, tag: '&bob', photoUrl: null, note: 'met at the meetup', requestedAt: at(1).toISOString() },
    ]);
    expect((await connections.pendingPage(bob.andeeId, { limit: 500 })).requests).toEqual([
      {
        requestId,
        direction: 'incoming',
        name: ada.name,
        tag: '&zed',
        photoUrl: 'https://img.test/ada.png',
        note: 'met at the meetup',
        requestedAt: at(1).toISOString(),
      },
    ]);
    expect((await connections.pendingPage(cy.andeeId, { limit: 500 })).requests).toEqual([]);
  });

  it('a request without a note is notified without one; pending lists newest first', async () => {
    await inTrx((trx) => connections.request(trx, cy, ada, undefined, at(1)));
    await inTrx((trx) => connections.request(trx, ada, dee, '', at(3)));
    expect((await notes()).map((n) => n.text)).toEqual(['Cy N (&mid) wants to connect.', 'Ada L (&zed) wants to connect.']);
    expect((await requests()).map((r) => r.note)).toEqual([null, '']);
    expect((await connections.pendingPage(ada.andeeId, { limit: 500 })).requests.map((p) => `${p.direction} ${p.tag}`)).toEqual([
      'outgoing &abe',
      'incoming &mid',
    ]);
  });

  it('refuses a request to oneself, to a connection, and while one is pending either way', async () => {
    expect(await failure(inTrx((trx) => connections.request(trx, ada, ada, undefined, at(0))))).toEqual({
      code: 'cannot_request_self',
      message: 'You cannot send a connection request to yourself.',
      details: undefined,
    });
    await connections.connect(ada.andeeId, bob.andeeId, at(0));
    expect(await failure(inTrx((trx) => connections.request(trx, bob, ada, undefined, at(1))))).toEqual({
      code: 'already_connected',
      message: 'You and &zed are already connected.',
      details: undefined,
    });
    await inTrx((trx) => connections.request(trx, ada, cy, undefined, at(2)));
    expect(await failure(inTrx((trx) => connections.request(trx, ada, cy, undefined, at(3))))).toEqual({
      code: 'request_already_pending',
      message: 'Your request to &mid is still pending.',
      details: { direction: 'outgoing' },
    });
    expect(await failure(inTrx((trx) => connections.request(trx, cy, ada, undefined, at(3))))).toEqual({
      code: 'request_already_pending',
      message: '&zed already sent you a request; accept it with connections_accept.',
      details: { direction: 'incoming' },
    });
    // Only the one request and its one notification were written.
    expect(await requests()).toEqual([{ from: ada.andeeId, to: cy.andeeId, status: 'pending', note: null, resolved: null }]);
    expect((await notes()).length).toBe(1);
  });

  it('says which way the pending request goes from that pair’s own request, not another pair’s', async () => {
    await inTrx((trx) => connections.request(trx, bob, dee, undefined, at(0)));
    await inTrx((trx) => connections.request(trx, ada, cy, undefined, at(1)));
    expect(await failure(inTrx((trx) => connections.request(trx, ada, cy, undefined, at(2))))).toEqual({
      code: 'request_already_pending',
      message: 'Your request to &mid is still pending.',
      details: { direction: 'outgoing' },
    });
  });

  it('a resolved request no longer blocks a new one', async () => {
    await inTrx((trx) => connections.request(trx, ada, cy, undefined, at(0)));
    expect(await inTrx((trx) => connections.resolveIncoming(trx, cy, ada.andeeId, 'denied', at(1)))).toBe(true);
    await inTrx((trx) => connections.request(trx, cy, ada, 'again', at(2)));
    expect((await connections.pendingPage(ada.andeeId, { limit: 500 })).requests.map((p) => `${p.direction} ${p.note}`)).toEqual(['incoming again']);
  });

  it('accepting connects both sides at that time and tells the requester', async () => {
    await inTrx((trx) => connections.request(trx, ada, bob, undefined, at(0)));
    expect(await inTrx((trx) => connections.resolveIncoming(trx, bob, ada.andeeId, 'accepted', at(4)))).toBe(true);
    expect(await requests()).toEqual([{ from: ada.andeeId, to: bob.andeeId, status: 'accepted', note: null, resolved: at(4).toISOString() }]);
    expect(await rows()).toEqual([`id-1>id-2@${at(4).toISOString()}`, `id-2>id-1@${at(4).toISOString()}`]);
    expect((await notes()).at(-1)).toEqual({
      to: ada.andeeId,
      kind: 'connection_accepted',
      text: 'Bob M (&bob) accepted your connection request.',
      link: '/connections',
      at: at(4).toISOString(),
      read: null,
    });
    expect((await connections.pendingPage(bob.andeeId, { limit: 500 })).requests).toEqual([]);
    // Answered, the request's notification has nothing left to ask: it reads as read.
    expect((await notes()).find((n) => n.kind === 'connection_request')?.read?.toISOString()).toBe(at(4).toISOString());
    // Resolved once: a second answer finds nothing.
    expect(await inTrx((trx) => connections.resolveIncoming(trx, bob, ada.andeeId, 'denied', at(5)))).toBe(false);
  });

  it('a denial is silent and connects no one', async () => {
    await inTrx((trx) => connections.request(trx, ada, bob, undefined, at(0)));
    expect(await inTrx((trx) => connections.resolveIncoming(trx, bob, ada.andeeId, 'denied', at(2)))).toBe(true);
    expect(await requests()).toEqual([{ from: ada.andeeId, to: bob.andeeId, status: 'denied', note: null, resolved: at(2).toISOString() }]);
    expect(await rows()).toEqual([]);
    expect((await notes()).map((n) => n.kind)).toEqual(['connection_request']);
  });

  it('resolves only an incoming request from that andee: not one’s own outgoing one, not another sender’s', async () => {
    await inTrx((trx) => connections.request(trx, ada, bob, undefined, at(0)));
    expect(await inTrx((trx) => connections.resolveIncoming(trx, ada, bob.andeeId, 'accepted', at(1)))).toBe(false);
    expect(await inTrx((trx) => connections.resolveIncoming(trx, bob, cy.andeeId, 'accepted', at(1)))).toBe(false);
    expect(await inTrx((trx) => connections.resolveIncoming(trx, cy, ada.andeeId, 'accepted', at(1)))).toBe(false);
    expect((await requests()).map((r) => r.status)).toEqual(['pending']);
    expect(await rows()).toEqual([]);
  });

  it('removes both sides of a connection and only that one; false when there was none', async () => {
    await connections.connect(ada.andeeId, bob.andeeId, at(0));
    await connections.connect(ada.andeeId, cy.andeeId, at(0));
    await connections.connect(bob.andeeId, cy.andeeId, at(0));
    expect(await inTrx((trx) => connections.remove(trx, bob.andeeId, ada.andeeId))).toBe(true);
    expect(await rows()).toEqual([
      `id-1>id-3@${at(0).toISOString()}`,
      `id-2>id-3@${at(0).toISOString()}`,
      `id-3>id-1@${at(0).toISOString()}`,
      `id-3>id-2@${at(0).toISOString()}`,
    ]);
    expect(await inTrx((trx) => connections.remove(trx, ada.andeeId, bob.andeeId))).toBe(false);
    expect(await inTrx((trx) => connections.remove(trx, ada.andeeId, dee.andeeId))).toBe(false);
  });
});
