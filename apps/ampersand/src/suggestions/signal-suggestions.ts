/**
 * Drafting an inferred identity suggestion within a live agent turn: validated (HDS code, flat
 * context), judged (broad topics and noise are not drafted), compared by meaning against the
 * andee's approved and pending identity and every earlier suggestion (a semantic duplicate is not
 * drafted), and only then stored as a pending review item — never as part of the &tag itself.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SuggestionInput, SuggestionOutput } from '../contracts/suggestion-contracts.ts';
import { checkedCode, IdentitySignals } from '../identity/identity-signals.ts';
import type { RunView } from '../loops/runs.ts';
import { recordStage } from '../loops/runs.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { canonicalClaim, claimVerdict } from './canonical-claim.ts';
import { checkedContext } from './flat-context.ts';
import type { MeaningComparer, Prior } from './meaning-comparer.ts';

const MAX_PRIORS = 2000;

export async function draftSuggestion(
  db: Kysely<AmpersandDatabase>,
  comparer: MeaningComparer,
  run: RunView,
  input: SuggestionInput,
  now: Date,
): Promise<SuggestionOutput> {
  const andeeId = run.envelope.andeeId;
  const hdsCode = checkedCode(input.hdsCodeHint);
  const context = checkedContext(input.context);
  const verdict = claimVerdict(input.draftedText);
  if (!verdict.ok) {
    return {
      drafted: false,
      reason: verdict.reason,
      signalId: null,
      duplicateOf: null,
      message:
        verdict.reason === 'broad_topic'
          ? 'A broad topic is not an identity claim; add the distinguishing detail.'
          : 'This reads as noise, not a claim; nothing was drafted.',
    };
  }
  const priors = await priorClaims(db, andeeId);
  const duplicate = await comparer.duplicateOf(input.draftedText, priors);
  if (duplicate) {
    return {
      drafted: false,
      reason: 'duplicate',
      signalId: null,
      duplicateOf: { signalId: duplicate.prior.id, status: duplicate.prior.status },
      message: `This says what an existing ${duplicate.prior.status} signal already says; nothing was drafted.`,
    };
  }
  const outcome = await db.transaction().execute(async (trx) => {
    const written = await new IdentitySignals(db).write(
      andeeId,
      { value: input.draftedText, hdsCode, visibility: input.visibility, status: 'pending', provenance: { source: 'suggestion', turnId: run.runId } },
      now,
      trx,
    );
    if (!written.written) return written;
    await trx
      .insertInto('signal_suggestions')
      .values({
        suggestion_id: `sug_${randomUUID()}`,
        andee_id: andeeId,
        signal_id: written.signal.signalId,
        run_id: run.runId,
        loop_id: run.loopId,
        drafted_text: input.draftedText,
        canonical_text: canonicalClaim(input.draftedText),
        hds_code: hdsCode,
        context: JSON.stringify(context),
        created_at: now,
      })
      .execute();
    return written;
  });
  if (!outcome.written)
    return {
      drafted: false,
      reason: 'duplicate',
      signalId: null,
      duplicateOf: { signalId: outcome.duplicateOf.signalId, status: outcome.duplicateOf.status },
      message: 'An identical signal already exists; nothing was drafted.',
    };
  await recordStage(db, run.runId, 'suggested_signal', now, { signalId: outcome.signal.signalId });
  return {
    drafted: true,
    reason: 'created',
    signalId: outcome.signal.signalId,
    duplicateOf: null,
    message: 'Drafted for review: it waits in the andee’s review queue and is not part of their &tag until approved.',
  };
}

async function priorClaims(db: Kysely<AmpersandDatabase>, andeeId: string): Promise<Prior[]> {
  const signals = await db
    .selectFrom('identity_facts')
    .select(['fact_id', 'value', 'status'])
    .where('andee_id', '=', andeeId)
    .where('status', 'in', ['approved', 'pending'])
    .orderBy('created_at', 'desc')
    .limit(MAX_PRIORS)
    .execute();
  const suggested = await db
    .selectFrom('signal_suggestions as s')
    .innerJoin('identity_facts as f', 'f.fact_id', 's.signal_id')
    .select(['s.signal_id', 's.drafted_text', 'f.status'])
    .where('s.andee_id', '=', andeeId)
    .where('f.status', '=', 'rejected')
    .limit(MAX_PRIORS)
    .execute();
  return [
    ...signals.map((r) => ({ id: r.fact_id, text: r.value, status: r.status })),
    ...suggested.map((r) => ({ id: r.signal_id, text: r.drafted_text, status: 'rejected suggestion' })),
  ];
}
