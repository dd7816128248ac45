/**
 * Peer questions: an andee asks an active connection a question (kept verbatim); the recipient
 * answers (the answer becomes a pending signal in the recipient's own review queue and the asker
 * is notified; `signalsCreated` counts it once they approve it, kept by the database, migration
 * 0062), or declines silently; the asker may withdraw while pending. A question expires
 * `ttlSeconds` after it was asked (7 days by default): "expired" is read from the clock, never
 * stored, so an injected clock decides it, and an expired question can be neither answered nor
 * withdrawn. Every change is a conditional update on status = 'pending' and not yet expired, so
 * two concurrent decisions cannot both win.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { ANSWER_COUNTS_BACKFILL } from '../store/answer-counts-backfill.ts';
import { newestFirst } from '../store/newest-first.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { ampersandErrors } from '../errors.ts';
import type { IdentitySignals } from './identity-signals.ts';
import { questionLink, type Notifications } from './notifications.ts';
import type { Person } from './connections.ts';

type Trx = Transaction<AmpersandDatabase>;
export type QuestionStatus = 'pending' | 'answered' | 'rejected' | 'expired' | 'withdrawn';

export interface SentQuestion {
  questionId: string;
  to: { name: string; tag: string };
  question: string;
  status: QuestionStatus;
  askedAt: string;
  expiresAt: string;
  resolvedAt: string | null;
  signalsCreated: number;
}

export interface OpenQuestion {
  questionId: string;
  from: { name: string; tag: string };
  question: string;
  askedAt: string;
  expiresAt: string;
}

export function statusAt(row: { status: AmpersandDatabase['peer_questions']['status']; expires_at: Date }, now: Date): QuestionStatus {
  return row.status === 'pending' && row.expires_at <= now ? 'expired' : row.status;
}

export class PeerQuestions {
  constructor(
    private readonly db: Kysely<AmpersandDatabase>,
    private readonly signals: IdentitySignals,
    private readonly notifications: Notifications,
    private readonly ttlSeconds: number,
    /** The clock expiry is judged by; injected so a test can move a week ahead without touching token lifetimes. */
    private readonly clock: () => Date,
  ) {}

  async ask(trx: Trx, asker: Person, recipient: Person, question: string): Promise<OpenQuestion> {
    const now = this.clock();
    const questionId = randomUUID();
    const expiresAt = new Date(now.getTime() + this.ttlSeconds * 1000);
    await trx
      .insertInto('peer_questions')
      .values({
        question_id: questionId,
        asker_id: asker.andeeId,
        recipient_id: recipient.andeeId,
        question,
        status: 'pending',
        created_at: now,
        expires_at: expiresAt,
        resolved_at: null,
      })
      .execute();
    await this.notifications.notify(
      trx,
      recipient.andeeId,
      'question',
      `${asker.name} (&${asker.tag}) asked you: “${question}”`,
      questionLink(questionId),
      now,
    );
    return { questionId, from: { name: asker.name, tag: `&${asker.tag}` }, question, askedAt: now.toISOString(), expiresAt: expiresAt.toISOString() };
  }

  async sent(askerId: string, limit = 200): Promise<SentQuestion[]> {
    const now = this.clock();
    const rows = await this.sentQuery(askerId).orderBy('q.created_at', 'desc').orderBy('q.question_id', 'desc').limit(limit).execute();
    return rows.map((r) => toSent(r, now));
  }

  /** The web page's list of sent questions: newest first, a page at a time (store/newest-first.ts). */
  async sentPage(askerId: string, options: { limit: number; after?: string | undefined }): Promise<{ questions: SentQuestion[]; next: string | undefined }> {
    const now = this.clock();
    const page = await newestFirst(this.sentQuery(askerId), { at: 'q.created_at', id: 'q.question_id' }, options);
    return { questions: page.rows.map((r) => toSent(r, now)), next: page.next };
  }

  async open(recipientId: string, limit = 200): Promise<OpenQuestion[]> {
    const rows = await this.openQuery(recipientId, this.clock()).orderBy('q.created_at', 'desc').orderBy('q.question_id', 'desc').limit(limit).execute();
    return rows.map(toOpen);
  }

  /** The web page's list of questions waiting for the andee: newest first, a page at a time. */
  async openPage(
    recipientId: string,
    options: { limit: number; after?: string | undefined },
  ): Promise<{ questions: OpenQuestion[]; next: string | undefined }> {
    const page = await newestFirst(this.openQuery(recipientId, this.clock()), { at: 'q.created_at', id: 'q.question_id' }, options);
    return { questions: page.rows.map(toOpen), next: page.next };
  }

  private sentQuery(askerId: string) {
    return (
      this.db
        .selectFrom('peer_questions as q')
        .innerJoin('andees as a', 'a.andee_id', 'q.recipient_id')
        .select(['q.question_id', 'q.question', 'q.status', 'q.created_at', 'q.expires_at', 'q.resolved_at', 'a.display_name', 'a.tag'])
        // While migration 0062's backfill has not set every stored count right, the count is made
        // here (the exists is evaluated once, by key; afterwards the stored count is read).
        .select(
          sql<number>`case when exists (select 1 from kit_backfills where name = ${ANSWER_COUNTS_BACKFILL} and done_at is null)
          then (select count(*)::int from identity_facts f where f.andee_id = q.recipient_id and f.status = 'approved' and f.question_id = q.question_id)
          else q.signals_created end`.as('signals_created'),
        )
        .where('q.asker_id', '=', askerId)
    );
  }

  private openQuery(recipientId: string, now: Date) {
    return this.db
      .selectFrom('peer_questions as q')
      .innerJoin('andees as a', 'a.andee_id', 'q.asker_id')
      .select(['q.question_id', 'q.question', 'q.created_at', 'q.expires_at', 'a.display_name', 'a.tag'])
      .where('q.recipient_id', '=', recipientId)
      .where('q.status', '=', 'pending')
      .where('q.expires_at', '>', now);
  }

  /** Moves a pending, unexpired question of this andee (in this role) to `status`, or says why not. */
  private async decide(
    trx: Trx,
    questionId: string,
    role: 'asker_id' | 'recipient_id',
    andeeId: string,
    status: 'answered' | 'rejected' | 'withdrawn',
    now: Date,
  ) {
    const updated = await trx
      .updateTable('peer_questions')
      .set({ status, resolved_at: now })
      .where('question_id', '=', questionId)
      .where(role, '=', andeeId)
      .where('status', '=', 'pending')
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
    if (updated) {
      // Answered, declined or withdrawn: the recipient's notification has nothing left to ask.
      await this.notifications.acted(trx, updated.recipient_id, 'question', questionLink(questionId), now);
      return updated;
    }
    const row = await trx
      .selectFrom('peer_questions')
      .select(['status', 'expires_at'])
      .where('question_id', '=', questionId)
      .where(role, '=', andeeId)
      .executeTakeFirst();
    if (!row)
      throw ampersandErrors.fail(
        'question_not_found',
        role === 'asker_id'
          ? `You sent no question ${questionId}; questions_list shows yours.`
          : `No question ${questionId} was asked of you; questions_pending shows yours.`,
      );
    const current = statusAt(row, now);
    throw ampersandErrors.fail(
      'question_not_pending',
      `That question is ${current}, so it can no longer be ${status === 'withdrawn' ? 'withdrawn' : status === 'answered' ? 'answered' : 'declined'}.`,
      { status: current },
    );
  }

  async answer(
    trx: Trx,
    recipient: Person,
    questionId: string,
    answer: string,
    clientId: string | undefined,
  ): Promise<{ signalId: string | null; duplicate: boolean }> {
    const now = this.clock();
    const question = await this.decide(trx, questionId, 'recipient_id', recipient.andeeId, 'answered', now);
    const written = await this.signals.write(
      recipient.andeeId,
      { value: answerSignalText(question.question, answer), status: 'pending', provenance: { source: 'answer', clientId, questionId } },
      now,
      trx,
    );
    await this.notifications.notify(
      trx,
      question.asker_id,
      'question_answered',
      `${recipient.name} (&${recipient.tag}) answered your question “${question.question}”. Ask & about it once they approve the answer.`,
      null,
      now,
    );
    return written.written ? { signalId: written.signal.signalId, duplicate: false } : { signalId: written.duplicateOf.signalId, duplicate: true };
  }

  async reject(trx: Trx, recipientId: string, questionId: string): Promise<void> {
    await this.decide(trx, questionId, 'recipient_id', recipientId, 'rejected', this.clock());
  }

  async withdraw(trx: Trx, askerId: string, questionId: string): Promise<void> {
    await this.decide(trx, questionId, 'asker_id', askerId, 'withdrawn', this.clock());
  }
}

