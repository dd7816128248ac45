/**
 * Feedback and data-removal requests sent from `/privacy`: validated, stored durably, listed for
 * the operator, who marks each removal request handled once done. Each form render carries a
 * submission id, so a double submit stores one row.
 * Rows are kept for a year; older ones are deleted whenever a new one arrives, which keeps that
 * promise without a scheduler.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as z from 'zod';
import type { ChengduDatabase } from '../store/schema.ts';

export const PRIVACY_RETENTION_DAYS = 365;

/** Lone UTF-16 surrogates; PostgreSQL text cannot hold them, nor NUL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the characters this expression exists to find.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !UNSTORABLE.test(value), 'must be plain text, without NUL characters or broken Unicode');

export const FeedbackInput = z.strictObject({
  message: text(4000).pipe(z.string().min(1, 'Write a message.')),
  contact: text(200).optional(),
});
export type FeedbackInput = z.infer<typeof FeedbackInput>;

export const RemovalInput = z.strictObject({
  contact: text(200).pipe(z.string().min(3, 'Say how the operator can reach you.')),
  details: text(4000).pipe(z.string().min(1, 'Say what should be removed.')),
});
export type RemovalInput = z.infer<typeof RemovalInput>;

export const SubmissionId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

export interface FeedbackEntry {
  feedbackId: string;
  message: string;
  contact: string | null;
  createdAt: Date;
}

export interface RemovalEntry {
  requestId: string;
  contact: string;
  details: string;
  createdAt: Date;
  handledAt: Date | null;
}

export class PrivacyRequests {
  constructor(private readonly db: Kysely<ChengduDatabase>) {}

  async addFeedback(submissionId: string, input: FeedbackInput, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('feedback').where('created_at', '<', retentionCutoff(now)).execute();
      await trx
        .insertInto('feedback')
        .values({ feedback_id: `fb_${randomUUID()}`, submission_id: submissionId, message: input.message, contact: input.contact || null, created_at: now })
        .onConflict((oc) => oc.column('submission_id').doNothing())
        .execute();
    });
  }

  async addRemovalRequest(submissionId: string, input: RemovalInput, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('removal_requests').where('created_at', '<', retentionCutoff(now)).execute();
      await trx
        .insertInto('removal_requests')
        .values({ request_id: `rr_${randomUUID()}`, submission_id: submissionId, contact: input.contact, details: input.details, created_at: now })
        .onConflict((oc) => oc.column('submission_id').doNothing())
        .execute();
    });
  }

  async listFeedback(): Promise<FeedbackEntry[]> {
    const rows = await this.db.selectFrom('feedback').selectAll().orderBy('created_at', 'desc').execute();
    return rows.map((r) => ({ feedbackId: r.feedback_id, message: r.message, contact: r.contact, createdAt: new Date(r.created_at) }));
  }

  async listRemovalRequests(): Promise<RemovalEntry[]> {
    const rows = await this.db.selectFrom('removal_requests').selectAll().orderBy('created_at', 'desc').execute();
    return rows.map((r) => ({
      requestId: r.request_id,
      contact: r.contact,
      details: r.details,
      createdAt: new Date(r.created_at),
      handledAt: r.handled_at ? new Date(r.handled_at) : null,
    }));
  }

  /** Marks an open request handled; false when there is no such request or it was already handled. */
  async markRemovalHandled(requestId: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('removal_requests')
      .set({ handled_at: now })
      .where('request_id', '=', requestId)
      .where('handled_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}

function retentionCutoff(now: Date): Date {
  return new Date(now.getTime() - PRIVACY_RETENTION_DAYS * 24 * 3600_000);
}
