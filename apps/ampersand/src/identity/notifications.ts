/**
 * Durable notifications: one row per event the andee should see (a connection request, a
 * question, an answer), written in the same transaction as the event, shown in the web app with
 * an unread count until marked read — or until the andee does what it asked (`acted`). A
 * notification that asks for something links to that one thing, which is how it is found again.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { newestFirst } from '../store/newest-first.ts';
import type { AmpersandDatabase } from '../store/schema.ts';

type Db = Kysely<AmpersandDatabase> | Transaction<AmpersandDatabase>;

/** Where a connection request from `fromTag` is answered: its notification's link. */
export function requestLink(fromTag: string): string {
  return `/connections?from=${encodeURIComponent(fromTag)}`;
}

/** Where a question is answered: its notification's link. */
export function questionLink(questionId: string): string {
  return `/questions?q=${encodeURIComponent(questionId)}`;
}

/** Where an invitation to a Loop is accepted or declined (the shelf): its notification's link. */
export function invitationLink(loopId: string): string {
  return `/loops?invitation=${encodeURIComponent(loopId)}#invitations`;
}

export type NotificationKind = 'connection_request' | 'connection_accepted' | 'question' | 'question_answered' | 'loop_invitation' | 'loop_invitation_accepted';

export interface Notification {
  notificationId: string;
  kind: string;
  text: string;
  link: string | null;
  createdAt: Date;
  readAt: Date | null;
}

export class Notifications {
  constructor(private readonly db: Kysely<AmpersandDatabase>) {}

  async notify(db: Db, andeeId: string, kind: NotificationKind, text: string, link: string | null, now: Date): Promise<void> {
    await db
      .insertInto('notifications')
      .values({ notification_id: randomUUID(), andee_id: andeeId, kind, text, link, created_at: now, read_at: null })
      .execute();
  }

  async unreadCount(andeeId: string): Promise<number> {
    const row = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('andee_id', '=', andeeId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The web page's list: newest first, a page at a time (store/newest-first.ts). */
  async page(andeeId: string, options: { limit: number; after?: string | undefined }): Promise<{ notifications: Notification[]; next: string | undefined }> {
    const page = await newestFirst(
      this.db.selectFrom('notifications').selectAll().where('andee_id', '=', andeeId),
      { at: 'created_at', id: 'notification_id' },
      options,
    );
    return { notifications: page.rows.map(toNotification), next: page.next };
  }

  async list(andeeId: string, limit = 100): Promise<Notification[]> {
    const rows = await this.db
      .selectFrom('notifications')
      .selectAll()
      .where('andee_id', '=', andeeId)
      .orderBy('created_at', 'desc')
      .orderBy('notification_id')
      .limit(limit)
      .execute();
    return rows.map(toNotification);
  }

  /**
   * Clears what a notification asked for once the andee has done it (answered the request or
   * the question, here or through an agent): its unread copies of that kind and link are read.
   */
  async acted(db: Db, andeeId: string, kind: NotificationKind, link: string, now: Date): Promise<void> {
    await db
      .updateTable('notifications')
      .set({ read_at: now })
      .where('andee_id', '=', andeeId)
      .where('kind', '=', kind)
      .where('link', '=', link)
      .where('read_at', 'is', null)
      .execute();
  }

  /** Marks one (or, without an id, every) unread notification of the andee read. */
  async markRead(andeeId: string, notificationId: string | undefined, now: Date): Promise<number> {
    let query = this.db.updateTable('notifications').set({ read_at: now }).where('andee_id', '=', andeeId).where('read_at', 'is', null);
    if (notificationId) query = query.where('notification_id', '=', notificationId);
    return Number((await query.executeTakeFirst()).numUpdatedRows);
  }
}

function toNotification(r: Selectable<AmpersandDatabase['notifications']>): Notification {
  return { notificationId: r.notification_id, kind: r.kind, text: r.text, link: r.link, createdAt: r.created_at, readAt: r.read_at };
}
