/**
 * The owner's drafts still waiting for review: proposed from the web or by one of the owner's
 * agents, not confirmed and not expired, each at its current revision. The owner's web lists them
 * and reopens one to exclude scenes or confirm it, through the same DraftService as the tools, or
 * discards it. Discarding ends the draft as its seven days running out would: it leaves the list,
 * and an agent that later revises or confirms it is told it expired (nothing is deleted, so an
 * agent retrying its proposal still gets its stored answer).
 *
 * Who made a draft is read from the proposal's stored answer: the web's forms send idempotency
 * keys starting `web_`, an agent's keys are its own.
 */
import { sql, type Kysely } from 'kysely';
import type { ChengduDatabase } from '../store/schema.ts';
import type { DraftContent } from './draft-content.ts';
import { draftView, type DraftView } from './draft-view.ts';

export type DraftOrigin = 'web' | 'agent';

/** How the owner's web begins every idempotency key it sends. */
export const WEB_KEY_PREFIX = 'web_';

/** Enough for one person's planning; older open drafts are still reachable by their agent. */
export const OPEN_DRAFTS_LISTED = 20;

export class OpenDrafts {
  constructor(private readonly db: Kysely<ChengduDatabase>) {}

  async list(accountId: string, now: Date): Promise<DraftView[]> {
    const rows = await this.current(accountId, now).orderBy('drafts.created_at', 'desc').limit(OPEN_DRAFTS_LISTED).execute();
    return rows.map(toView);
  }

  /** The draft at its current revision, when it is this owner's and still open. */
  async find(accountId: string, draftRef: string, now: Date): Promise<DraftView | undefined> {
    const row = await this.current(accountId, now).where('drafts.draft_ref', '=', draftRef).executeTakeFirst();
    return row ? toView(row) : undefined;
  }

  /** Ends an open draft of this owner now; false when there is none to end (already confirmed, expired or not theirs). */
  async discard(accountId: string, draftRef: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('drafts')
      .set({ expires_at: now, updated_at: now })
      .where('draft_ref', '=', draftRef)
      .where('account_id', '=', accountId)
      .where('confirmed_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Who proposed each of these drafts: the owner's web or an agent; a draft whose proposal answer is gone is left out. */
  async madeBy(accountId: string, draftRefs: readonly string[]): Promise<Map<string, DraftOrigin>> {
    if (draftRefs.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('idempotency_records')
      .select(['idempotency_key', sql<string>`response ->> 'draftRef'`.as('draft_ref')])
      .where('account_id', '=', accountId)
      .where('operation', '=', 'propose')
      .where(sql<string>`response ->> 'draftRef'`, 'in', [...draftRefs])
      .execute();
    return new Map(rows.map((r) => [r.draft_ref, r.idempotency_key.startsWith(WEB_KEY_PREFIX) ? 'web' : 'agent']));
  }

  private current(accountId: string, now: Date) {
    return this.db
      .selectFrom('drafts')
      .innerJoin('draft_revisions', (join) =>
        join.onRef('draft_revisions.draft_ref', '=', 'drafts.draft_ref').onRef('draft_revisions.revision', '=', 'drafts.revision'),
      )
      .select(['drafts.draft_ref', 'drafts.revision', 'drafts.content_hash', 'drafts.created_at', 'drafts.expires_at', 'draft_revisions.content'])
      .where('drafts.account_id', '=', accountId)
      .where('drafts.confirmed_at', 'is', null)
      .where('drafts.expires_at', '>', now);
  }
}

function toView(row: {
  draft_ref: string;
  revision: number;
  content_hash: string;
  created_at: Date | string;
  expires_at: Date | string;
  content: unknown;
}): DraftView {
  const content = (typeof row.content === 'string' ? JSON.parse(row.content) : row.content) as DraftContent;
  return draftView(row.draft_ref, row.revision, row.content_hash, content, 'draft', new Date(row.created_at), new Date(row.expires_at));
}
