/**
 * The one answer an authorization interaction gets, and the number that binds an answer given on
 * another device to the screen that started it (number matching, the out-of-band binding of the
 * OAuth cross-device BCP).
 *
 * Each interaction gets a two-digit number, shown only on the starting screen (the browser
 * holding the provider's signed interaction cookie). The browser that started the request may
 * approve without it; any other browser must type it, and a wrong number ends the interaction.
 * Every answer is a single conditional update from `pending`, so an interaction is answered once,
 * and guesses sent in parallel still get one try between them, on every API process.
 */
import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { hashToken } from '@agent-products/kit/auth';
import type { AmpersandDatabase } from '../store/schema.ts';

export type ApprovalState = 'pending' | 'approved' | 'declined' | 'ended';

export interface InteractionApproval {
  /** Two digits, 10–99, so it never starts with a 0 a person might drop. */
  matchNumber: string;
  state: ApprovalState;
  /** The account the starting screen last showed as signed in, if any. */
  starterAndeeId: string | null;
  /** The starting screen's network address when it first showed the number, if it has. */
  startedFrom: string | null;
  answeredBy: string | null;
}

/** What became of an answer: it was recorded, the number was wrong (the interaction is ended), or it came too late. */
export type AnswerOutcome = 'recorded' | 'wrong_number' | 'already_answered';

export class InteractionApprovals {
  constructor(private readonly db: Kysely<AmpersandDatabase>) {}

  /** The interaction's approval record, made with a fresh number on first sight. */
  async open(uid: string, expiresAt: Date): Promise<InteractionApproval> {
    const uidHash = hashToken(uid);
    await this.db
      .insertInto('interaction_approvals')
      .values({ uid_hash: uidHash, match_number: String(randomInt(10, 100)), state: 'pending', expires_at: expiresAt })
      .onConflict((oc) => oc.column('uid_hash').doNothing())
      .execute();
    const row = await this.db.selectFrom('interaction_approvals').selectAll().where('uid_hash', '=', uidHash).executeTakeFirstOrThrow();
    return {
      matchNumber: row.match_number,
      state: row.state,
      starterAndeeId: row.starter_andee_id,
      startedFrom: row.started_from,
      answeredBy: row.answered_by,
    };
  }

  /**
   * Whether the interaction was answered (approved, declined or ended by a wrong number). The
   * provider forgets an interaction once its code is issued, while this record lives as long as
   * the link would have: it is what tells a used link from an expired one after that.
   */
  async wasAnswered(uid: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('interaction_approvals')
      .select('state')
      .where('uid_hash', '=', hashToken(uid))
      .where('state', '!=', 'pending')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Records which account the starting screen shows, so another device's answer for someone else
   * is never silent, and the network address it first showed the number from.
   */
  async starterShows(uid: string, andeeId: string | null, address: string): Promise<void> {
    await this.db
      .updateTable('interaction_approvals')
      .set({ starter_andee_id: andeeId, started_from: sql<string>`coalesce(started_from, ${address})` })
      .where('uid_hash', '=', hashToken(uid))
      .where('state', '=', 'pending')
      .execute();
  }

  /** An answer given in the browser that started the request: no number needed. */
  async answerHere(uid: string, andeeId: string | null, decision: 'approved' | 'declined'): Promise<AnswerOutcome> {
    const updated = await this.db
      .updateTable('interaction_approvals')
      .set({ state: decision, answered_by: andeeId, answered_at: new Date() })
      .where('uid_hash', '=', hashToken(uid))
      .where('state', '=', 'pending')
      .where('expires_at', '>', new Date())
      .returning('state')
      .executeTakeFirst();
    return updated ? 'recorded' : 'already_answered';
  }

  /** An approval from another browser: the number decides it, once; a wrong one ends the interaction. */
  async approveWithNumber(uid: string, andeeId: string, typed: string): Promise<AnswerOutcome> {
    const updated = await this.db
      .updateTable('interaction_approvals')
      .set({
        state: sql<ApprovalState>`case when match_number = ${typed} then 'approved' else 'ended' end`,
        answered_by: andeeId,
        answered_at: new Date(),
      })
      .where('uid_hash', '=', hashToken(uid))
      .where('state', '=', 'pending')
      .where('expires_at', '>', new Date())
      .returning('state')
      .executeTakeFirst();
    if (!updated) return 'already_answered';
    return updated.state === 'approved' ? 'recorded' : 'wrong_number';
  }
}
