/**
 * Removing a plan, as /privacy promises a removal request will: its draft, every revision, its
 * page, and the idempotency records whose stored answers name it (a revision's or confirmation's
 * answer holds the plan's content and its page link). One transaction, so a plan is either
 * whole or gone. The operator finds it by the page link a requester quotes, the link's token, or
 * the draftRef.
 */
import { sql, type Kysely } from 'kysely';
import type { ChengduDatabase } from '../store/schema.ts';

export interface RemovedPlan {
  draftRef: string;
  revisions: number;
  pages: number;
  idempotencyRecords: number;
}

const DRAFT_REF = /^dr_[A-Za-z0-9_-]{8,64}$/;
const PAGE_TOKEN = /^[A-Za-z0-9_-]{20,128}$/;

export class PlanRemoval {
  constructor(private readonly db: Kysely<ChengduDatabase>) {}

  /** Deletes the plan `reference` names; undefined when there is none (nothing changes). */
  async remove(reference: string): Promise<RemovedPlan | undefined> {
    const target = parseReference(reference);
    return this.db.transaction().execute(async (trx) => {
      const draftRef =
        'draftRef' in target
          ? target.draftRef
          : (await trx.selectFrom('pages').select('draft_ref').where('token', '=', target.token).executeTakeFirst())?.draft_ref;
      if (!draftRef) return undefined;
      const draft = await trx.selectFrom('drafts').select(['draft_ref', 'account_id']).where('draft_ref', '=', draftRef).forUpdate().executeTakeFirst();
      if (!draft) return undefined;
      const pages = await trx.deleteFrom('pages').where('draft_ref', '=', draftRef).executeTakeFirst();
      const revisions = await trx.deleteFrom('draft_revisions').where('draft_ref', '=', draftRef).executeTakeFirst();
      const records = await trx
        .deleteFrom('idempotency_records')
        .where('account_id', '=', draft.account_id)
        .where(sql<boolean>`response ->> 'draftRef' = ${draftRef}`)
        .executeTakeFirst();
      await trx.deleteFrom('drafts').where('draft_ref', '=', draftRef).execute();
      return {
        draftRef,
        revisions: Number(revisions.numDeletedRows),
        pages: Number(pages.numDeletedRows),
        idempotencyRecords: Number(records.numDeletedRows),
      };
    });
  }
}

/** A page link (`…/p/<token>`), a bare token or a draftRef; anything else is refused. */
export function parseReference(reference: string): { draftRef: string } | { token: string } {
  const text = reference.trim();
  if (DRAFT_REF.test(text)) return { draftRef: text };
  const fromLink = /\/p\/([^/?#\s]+)/.exec(text)?.[1] ?? text;
  if (PAGE_TOKEN.test(fromLink)) return { token: fromLink };
  throw new TypeError(`Not a plan page link, page token or draftRef: ${JSON.stringify(reference)}`);
}
