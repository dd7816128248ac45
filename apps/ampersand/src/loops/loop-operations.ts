/**
 * The Loop operations as one caller performs them — the API routes and the in-process engine
 * both go through here, so a tool call and an engine step obey the same rules. A call made within
 * a run (its run token verified by the caller of these methods) is held to that run: its Loop
 * only, the artifact kinds its outcome specification allows, and its writes carry the run's
 * provenance and are recorded as the run's effects.
 */
import type { Kysely } from 'kysely';
import type * as z from 'zod';
import { runIdempotent } from '@agent-products/kit/store';
import type { loopCreateInput, loopWriteInput, loopReadInput, runOutcomeInput, LoopReadOutput } from '../contracts/loop-contracts.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { ampersandErrors } from '../errors.ts';
import { setItemVisibility, writeItem, type ItemInput, type ItemView } from './loop-items.ts';
import { requireGrounding } from './loop-grounding.ts';
import { Loops, type LoopSummary } from './loop-records.ts';
import { readLoopView, readLoopViewIf, type LoopView } from './loop-view.ts';
import { endRun, readRun, recordStage, type RunView } from './runs.ts';
import { SURFACE_CONTRACT } from '../contracts/surface-contract.ts';
import { SKILL_DECLINED, type TerminalDetails } from './terminal-messages.ts';
import { screenForCaller } from './third-party-loop-view.ts';

export class LoopOperations {
  readonly loops: Loops;

  constructor(private readonly db: Kysely<AmpersandDatabase>) {
    this.loops = new Loops(db);
  }

  /**
   * One Loop (by id, or by the exact title and skill id of one the caller owns) in one statement,
   * or the shelf. `isFirstParty` says whether the call comes through the andee's own first-party
   * runtime; for any other client the Loop is screened (third-party-loop-view.ts).
   */
  async read(callerId: string, input: z.output<typeof loopReadInput>, run: RunView | undefined, isFirstParty: () => Promise<boolean>): Promise<LoopReadOutput> {
    const loopId = input.loopId ?? run?.loopId ?? undefined;
    if (run && (run.loopId === null || loopId !== run.loopId)) throw outsideRun(run);
    if (!loopId && input.title === undefined)
      return { shelf: await this.loops.shelf(callerId, input.shelfCursor), loop: null, surfaceContract: surfaceContract() };
    const view = await readLoopView(this.db, callerId, loopId ? { loopId } : { title: input.title!, skillId: input.skillId! }, 50);
    return this.loopReadOutput(callerId, view, loopId, input, isFirstParty);
  }

  /**
   * `read` of one Loop outside a run (input with a loopId or a title), its grant check carried by
   * the view's statement (api-token.ts `in-read`): undefined when the grant is not live.
   */
  async readGranted(
    callerId: string,
    input: z.output<typeof loopReadInput>,
    grant: { grantId: string; now: Date },
    isFirstParty: () => Promise<boolean>,
  ): Promise<LoopReadOutput | undefined> {
    const loopId = input.loopId ?? undefined;
    const read = await readLoopViewIf(this.db, callerId, loopId ? { loopId } : { title: input.title!, skillId: input.skillId! }, 50, grant);
    return read && this.loopReadOutput(callerId, read.view, loopId, input, isFirstParty);
  }

  async create(callerId: string, input: z.output<typeof loopCreateInput>, now: Date): Promise<{ loop: LoopSummary; reused: boolean }> {
    const { idempotencyKey: _key, ...rest } = input;
    return this.loops.create(callerId, rest, now);
  }

  async write(
    callerId: string,
    input: z.output<typeof loopWriteInput> | { loopId: string; item: ItemInput; idempotencyKey?: undefined },
    now: Date,
    run?: RunView,
  ): Promise<{ loopId: string; item: ItemView; created: boolean; changed: boolean }> {
    if (run && (run.loopId === null || input.loopId !== run.loopId)) throw outsideRun(run);
    const loop = await this.loops.summary(callerId, input.loopId);
    if (run?.envelope.outcomeSpec && !(run.envelope.outcomeSpec.artifactKinds as readonly string[]).includes(input.item.kind)) {
      throw ampersandErrors.fail(
        'outcome_not_allowed',
        `This run's skill may write ${run.envelope.outcomeSpec.artifactKinds.join(', ')} items, not ${input.item.kind}.`,
        { allowed: run.envelope.outcomeSpec.artifactKinds },
      );
    }
    if (input.item.itemId && loop.role !== 'owner') {
      const owned = await this.db
        .selectFrom('loop_items')
        .select('visibility')
        .where('item_id', '=', input.item.itemId)
        .where('loop_id', '=', loop.loopId)
        .executeTakeFirst();
      if (owned?.visibility === 'owner')
        throw ampersandErrors.fail('item_not_found', `No item ${input.item.itemId} in this Loop.`, { itemId: input.item.itemId });
    }
    const provenance = run?.envelope.skill ? { runId: run.runId, ...run.envelope.skill } : null;
    const work = async (db: Parameters<typeof writeItem>[0]) => {
      await requireGrounding(db, callerId, input.item.grounding);
      const written = await writeItem(db, loop.loopId, 'agent', input.item, provenance, now, loop.role === 'owner');
      if (written.changed) await this.loops.touch(loop.loopId, now, db);
      return { loopId: loop.loopId, item: written.item, created: written.created, changed: written.changed };
    };
    const answer = input.idempotencyKey
      ? (await runIdempotent(this.db, { accountId: callerId, operation: 'loop_write', idempotencyKey: input.idempotencyKey }, input, now, work)).result
      : await work(this.db);
    // Writing what the Loop already held changed nothing, so it is no effect of the run.
    if (run && answer.changed) await recordStage(this.db, run.runId, 'wrote_item', now, { itemId: answer.item.itemId }, answer.item.itemId);
    return answer;
  }

