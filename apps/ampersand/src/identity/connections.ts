/**
 * The connection graph. An active connection is stored once per side, so "my connections" is one
 * index range and removing it deletes both rows in one statement (access to connected signals
 * ends with that commit: visibility is decided on every read). Requests: at most one pending per
 * pair, whichever side sent it (a partial unique index), so concurrent requests cannot both land.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { newestFirst } from '../store/newest-first.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { ampersandErrors } from '../errors.ts';
import { requestLink, type Notifications } from './notifications.ts';

type Db = Kysely<AmpersandDatabase> | Transaction<AmpersandDatabase>;

export interface Person {
  andeeId: string;
  name: string;
  tag: string;
  photoUrl: string | null;
}

export interface ActiveConnection {
  name: string;
  tag: string;
  photoUrl: string | null;
  connectedAt: string;
}

export interface PendingRequest {
  requestId: string;
  direction: 'incoming' | 'outgoing';
  name: string;
  tag: string;
  photoUrl: string | null;
  note: string | null;
  requestedAt: string;
}

export async function connectedPeople(db: Db, andeeId: string, limit = 1000): Promise<Person[]> {
  const rows = await db
    .selectFrom('connections')
    .innerJoin('andees', 'andees.andee_id', 'connections.other_id')
    .select(['andees.andee_id', 'display_name', 'tag', 'photo_url'])
    .where('connections.andee_id', '=', andeeId)
    .orderBy('tag')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ andeeId: r.andee_id, name: r.display_name, tag: r.tag, photoUrl: r.photo_url }));
}

export async function areConnected(db: Db, a: string, b: string): Promise<boolean> {
  return (await db.selectFrom('connections').select('other_id').where('andee_id', '=', a).where('other_id', '=', b).executeTakeFirst()) !== undefined;
}

export class Connections {
  constructor(
    private readonly db: Kysely<AmpersandDatabase>,
    private readonly notifications: Notifications,
  ) {}

  async connect(a: string, b: string, now: Date, db: Db = this.db): Promise<void> {
    await db
      .insertInto('connections')
      .values([
        { andee_id: a, other_id: b, connected_at: now },
        { andee_id: b, other_id: a, connected_at: now },
      ])
      .onConflict((oc) => oc.columns(['andee_id', 'other_id']).doNothing())
      .execute();
  }

  async active(andeeId: string, limit: number): Promise<ActiveConnection[]> {
    const rows = await this.db
      .selectFrom('connections')
      .innerJoin('andees', 'andees.andee_id', 'connections.other_id')
      .select(['display_name', 'tag', 'photo_url', 'connected_at'])
      .where('connections.andee_id', '=', andeeId)
      .orderBy('connected_at', 'desc')
      .orderBy('tag')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ name: r.display_name, tag: `&${r.tag}`, photoUrl: r.photo_url, connectedAt: r.connected_at.toISOString() }));
  }

  /** The web page's list of connections: the newest first, a page at a time (store/newest-first.ts). */
  async activePage(
    andeeId: string,
    options: { limit: number; after?: string | undefined },
  ): Promise<{ connections: ActiveConnection[]; next: string | undefined }> {
    const query = this.db
      .selectFrom('connections')
      .innerJoin('andees', 'andees.andee_id', 'connections.other_id')
      .select(['display_name', 'tag', 'photo_url', 'connected_at'])
      .where('connections.andee_id', '=', andeeId);
    const page = await newestFirst(query, { at: 'connections.connected_at', id: 'connections.other_id' }, options);
    return {
      connections: page.rows.map((r) => ({ name: r.display_name, tag: `&${r.tag}`, photoUrl: r.photo_url, connectedAt: r.connected_at.toISOString() })),
      next: page.next,
    };
  }

  /** The web page's pending requests of one direction: the newest first, a page at a time. */
  async requestsPage(
    andeeId: string,
    direction: 'incoming' | 'outgoing',
    options: { limit: number; after?: string | undefined },
  ): Promise<{ requests: PendingRequest[]; next: string | undefined }> {
    const [mine, theirs] = direction === 'incoming' ? (['r.to_id', 'r.from_id'] as const) : (['r.from_id', 'r.to_id'] as const);
    const query = this.db
      .selectFrom('connection_requests as r')
      .innerJoin('andees as a', 'a.andee_id', theirs)
      .select(['r.request_id', 'r.note', 'r.created_at', 'a.display_name', 'a.tag', 'a.photo_url'])
      .where(mine, '=', andeeId)
      .where('r.status', '=', 'pending');
    const page = await newestFirst(query, { at: 'r.created_at', id: 'r.request_id' }, options);
    return {
      requests: page.rows.map((r) => pendingRequest(r, direction)),
      next: page.next,
    };
  }

  /**
   * The pending requests either way, for the API's `connections_pending`: the newest first, a
   * page at a time (store/newest-first.ts), so none is ever dropped silently.
   */
  async pendingPage(
    andeeId: string,
    options: { limit: number; after?: string | undefined },
  ): Promise<{ requests: PendingRequest[]; next: string | undefined }> {
    const query = this.db
      .selectFrom('connection_requests as r')
      .innerJoin('andees as a', (j) => j.on(sql`a.andee_id = case when r.from_id = ${andeeId} then r.to_id else r.from_id end`))
      .select(['r.request_id', 'r.from_id', 'r.note', 'r.created_at', 'a.display_name', 'a.tag', 'a.photo_url'])
      .where('r.status', '=', 'pending')
      .where((eb) => eb.or([eb('r.from_id', '=', andeeId), eb('r.to_id', '=', andeeId)]));
    const page = await newestFirst(query, { at: 'r.created_at', id: 'r.request_id' }, options);
    return {
      requests: page.rows.map((r) => pendingRequest(r, r.from_id === andeeId ? 'outgoing' : 'incoming')),
      next: page.next,
    };
  }

  /** A new pending request from `from` to `to`, and the recipient's notification; refuses oneself, an existing connection and a pending pair. */
  async request(trx: Db, from: Person, to: Person, note: string | undefined, now: Date): Promise<{ requestId: string }> {
    if (from.andeeId === to.andeeId) throw ampersandErrors.fail('cannot_request_self', 'You cannot send a connection request to yourself.');
    if (await areConnected(trx, from.andeeId, to.andeeId)) throw ampersandErrors.fail('already_connected', `You and &${to.tag} are already connected.`);
    const requestId = randomUUID();
    const inserted = await trx
      .insertInto('connection_requests')
      .values({ request_id: requestId, from_id: from.andeeId, to_id: to.andeeId, note: note ?? null, status: 'pending', created_at: now, resolved_at: null })
      // The conflict target and predicate are literal SQL: PostgreSQL infers a partial index only from
      // a predicate it can read at parse time, never from a bound parameter.
      .onConflict((oc) => oc.expression(sql`(least(from_id, to_id)), (greatest(from_id, to_id))`).where(sql<boolean>`status = 'pending'`).doNothing())
      .returning('request_id')
      .executeTakeFirst();
    if (!inserted) {
      const existing = await trx
        .selectFrom('connection_requests')
        .select('from_id')
        .where('status', '=', 'pending')
        .where((eb) =>
          eb.or([
            eb.and([eb('from_id', '=', from.andeeId), eb('to_id', '=', to.andeeId)]),
            eb.and([eb('from_id', '=', to.andeeId), eb('to_id', '=', from.andeeId)]),
          ]),
        )
        .executeTakeFirst();
      const direction = existing?.from_id === from.andeeId ? 'outgoing' : 'incoming';
      throw ampersandErrors.fail(
        'request_already_pending',
        direction === 'outgoing' ? `Your request to &${to.tag} is still pending.` : `&${to.tag} already sent you a request; accept it with connections_accept.`,
        { direction },
      );
    }
    await this.notifications.notify(
      trx,
      to.andeeId,
      'connection_request',
      `${from.name} (&${from.tag}) wants to connect${note ? `: “${note}”` : '.'}`,
      requestLink(from.tag),
      now,
    );
    return { requestId };
  }

  /**
   * Resolves the incoming pending request from `fromId`: accepted connects both sides and tells
   * the requester; a denial is silent. False when there is no such request.
   */
  async resolveIncoming(trx: Db, me: Person, fromId: string, decision: 'accepted' | 'denied', now: Date): Promise<boolean> {
    const andeeId = me.andeeId;
    const updated = await trx
      .updateTable('connection_requests')
      .set({ status: decision, resolved_at: now })
      .where('to_id', '=', andeeId)
      .where('from_id', '=', fromId)
      .where('status', '=', 'pending')
      .returning('request_id')
      .executeTakeFirst();
    if (!updated) return false;
    const from = await trx.selectFrom('andees').select('tag').where('andee_id', '=', fromId).executeTakeFirst();
    if (from) await this.notifications.acted(trx, andeeId, 'connection_request', requestLink(from.tag), now);
    if (decision === 'accepted') {
      await this.connect(andeeId, fromId, now, trx);
      await this.notifications.notify(trx, fromId, 'connection_accepted', `${me.name} (&${me.tag}) accepted your connection request.`, '/connections', now);
    }
    return true;
  }

  /** Removes both sides of an active connection. False when there was none. */
  async remove(trx: Db, a: string, b: string): Promise<boolean> {
    const removed = await trx
      .deleteFrom('connections')
      .where((eb) => eb.or([eb.and([eb('andee_id', '=', a), eb('other_id', '=', b)]), eb.and([eb('andee_id', '=', b), eb('other_id', '=', a)])]))
      .executeTakeFirst();
    return Number(removed.numDeletedRows) > 0;
  }
}

/** A pending request row (with the other andee joined in) as the lists show it. */
function pendingRequest(
  row: { request_id: string; note: string | null; created_at: Date; display_name: string; tag: string; photo_url: string | null },
  direction: PendingRequest['direction'],
): PendingRequest {
  return {
    requestId: row.request_id,
    direction,
    name: row.display_name,
    tag: `&${row.tag}`,
    photoUrl: row.photo_url,
    note: row.note,
    requestedAt: row.created_at.toISOString(),
  };
}
