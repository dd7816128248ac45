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
import type {
  loopComposeInput,
  loopCreateInput,
  loopPinSkillInput,
  loopWriteInput,
  loopReadInput,
  runOutcomeInput,
  LoopReadOutput,
} from '../contracts/loop-contracts.ts';
import { grantRevoked, type GrantCheck } from '../auth/grant-check.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { ampersandErrors } from '../errors.ts';
import { setItemVisibility, writeItem, type ItemInput, type ItemView } from './loop-items.ts';
import { requireGrounding } from './loop-grounding.ts';
import { Loops, type LoopSummary } from './loop-records.ts';
import { readLoopView, readLoopViewIf, type LoopView } from './loop-view.ts';
import { composeLoop } from './loop-composition.ts';
import { endRun, listRuns, readRun, recordStage, type RunView } from './runs.ts';
import { pinSkill } from './skill-pins.ts';
import { pinStarter, type StarterSkill } from './starter-skills.ts';
import { SURFACE_CONTRACT } from '../contracts/surface-contract.ts';
import { SKILL_DECLINED, type TerminalDetails } from './terminal-messages.ts';
import { screenForCaller, screenRunsForCaller } from './third-party-loop-view.ts';

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
   * the view's statement (api-token.ts `in-read`): `grantRevoked` is thrown when the grant is not live.
   */
  async readGranted(callerId: string, input: z.output<typeof loopReadInput>, grant: GrantCheck, isFirstParty: () => Promise<boolean>): Promise<LoopReadOutput> {
    const loopId = input.loopId ?? undefined;
    const read = await readLoopViewIf(this.db, callerId, loopId ? { loopId } : { title: input.title!, skillId: input.skillId! }, 50, grant);
    if (!read) throw grantRevoked();
    return this.loopReadOutput(callerId, read.view, loopId, input, isFirstParty);
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

  /** loop_members: who is in the Loop, for anyone who can see it. */
  async members(callerId: string, input: { loopId: string }) {
    return { loopId: input.loopId, members: await this.loops.members(callerId, input.loopId) };
  }

  /** loop_share (the owner's): the andee joins or is invited; the answer names them as &tag and lists the members. */
  async share(callerId: string, input: { loopId: string; tag: string }, now: Date) {
    const { status, changed } = await this.loops.share(callerId, input.loopId, input.tag, now);
    return { loopId: input.loopId, tag: normalTag(input.tag), status, changed, members: await this.loops.members(callerId, input.loopId) };
  }

  /** loop_unshare (the owner's): the andee leaves, or their invitation is withdrawn. */
  async unshare(callerId: string, input: { loopId: string; tag: string }, now: Date) {
    const { removed } = await this.loops.unshare(callerId, input.loopId, input.tag, now);
    return { loopId: input.loopId, tag: normalTag(input.tag), changed: removed, members: await this.loops.members(callerId, input.loopId) };
  }

  /** loop_archive (the owner's): archived unless `archived` is false. */
  async archive(callerId: string, input: { loopId: string; archived?: boolean | undefined }, now: Date): Promise<{ loop: LoopSummary }> {
    return { loop: await this.loops.archive(callerId, input.loopId, input.archived ?? true, now) };
  }

  /** loop_pin_skill (the hosted runtime's, for the Loop's owner): the skill is pinned write-once. */
  async pinSkill(callerId: string, input: z.output<typeof loopPinSkillInput>, now: Date) {
    await this.loops.requireOwner(callerId, input.loopId);
    return pinSkill(this.db, input.loopId, input.content, input.outcomeSpec, now);
  }

  /**
   * A Loop started from a built-in starter (the web app): reuse before create (the same title and
   * skill id return the andee's existing one), then pin the starter's release — & authors it, so
   * the pin is first-party although the andee pressed the button.
   */
  async startFromStarter(callerId: string, starter: StarterSkill, now: Date): Promise<LoopSummary> {
    const { loop } = await this.loops.create(callerId, { title: starter.title, renderer: starter.renderer, skillId: starter.starterId }, now);
    await pinStarter(this.db, loop.loopId, starter, now);
    return loop;
  }

  /** A starter skill the owner picked for a Loop born without one (the web app's Loop page). */
  async pinStarter(callerId: string, loopId: string, starter: StarterSkill, now: Date) {
    const loop = await this.loops.requireOwner(callerId, loopId);
    if (loop.skill)
      throw ampersandErrors.fail('skill_already_pinned', 'This Loop already has its skill; a pin is write-once.', {
        version: loop.skill.version,
        digest: loop.skill.digest,
      });
    return pinStarter(this.db, loop.loopId, starter, now);
  }

  /** loop_compose (the hosted runtime's, for the Loop's owner). */
  async compose(callerId: string, input: z.output<typeof loopComposeInput>, now: Date) {
    await this.loops.requireOwner(callerId, input.loopId);
    return composeLoop(this.db, input.loopId, input, now);
  }

  /** A Loop's runs, or one of them, for someone who can see the Loop; screened for a third-party client (third-party-loop-view.ts). */
  async runs(callerId: string, input: { loopId: string; runId?: string | undefined }, isFirstParty: () => Promise<boolean>): Promise<{ runs: RunView[] }> {
    await this.loops.summary(callerId, input.loopId);
    const screened = (runs: RunView[]) => screenRunsForCaller(this.db, callerId, input.loopId, runs, isFirstParty);
    if (!input.runId) return { runs: await screened(await listRuns(this.db, input.loopId)) };
    const run = await readRun(this.db, input.runId);
    if (!run || run.loopId !== input.loopId) throw ampersandErrors.fail('loop_not_found', `No run ${input.runId} in this Loop.`, { runId: input.runId });
    return { runs: await screened([run]) };
  }

  /**
   * The run selects its terminal mode; one its outcome specification does not allow is refused and
   * the run stays open. `clientId` is the client calling (the runtime), named as the ending's author.
   */
  async outcome(
    run: RunView,
    input: z.output<typeof runOutcomeInput>,
    now: Date,
    clientId?: string,
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
    const message = await endRun(this.db, run.runId, details, now, clientId);
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

/** A member's &tag as loop_share and loop_unshare answer it: with the &, lower case. */
function normalTag(tag: string): string {
  return `&${tag.replace(/^&/, '').toLowerCase()}`;
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