/**
 * The pending signal an answer becomes: the answer with the question it answers (an answer like
 * "yes" means nothing alone), the question shortened so the whole stays within a signal's 1,000
 * characters. The andee reviews, edits or rejects it like any other.
 */
export function answerSignalText(question: string, answer: string): string {
  const room = 1000 - answer.length - 6;
  const asked = question.length > room ? `${question.slice(0, Math.max(0, room - 1))}…` : question;
  return `“${asked}” — ${answer}`;
}

function toSent(
  r: {
    question_id: string;
    question: string;
    status: AmpersandDatabase['peer_questions']['status'];
    created_at: Date;
    expires_at: Date;
    resolved_at: Date | null;
    signals_created: number;
    display_name: string;
    tag: string;
  },
  now: Date,
): SentQuestion {
  return {
    questionId: r.question_id,
    to: { name: r.display_name, tag: `&${r.tag}` },
    question: r.question,
    status: statusAt(r, now),
    askedAt: r.created_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
    resolvedAt: r.resolved_at?.toISOString() ?? null,
    signalsCreated: r.signals_created,
  };
}

function toOpen(r: { question_id: string; question: string; created_at: Date; expires_at: Date; display_name: string; tag: string }): OpenQuestion {
  return {
    questionId: r.question_id,
    from: { name: r.display_name, tag: `&${r.tag}` },
    question: r.question,
    askedAt: r.created_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
  };
}
