/**
 * Identity signals: an andee's facts as text, each filed under an HDS leaf code, with a
 * visibility, a review status and where it came from. Identity is what is approved; pending
 * signals wait in the andee's review queue; rejected ones stay as a record of the decision (so a
 * rejected sentence can be stated again, and is then a fresh pending item).
 *
 * An exact duplicate (same andee, same text once trimmed, whitespace-collapsed and lower-cased)
 * of a live (approved or pending) signal is never written: the database's partial unique index
 * decides, so concurrent duplicates cannot both land.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import { newestFirst } from '../store/newest-first.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { ampersandErrors } from '../errors.ts';
import { contentWords } from '../text/content-words.ts';
import { isHdsLeaf, suggestCode } from './hds-taxonomy.ts';

export type Visibility = 'private' | 'connected' | 'public';
export type SignalStatus = 'approved' | 'pending' | 'rejected';
export type SignalSource = 'mcp' | 'cli' | 'web' | 'turn' | 'answer' | 'demo' | 'suggestion';

export const VISIBILITIES: readonly Visibility[] = ['private', 'connected', 'public'];
export const MAX_SIGNAL_LENGTH = 1000;

export interface Provenance {
  source: SignalSource;
  clientId?: string | undefined;
  turnId?: string | undefined;
  questionId?: string | undefined;
}

export interface Signal {
  signalId: string;
  value: string;
  hdsCode: string | null;
  visibility: Visibility;
  status: SignalStatus;
  source: string;
  clientId: string | null;
  turnId: string | null;
  questionId: string | null;
  createdAt: Date;
  updatedAt: Date;
  reviewedAt: Date | null;
}

export type WriteOutcome =
  | { written: true; signal: Signal }
  | { written: false; duplicateOf: { signalId: string; status: 'approved' | 'pending'; hdsCode: string | null } };

export interface WriteInput {
  value: string;
  hdsCode?: string | undefined;
  visibility?: Visibility | undefined;
  status: 'approved' | 'pending';
  provenance: Provenance;
}

type Db = Kysely<AmpersandDatabase> | Transaction<AmpersandDatabase>;

/** The text as duplicates are compared; the same expression the 0004 migration used. */
export function valueKey(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function checkedCode(code: string): string {
  if (!isHdsLeaf(code))
    throw ampersandErrors.fail('invalid_hds_code', `${code} is not a leaf code of the HDS taxonomy (top.leaf, for example preferences.food).`, {
      hdsCode: code,
    });
  return code;
}

export function checkedValue(value: string): string {
  const text = value.trim().replace(/\s+/g, ' ');
  if (text.length < 1 || text.length > MAX_SIGNAL_LENGTH)
    throw ampersandErrors.fail('invalid_arguments', `A signal is 1 to ${MAX_SIGNAL_LENGTH} characters.`, {
      fields: [{ field: 'value', problem: 'is empty or too long' }],
    });
  return text;
}

export class IdentitySignals {
  constructor(private readonly db: Kysely<AmpersandDatabase>) {}

  async write(andeeId: string, input: WriteInput, now: Date, db: Db = this.db): Promise<WriteOutcome> {
    const value = checkedValue(input.value);
    const hdsCode = checkedCode(input.hdsCode ?? suggestCode(value));
    const signalId = randomUUID();
    const key = valueKey(value);
    const inserted = await db
      .insertInto('identity_facts')
      .values({
        fact_id: signalId,
        andee_id: andeeId,
        value,
        value_key: key,
        content_words: [...contentWords(value)],
        hds_code: hdsCode,
        visibility: input.visibility ?? 'private',
        status: input.status,
        source: input.provenance.source,
        client_id: input.provenance.clientId ?? null,
        turn_id: input.provenance.turnId ?? null,
        question_id: input.provenance.questionId ?? null,
        created_at: now,
        updated_at: now,
        reviewed_at: input.status === 'approved' ? now : null,
      })
      // Literal predicate: PostgreSQL infers the partial index only from SQL it can read at parse time.
      .onConflict((oc) => oc.columns(['andee_id', 'value_key']).where(sql<boolean>`status in ('approved', 'pending')`).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { written: true, signal: toSignal(inserted) };
    const existing = await db
      .selectFrom('identity_facts')
      .select(['fact_id', 'status', 'hds_code'])
      .where('andee_id', '=', andeeId)
      .where('value_key', '=', key)
      .where('status', 'in', ['approved', 'pending'])
      .executeTakeFirstOrThrow();
    return { written: false, duplicateOf: { signalId: existing.fact_id, status: existing.status as 'approved' | 'pending', hdsCode: existing.hds_code } };
  }

  /** The operator's and the demo's shorthand: an approved (or pending) signal, coded from its text. */
  async add(
    andeeId: string,
    value: string,
    options: { visibility?: Visibility; status: 'approved' | 'pending'; now: Date; hdsCode?: string; source?: SignalSource },
  ): Promise<WriteOutcome> {
    return this.write(
      andeeId,
      { value, visibility: options.visibility, status: options.status, hdsCode: options.hdsCode, provenance: { source: options.source ?? 'cli' } },
      options.now,
    );
  }

  async byId(andeeId: string, signalId: string): Promise<Signal | undefined> {
    const row = await this.db.selectFrom('identity_facts').selectAll().where('andee_id', '=', andeeId).where('fact_id', '=', signalId).executeTakeFirst();
    return row ? toSignal(row) : undefined;
  }

  async list(andeeId: string, status: SignalStatus, limit = 200): Promise<Signal[]> {
    const rows = await this.db
      .selectFrom('identity_facts')
      .selectAll()
      .where('andee_id', '=', andeeId)
      .where('status', '=', status)
      .orderBy('created_at', 'desc')
      .orderBy('fact_id')
      .limit(limit)
      .execute();
    return rows.map(toSignal);
  }

  /** The web page's list of one status: newest first, a page at a time (store/newest-first.ts). */
  async page(
    andeeId: string,
    status: SignalStatus,
    options: { limit: number; after?: string | undefined },
  ): Promise<{ signals: Signal[]; next: string | undefined }> {
    const query = this.db.selectFrom('identity_facts').selectAll().where('andee_id', '=', andeeId).where('status', '=', status);
    const page = await newestFirst(query, { at: 'created_at', id: 'fact_id' }, options);
    return { signals: page.rows.map(toSignal), next: page.next };
  }

  async pendingCount(andeeId: string): Promise<number> {
    const row = await this.db
      .selectFrom('identity_facts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('andee_id', '=', andeeId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * The andee's review decision on a pending signal: approve (optionally with another visibility
   * or code), edit the text (it stays pending, to be approved as edited), or reject. Undefined
   * when there is no such pending signal of theirs; a clash with a live copy of the edited text
   * is `duplicate_signal`.
   */
  async review(
    andeeId: string,
    signalId: string,
    decision:
      | { action: 'approve'; visibility?: Visibility | undefined; hdsCode?: string | undefined }
      | { action: 'edit'; value: string; visibility?: Visibility | undefined; hdsCode?: string | undefined }
      | { action: 'reject' },
    now: Date,
  ): Promise<Signal | undefined> {
    const changes: Updateable<AmpersandDatabase['identity_facts']> = { updated_at: now };
    if (decision.action === 'approve') Object.assign(changes, { status: 'approved', reviewed_at: now });
    if (decision.action === 'reject') Object.assign(changes, { status: 'rejected', reviewed_at: now });
    if (decision.action === 'edit') {
      const value = checkedValue(decision.value);
      Object.assign(changes, { value, value_key: valueKey(value), content_words: [...contentWords(value)] });
    }
    if (decision.action !== 'reject') {
      if (decision.visibility) changes.visibility = decision.visibility;
      if (decision.hdsCode) changes.hds_code = checkedCode(decision.hdsCode);
    }
    return this.settle(andeeId, signalId, ['pending'], changes);
  }

  /**
   * The andee's change to an approved signal of theirs: its text, visibility or code. Undefined
   * when there is no such approved signal; a clash with a live copy of the new text is
   * `duplicate_signal`.
   */
  async changeApproved(
    andeeId: string,
    signalId: string,
    change: { value?: string | undefined; visibility?: Visibility | undefined; hdsCode?: string | undefined },
    now: Date,
  ): Promise<Signal | undefined> {
    const changes: Updateable<AmpersandDatabase['identity_facts']> = { updated_at: now };
    if (change.value !== undefined) {
      const value = checkedValue(change.value);
      Object.assign(changes, { value, value_key: valueKey(value), content_words: [...contentWords(value)] });
    }
    if (change.visibility) changes.visibility = change.visibility;
    if (change.hdsCode) changes.hds_code = checkedCode(change.hdsCode);
    return this.settle(andeeId, signalId, ['approved'], changes);
  }

  /** Takes an approved signal out of the identity (it is kept as rejected, so Undo can bring it back). */
  async remove(andeeId: string, signalId: string, now: Date): Promise<Signal | undefined> {
    return this.settle(andeeId, signalId, ['approved'], { status: 'rejected', reviewed_at: now, updated_at: now });
  }

  /**
   * Takes back a decision made within the undo window: an approval or rejection returns the
   * signal to the review queue (`pending`), a removal returns it to the identity (`approved`).
   * Undefined when the signal was not decided (or not within the window).
   */
  async undo(andeeId: string, signalId: string, back: 'pending' | 'approved', now: Date): Promise<Signal | undefined> {
    const since = new Date(now.getTime() - UNDO_WINDOW_SECONDS * 1000);
    const from: SignalStatus[] = back === 'pending' ? ['approved', 'rejected'] : ['rejected'];
    return this.settle(andeeId, signalId, from, { status: back, reviewed_at: back === 'pending' ? null : now, updated_at: now }, since);
  }

  /** One guarded update of one of the andee's signals in one of `from`; a clash with a live copy of its text is `duplicate_signal`. */
  private async settle(
    andeeId: string,
    signalId: string,
    from: SignalStatus[],
    changes: Updateable<AmpersandDatabase['identity_facts']>,
    reviewedSince?: Date,
  ): Promise<Signal | undefined> {
    try {
      let update = this.db
        .updateTable('identity_facts')
        .set(changes)
        .where('andee_id', '=', andeeId)
        .where('fact_id', '=', signalId)
        .where('status', 'in', from);
      if (reviewedSince) update = update.where('reviewed_at', '>=', reviewedSince);
      const row = await update.returningAll().executeTakeFirst();
      return row ? toSignal(row) : undefined;
    } catch (error) {
      if ((error as { code?: string }).code === '23505')
        throw ampersandErrors.fail('duplicate_signal', 'You already have this sentence as an approved or pending signal.');
      throw error;
    }
  }
}

/** How long after a review the andee can still take it back (Undo on the review page). */
export const UNDO_WINDOW_SECONDS = 15 * 60;

export function toSignal(row: Selectable<AmpersandDatabase['identity_facts']>): Signal {
  return {
    signalId: row.fact_id,
    value: row.value,
    hdsCode: row.hds_code,
    visibility: row.visibility,
    status: row.status,
    source: row.source,
    clientId: row.client_id,
    turnId: row.turn_id,
    questionId: row.question_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at ?? row.created_at,
    reviewedAt: row.reviewed_at,
  };
}
