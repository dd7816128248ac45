/**
 * One turn of a starter skill, run deterministically in process (no model): the run's own Loop
 * and andee, the same Loop operations a model's tool calls go through — so the write carries
 * the run's provenance (skill id, version, digest), counts as its effect and must be a kind its
 * outcome spec allows — and one terminal state chosen the same way, through `run_outcome`.
 * A starter reads its owner's own identity and connections, so only the Loop's owner runs it.
 */
import type { Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import { connectEvidence, connectPass } from './connect-skill.ts';
import { approvedIdentity, getToKnowMePass, pendingSuggestions, type StarterPass } from './get-to-know-me.ts';
import { listItems } from './loop-items.ts';
import type { LoopOperations } from './loop-operations.ts';
import { readRun, recordStage, type TurnEnvelope } from './runs.ts';
import type { StarterSkill } from './starter-skills.ts';

export async function runStarter(
  deps: { db: Kysely<AmpersandDatabase>; operations: LoopOperations; now: () => Date },
  envelope: TurnEnvelope,
  skill: StarterSkill,
  signal: AbortSignal,
): Promise<void> {
  const { db, operations, now } = deps;
  const loopId = envelope.loopId!;
  const andeeId = envelope.andeeId;
  if (!(await recordStage(db, envelope.runId, 'starter_reading', now(), { starter: skill.starterId }))) return;
  const loop = await operations.loops.summary(andeeId, loopId);
  let pass: StarterPass;
  if (loop.role !== 'owner') {
    return end(`only the Loop's owner can run “${skill.title}”: it reads their own identity and connections, not yours.`, 'refused');
  }
  const items = await listItems(db, loopId, true);
  if (skill.starterId === 'get_to_know_me') {
    const at = now();
    pass = getToKnowMePass(await approvedIdentity(db, andeeId, at), await pendingSuggestions(db, andeeId), items);
  } else {
    pass = connectPass(await connectEvidence(db, andeeId), items);
  }
  if (signal.aborted) return;
  if (pass.write) {
    const run = await readRun(db, envelope.runId);
    if (run?.state !== 'running') return;
    await operations.write(andeeId, { loopId, item: pass.write }, now(), run);
  }
  return end(pass.summary, 'completed');

  async function end(summary: string, mode: 'completed' | 'refused'): Promise<void> {
    const run = await readRun(db, envelope.runId);
    if (run?.state !== 'running' || signal.aborted) return;
    await operations.outcome(run, { mode, summary }, now());
  }
}