  async setVisibility(
    callerId: string,
    input: { loopId: string; itemId: string; visibility: 'members' | 'owner' },
    now: Date,
  ): Promise<{ loopId: string; item: ItemView }> {
    await this.loops.requireOwner(callerId, input.loopId);
    return { loopId: input.loopId, item: await setItemVisibility(this.db, input.loopId, input.itemId, input.visibility, now) };
  }

  /** The run selects its terminal mode; one its outcome specification does not allow is refused and the run stays open. */
  async outcome(
    run: RunView,
    input: z.output<typeof runOutcomeInput>,
    now: Date,
  ): Promise<{ runId: string; state: string; messageId: string; correlationId: string }> {
    const allowed = run.envelope.outcomeSpec?.terminalModes ?? [];
    if (!allowed.includes(input.mode)) {
      throw ampersandErrors.fail(
        'outcome_not_allowed',
        `This run may end only as ${allowed.join(' or ') || 'nothing it selects'}; it stays open until its deadline.`,
        { allowed, requested: input.mode },
      );
    }
    if (input.mode === 'timed_out' && now.getTime() < new Date(run.deadline).getTime()) throw beforeDeadline(run);
    // The effects recorded up to now (the caller's copy of the run may predate its last write).
    const fresh = await this.db.selectFrom('loop_runs').select('effects').where('run_id', '=', run.runId).executeTakeFirst();
    const itemIds = [...new Set(fresh ? ((typeof fresh.effects === 'string' ? JSON.parse(fresh.effects) : fresh.effects) as string[]) : run.effects)];
    const details: TerminalDetails = (() => {
      switch (input.mode) {
        case 'completed':
          return { state: 'completed', result: input.summary, outcomeEvidence: { itemIds, effects: itemIds.map((id) => `wrote ${id}`) } };
        case 'refused':
          return { state: 'refused', reason: input.summary, unmetContract: SKILL_DECLINED };
        case 'failed':
          return { state: 'failed', errorClass: 'runtime_reported', correlationId: run.correlationId };
        case 'timed_out':
          return { state: 'timed_out', deadline: run.deadline, lastStage: run.stage };
        case 'cancelled':
          return { state: 'cancelled', actor: 'the runtime', at: now.toISOString() };
      }
    })();
    const message = await endRun(this.db, run.runId, details, now);
    if (!message && details.state === 'timed_out' && (await readRun(this.db, run.runId))?.state === 'running') throw beforeDeadline(run);
    if (!message) throw ampersandErrors.fail('run_token_invalid', 'The run has already ended.', { runId: run.runId });
    return { runId: run.runId, state: details.state, messageId: message.messageId, correlationId: run.correlationId };
  }

  private async loopReadOutput(
    callerId: string,
    found: LoopView | undefined,
    loopId: string | undefined,
    input: z.output<typeof loopReadInput>,
    isFirstParty: () => Promise<boolean>,
  ): Promise<LoopReadOutput> {
    if (!found && loopId) throw ampersandErrors.fail('loop_not_found', `No Loop ${loopId} is visible to you.`, { loopId });
    if (!found)
      throw ampersandErrors.fail('loop_not_found', `You have no Loop titled "${input.title}" with skill ${input.skillId}.`, {
        title: input.title,
        skillId: input.skillId,
      });
    const { view, withheld } = await screenForCaller(this.db, callerId, found, isFirstParty);
    return {
      shelf: null,
      loop: { ...view.summary, composition: view.composition, items: view.items, conversation: view.conversation, withheld },
      surfaceContract: surfaceContract(),
    };
  }
}

/** A runtime (its clock ahead, or giving up early) reporting a timeout the deadline has not reached: refused, the run goes on. */
function beforeDeadline(run: RunView) {
  return ampersandErrors.fail(
    'outcome_not_allowed',
    `This run's deadline is ${run.deadline}; it cannot time out before then. End it another way its outcome specification allows, or let the deadline end it.`,
    { requested: 'timed_out', deadline: run.deadline },
  );
}

function outsideRun(run: RunView) {
  if (run.loopId === null)
    return ampersandErrors.fail('run_token_invalid', 'This run token is for an agent-chat turn, which reaches no Loop.', { chatTurnId: run.chatTurnId });
  return ampersandErrors.fail('run_token_invalid', `This run token is for Loop ${run.loopId} only.`, { loopId: run.loopId });
}

function surfaceContract() {
  return {
    ...SURFACE_CONTRACT,
    renderers: [...SURFACE_CONTRACT.renderers],
    itemKinds: [...SURFACE_CONTRACT.itemKinds],
    blocks: SURFACE_CONTRACT.blocks.map((b) => ({ type: b.type, fields: [...b.fields] })),
  };
}
