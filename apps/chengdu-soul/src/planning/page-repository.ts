/** Saved traveler pages: looked up by their unlisted token, listed and stopped by their owner. */
import type { Kysely } from 'kysely';
import type { ChengduDatabase } from '../store/schema.ts';
import type { PageSnapshot } from './page-snapshot.ts';

export type PageLookup = { state: 'live'; snapshot: PageSnapshot } | { state: 'expired'; expiredAt: Date } | { state: 'stopped' } | { state: 'missing' };

export interface SavedPage {
  pageId: string;
  token: string;
  draftRef: string;
  createdAt: Date;
  expiresAt: Date;
  stoppedAt: Date | null;
  snapshot: PageSnapshot;
}

/** Where a page of saved plans continues: after this plan, in newest-first order. */
export interface PageCursor {
  createdAt: Date;
  pageId: string;
}

/** The cursor as an opaque URL-safe text, and back; anything else reads as no cursor. */
export function cursorText(cursor: PageCursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.pageId}`).toString('base64url');
}

export function cursorFrom(text: string | undefined): PageCursor | undefined {
  if (!text || text.length > 200) return undefined;
  const [at, pageId, extra] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (extra !== undefined || !pageId || !/^[0-9a-f-]{36}$/.test(pageId) || Number.isNaN(createdAt.getTime())) return undefined;
  return { createdAt, pageId };
}

export class PageRepository {
  constructor(private readonly db: Kysely<ChengduDatabase>) {}

  async lookup(token: string, now: Date): Promise<PageLookup> {
    const row = await this.db.selectFrom('pages').select(['snapshot', 'expires_at', 'stopped_at']).where('token', '=', token).executeTakeFirst();
    if (!row) return { state: 'missing' };
    if (row.stopped_at) return { state: 'stopped' };
    const expiresAt = new Date(row.expires_at);
    if (now.getTime() >= expiresAt.getTime()) return { state: 'expired', expiredAt: expiresAt };
    return { state: 'live', snapshot: parse(row.snapshot) };
  }

  /**
   * One page of the owner's saved plans, newest first, and where the next (older) page starts.
   * Reads through `pages_by_account` however many plans the account has saved.
   */
  async listForAccount(
    accountId: string,
    options: { limit: number; after?: PageCursor | undefined },
  ): Promise<{ pages: SavedPage[]; next: PageCursor | undefined }> {
    let query = this.db.selectFrom('pages').selectAll().where('account_id', '=', accountId);
    const after = options.after;
    if (after)
      query = query.where((eb) =>
        eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('page_id', '<', after.pageId)])]),
      );
    const rows = await query
      .orderBy('created_at', 'desc')
      .orderBy('page_id', 'desc')
      .limit(options.limit + 1)
      .execute();
    const pages = rows.slice(0, options.limit).map(toSavedPage);
    const last = pages.at(-1);
    return { pages, next: rows.length > options.limit && last ? { createdAt: last.createdAt, pageId: last.pageId } : undefined };
  }

  /** One of the owner's saved plans by id; undefined when it is not theirs. */
  async findForAccount(accountId: string, pageId: string): Promise<SavedPage | undefined> {
    const row = await this.db.selectFrom('pages').selectAll().where('page_id', '=', pageId).where('account_id', '=', accountId).executeTakeFirst();
    return row ? toSavedPage(row) : undefined;
  }

  /** Stops sharing for everyone at once; true when the page was shared until now. */
  async stopSharing(pageId: string, accountId: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('pages')
      .set({ stopped_at: now })
      .where('page_id', '=', pageId)
      .where('account_id', '=', accountId)
      .where('stopped_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}

function toSavedPage(r: {
  page_id: string;
  token: string;
  draft_ref: string;
  created_at: Date | string;
  expires_at: Date | string;
  stopped_at: Date | string | null;
  snapshot: unknown;
}): SavedPage {
  return {
    pageId: r.page_id,
    token: r.token,
    draftRef: r.draft_ref,
    createdAt: new Date(r.created_at),
    expiresAt: new Date(r.expires_at),
    stoppedAt: r.stopped_at ? new Date(r.stopped_at) : null,
    snapshot: parse(r.snapshot),
  };
}

function parse(value: unknown): PageSnapshot {
  return (typeof value === 'string' ? JSON.parse(value) : value) as PageSnapshot;
}
