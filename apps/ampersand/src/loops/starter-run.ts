/**
 * One turn of a starter skill, run deterministically in process (no model): the run's own Loop
 * and andee, the same Loop operations a model's tool calls go through — so the write carries
 * the run's provenance (skill id, version, digest), counts as its effect and must be a kind its
 * outcome spec allows — and one terminal state chosen the same way, through `run_outcome`.
 * A starter reads its owner's own identity and connections, so only the Loop's owner runs it, and
 * it reads no message: a run started by one says so.
 */
import type { Kysely } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import { connectEvidence, connectPass } from './connect-skill.ts';
import { approvedIdentity, getToKnowMePass, pendingSuggestions, type StarterPass } from './get-to-know-me.ts';
import { listItems } from './loop-items.ts';
import type { LoopOperations } from './loop-operations.ts';
import { endRun, readRun, recordStage, type TurnEnvelope } from './runs.ts';
import type { StarterSkill } from './starter-skills.ts';

/** The most of the person's message an unread-message note quotes back. */
const QUOTED_MESSAGE = 120;

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
  // Run now pressed twice: the earlier run does the pass, so two passes never write the same artifact twice.
  if (await earlierRunWorking(db, loopId, envelope.runId)) {
    await endRun(
      db,
      envelope.runId,
      { state: 'refused', reason: 'another run of this Loop is still working; its result shows here when it ends.', unmetContract: 'one_run_at_a_time' },
      now(),
    );
    return;
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
  return end(`${unreadMessageNote(envelope, skill)}${pass.summary}`, 'completed');

  async function end(summary: string, mode: 'completed' | 'refused'): Promise<void> {
    const run = await readRun(db, envelope.runId);
    if (run?.state !== 'running' || signal.aborted) return;
    await operations.outcome(run, { mode, summary }, now());
  }
}

/**
 * A starter is code, not a model: it cannot read what the person wrote, so a run started by a
 * message says so before its usual result rather than answering as if it had read it.
 */
function unreadMessageNote(envelope: TurnEnvelope, skill: StarterSkill): string {
  const text = envelope.trigger.kind === 'send' ? envelope.trigger.text?.trim() : undefined;
  if (!text) return '';
  const quoted = text.length > QUOTED_MESSAGE ? `${text.slice(0, QUOTED_MESSAGE - 1)}…` : text;
  return `“${skill.title}” runs without a language model on this server and cannot read messages, so it did not read your message (“${quoted}”); it did its usual pass instead. `;
}

/** Whether a run of this Loop that started before this one (by start time, then id) is still running. */
async function earlierRunWorking(db: Kysely<AmpersandDatabase>, loopId: string, runId: string): Promise<boolean> {
  const mine = await db.selectFrom('loop_runs').select('started_at').where('run_id', '=', runId).executeTakeFirstOrThrow();
  const earlier = await db
    .selectFrom('loop_runs')
    .select('run_id')
    .where('loop_id', '=', loopId)
    .where('state', '=', 'running')
    .where('run_id', '<>', runId)
    .where((eb) => eb.or([eb('started_at', '<', mine.started_at), eb.and([eb('started_at', '=', mine.started_at), eb('run_id', '<', runId)])]))
    .executeTakeFirst();
  return earlier !== undefined;
}
