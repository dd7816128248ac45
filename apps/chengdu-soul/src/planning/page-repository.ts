/** Saved traveler pages: looked up by their unlisted token, listed and stopped by their owner. */
import type { Kysely } from 'kysely';
import type { ChengduDatabase } from '../store/schema.ts';
import type { PageSnapshot } from './page-snapshot.ts';

export type PageLookup =
  | { state: 'live'; snapshot: PageSnapshot }
  | { state: 'expired'; expiredAt: Date }
  | { state: 'stopped' }
  | { state: 'missing' };

export interface SavedPage {
  pageId: string;
  token: string;
  draftRef: string;
  createdAt: Date;
  expiresAt: Date;
  stoppedAt: Date | null;
  snapshot: PageSnapshot;
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

  async listForAccount(accountId: string): Promise<SavedPage[]> {
    const rows = await this.db.selectFrom('pages').selectAll().where('account_id', '=', accountId).orderBy('created_at', 'desc').execute();
    return rows.map((r) => ({
      pageId: r.page_id,
      token: r.token,
      draftRef: r.draft_ref,
      createdAt: new Date(r.created_at),
      expiresAt: new Date(r.expires_at),
      stoppedAt: r.stopped_at ? new Date(r.stopped_at) : null,
      snapshot: parse(r.snapshot),
    }));
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

function parse(value: unknown): PageSnapshot {
  return (typeof value === 'string' ? JSON.parse(value) : value) as PageSnapshot;
}
