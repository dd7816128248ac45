/**
 * A turn, from the andee's explicit action to its one terminal state (spec "Current Loop path"):
 * the API loads the Loop's exact pinned skill release, seals the envelope (skill id, version,
 * digest, outcome spec, grants, deadline, trigger, correlation id, build), mints the run token,
 * and hands the turn to the in-process engine (a model provider) or to the external hosted
 * runtime, which acts through MCP with the run token. Without either, or without a pinned skill,
 * the turn ends refused with the reason in the chat. There is no schedule: nothing here runs
 * unless an andee asked.
 *
 * A plain agent-chat turn (the andee sends a message to & outside any Loop) runs the same way
 * with no Loop and no skill: its envelope names an agent-chat turn id, its outcome specification
 * is the agent chat's own, its messages and its ending go to the andee's agent-chat conversation.
 *
 * The engine keeps no durable state of its own: a process that dies mid-turn leaves the run
 * running, and the sweeper ends it as timed out at its deadline with the last stage it reached.
 */
import type { Kysely } from 'kysely';
import type { Logger } from '@agent-products/kit/log';
import type { AmpersandDatabase } from '../store/schema.ts';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { appendMessage, listMessages, type ConversationRef } from './conversation.ts';
import type { ExternalRuntime } from './external-runtime.ts';
import type { LoopOperations } from './loop-operations.ts';
import { ProviderError, type ChatMessage, type ModelProvider } from './model-provider.ts';
import type { RunTokens } from './run-token.ts';
import { endRun, openRun, readRun, recordStage, type TurnEnvelope } from './runs.ts';
import { pinnedSkill, type OutcomeSpec, type PinnedSkill } from './skill-pins.ts';
import { SURFACE_CONTRACT } from '../contracts/surface-contract.ts';
import type { ChatAnswer } from '../identity/chat-answers.ts';
import { runStarter } from './starter-run.ts';
import { NOT_VISIBLE_BY_NAME } from './terminal-messages.ts';
import { starterByDigest, type StarterSkill } from './starter-skills.ts';
import { CHAT_TOOL_NAMES, TURN_TOOLS, TURN_TOOL_NAMES, executeTurnTool } from './turn-tools.ts';

export interface TurnEngineOptions {
  db: Kysely<AmpersandDatabase>;
  operations: LoopOperations;
  runTokens: RunTokens;
  provider?: ModelProvider | undefined;
  runtime?: ExternalRuntime | undefined;
  /**
   * Without a provider or runtime, what an agent-chat turn can still answer honestly: a question
   * about the andee and the people they can see by name, answered from what they may see
   * (ask_question's retrieval) or declined naming who they cannot see; undefined when the message
   * is not such a question.
   */
  chatAnswers?: ((andeeId: string, message: string, turnId?: string) => Promise<ChatAnswer | undefined>) | undefined;
  turnSeconds: number;
  build: TurnEnvelope['build'];
  log: Logger;
  now: () => Date;
}

export interface StartTurn {
  loopId: string;
  andeeId: string;
  trigger: 'run_now' | 'send';
  message?: string | undefined;
  correlationId: string;
}

export interface StartChatTurn {
  andeeId: string;
  message: string;
  correlationId: string;
}

/** What an agent-chat turn may end as: it writes no Loop artifact, so it answers or says why not. */
export const AGENT_CHAT_OUTCOME: OutcomeSpec = { artifactKinds: [], terminalModes: ['completed', 'refused'] };

/** What the engine needs to drive a turn through a model: its prompt, its conversation, its tools and outcome. */
interface TurnPlan {
  instructions: string;
  conversation: ConversationRef;
  toolNames: readonly string[];
  outcomeSpec: OutcomeSpec;
  /** A built-in starter's release: run in process, without a model, when there is no provider or runtime. */
  starter?: StarterSkill | undefined;
  /** The andee's message an agent-chat turn answers (answered from their identity when there is no model). */
  chatMessage?: string | undefined;
}

/** What a person reads when a skill needs a model and there is none (the operator's words, with the settings, go to the log and /health). */
export const NO_MODEL_FOR_SKILL = "this Loop's skill needs a language model, and none is set up on this server, so it did not run.";
export const NO_MODEL_FOR_CHAT =
  '& can’t do that without a language model on this server. Without one, & does nothing else but answer questions about you and the people you are connected with, by name, from what they shared, such as “What do I like?” or “Tell me about Sam” when Sam is one of your connections.';

/** The most model round trips one turn may take before it ends failed. */
const MAX_STEPS = 8;
const SHUTDOWN = 'shutdown';

export class TurnEngine {
  private readonly inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>();

  constructor(private readonly options: TurnEngineOptions) {}

  async start(turn: StartTurn): Promise<{ runId: string; correlationId: string }> {
    const { db, now } = this.options;
    const loop = await this.options.operations.loops.summary(turn.andeeId, turn.loopId);
    const skill = await pinnedSkill(db, loop.loopId);
    const started = now();
    const envelope = await db.transaction().execute(async (trx) => {
      const sent = turn.message
        ? await appendMessage(
            trx,
            { loopId: loop.loopId },
            { role: 'andee', body: turn.message, authorId: turn.andeeId, correlationId: turn.correlationId },
            started,
          )
        : undefined;
      return openRun(
        trx,
        {
          loopId: loop.loopId,
          chatTurnId: null,
          andeeId: turn.andeeId,
          skill: skill ? { skillId: skill.skillId, version: skill.version, digest: skill.digest } : null,
          outcomeSpec: skill?.outcomeSpec ?? null,
          grants: [...TURN_TOOL_NAMES],
          deadline: new Date(started.getTime() + this.options.turnSeconds * 1000).toISOString(),
          trigger: { kind: turn.trigger, messageId: sent?.messageId ?? null, ...(turn.message ? { text: turn.message } : {}) },
          correlationId: turn.correlationId,
          build: this.options.build,
        },
        started,
      );
    });
    const answer = { runId: envelope.runId, correlationId: envelope.correlationId };
    if (loop.archived) await this.refuse(envelope, 'this Loop is archived; bring it back to the active shelf first.', 'loop_active');
    else if (!skill)
      await this.refuse(
        envelope,
        loop.role === 'owner'
          ? 'this Loop has no skill yet, so there is nothing to run. Pick a starter skill for it on this page, or it waits for & to add one.'
          : 'this Loop has no skill yet, so there is nothing to run. It waits for its owner to pick one, or for & to add one.',
        'pinned_skill',
      );
    else
      await this.hand(envelope, {
        instructions: loopInstructions(skill),
        conversation: { loopId: loop.loopId },
        toolNames: TURN_TOOL_NAMES,
        outcomeSpec: skill.outcomeSpec,
        starter: starterByDigest(skill.digest),
      });
    return answer;
  }

  /** Starts a plain agent-chat turn from the andee's message: no Loop, no skill, the andee's own conversation. */
  async startChat(turn: StartChatTurn): Promise<{ runId: string; chatTurnId: string; correlationId: string }> {
    const { db, now } = this.options;
    const started = now();
    const chatTurnId = `turn_${randomUUID()}`;
    const envelope = await db.transaction().execute(async (trx) => {
      const sent = await appendMessage(
        trx,
        { chatOf: turn.andeeId },
        { role: 'andee', body: turn.message, authorId: turn.andeeId, correlationId: turn.correlationId },
        started,
      );
      return openRun(
        trx,
        {
          loopId: null,
          chatTurnId,
          taskId: chatTurnId,
          andeeId: turn.andeeId,
          skill: null,
          outcomeSpec: AGENT_CHAT_OUTCOME,
          grants: [...CHAT_TOOL_NAMES, 'signal_suggestion_write', 'identity_write'],
          deadline: new Date(started.getTime() + this.options.turnSeconds * 1000).toISOString(),
          trigger: { kind: 'send', messageId: sent.messageId, text: turn.message },
          correlationId: turn.correlationId,
          build: this.options.build,
        },
        started,
      );
    });
    await this.hand(envelope, {
      instructions: CHAT_INSTRUCTIONS,
      conversation: { chatOf: turn.andeeId },
      toolNames: CHAT_TOOL_NAMES,
      outcomeSpec: AGENT_CHAT_OUTCOME,
      chatMessage: turn.message,
    });
    return { runId: envelope.runId, chatTurnId, correlationId: envelope.correlationId };
  }

  private async refuse(envelope: TurnEnvelope, reason: string, unmetContract: string): Promise<void> {
    await endRun(this.options.db, envelope.runId, { state: 'refused', reason, unmetContract }, this.options.now());
  }

  /** Hands a sealed turn to the provider or the external runtime; refused when there is neither. */
  private async hand(envelope: TurnEnvelope, plan: TurnPlan): Promise<void> {
    const { db, now } = this.options;
    const token = await this.options.runTokens.mint(envelope);
    if (this.options.provider) return this.launch(envelope, plan, this.options.provider);
    if (this.options.runtime) {
      await recordStage(db, envelope.runId, 'dispatching', now());
      try {
        await this.options.runtime.dispatch(envelope, token);
        await recordStage(db, envelope.runId, 'dispatched', now());
      } catch (error) {
        this.options.log.warn({ err: error, runId: envelope.runId }, 'external runtime refused the turn');
        await endRun(db, envelope.runId, { state: 'failed', errorClass: 'runtime_unreachable', correlationId: envelope.correlationId }, now());
      }
      return;
    }
    if (plan.starter) return this.launchStarter(envelope, plan.starter);
    if (plan.chatMessage !== undefined) return this.answerWithoutModel(envelope, plan.chatMessage);
    this.options.log.info(
      { runId: envelope.runId, skill: envelope.skill },
      'a Loop turn was refused: its skill needs a model; set AMPERSAND_MODEL_URL (in-process engine) or AMPERSAND_RUNTIME_URL (hosted runtime)',
    );
    await this.refuse(envelope, NO_MODEL_FOR_SKILL, 'model_provider');
  }

  /**
   * An agent-chat turn with no model: answered from the andee's identity when it asks about them
   * or the people they can see by name; refused, never "Done", when it names someone they cannot
   * see or asks for anything else.
   */
  private async answerWithoutModel(envelope: TurnEnvelope, message: string): Promise<void> {
    const { db, now } = this.options;
    await recordStage(db, envelope.runId, 'answering_from_identity', now());
    const answer = await this.options.chatAnswers?.(envelope.andeeId, message, envelope.chatTurnId ?? undefined);
    if (answer && 'answer' in answer) {
      await endRun(db, envelope.runId, { state: 'completed', result: answer.answer, outcomeEvidence: { itemIds: [], effects: [] } }, now());
      return;
    }
    if (answer) {
      await this.refuse(envelope, answer.declined, NOT_VISIBLE_BY_NAME);
      return;
    }
    this.options.log.info(
      { runId: envelope.runId },
      'an agent-chat message needed a model; set AMPERSAND_MODEL_URL (in-process engine) or AMPERSAND_RUNTIME_URL (hosted runtime)',
    );
    await this.refuse(envelope, NO_MODEL_FOR_CHAT, 'model_provider');
  }

  /** A built-in starter's turn, in process and without a model, under the same deadline, cancel and shutdown as a model's. */
  private launchStarter(envelope: TurnEnvelope, starter: StarterSkill): void {
    const { db, now, operations } = this.options;
    const controller = new AbortController();
    const done = runStarter({ db, operations, now }, envelope, starter, controller.signal)
      .catch(async (error) => {
        if (controller.signal.aborted) return;
        this.options.log.warn({ err: error, runId: envelope.runId }, 'starter skill failed');
        await endRun(db, envelope.runId, { state: 'failed', errorClass: 'starter_error', correlationId: envelope.correlationId }, now());
      })
      .catch((error) => this.options.log.error({ err: error, runId: envelope.runId }, 'turn engine failed'))
      .finally(() => this.inFlight.delete(envelope.runId));
    this.inFlight.set(envelope.runId, { controller, done });
  }

  /** Cancels a running turn: its record and chat message say who stopped it and when. */
  async cancel(runId: string, actor: string): Promise<boolean> {
    const at = this.options.now();
    const ended = await endRun(this.options.db, runId, { state: 'cancelled', actor, at: at.toISOString() }, at);
    this.inFlight.get(runId)?.controller.abort('cancelled');
    return ended !== undefined;
  }

  /** Stops in-flight turns as a dying process would: nothing more is written; the sweeper ends them. */
  async close(): Promise<void> {
    for (const { controller } of this.inFlight.values()) controller.abort(SHUTDOWN);
    await Promise.allSettled([...this.inFlight.values()].map((t) => t.done));
  }

  /**
   * Ends the turn timed out at its deadline as the deadline's own clock keeps it. The deadline
   * timer counts real time, which that clock need not follow (stepped back mid-turn, a timer
   * rounding down): when it fires early the turn waits for the deadline itself. endRun checks the
   * database's clock too; if that lags, the sweeper ends the run a little later, never earlier.
   */
  private async timeOutAtDeadline(envelope: TurnEnvelope, signal: AbortSignal): Promise<void> {
    const { db, now } = this.options;
    const deadline = new Date(envelope.deadline).getTime();
    for (let left = deadline - now().getTime(); left > 0; left = deadline - now().getTime()) if (!(await pause(left, signal))) return;
    const run = await readRun(db, envelope.runId);
    if (run?.state !== 'running') return;
    await endRun(db, envelope.runId, { state: 'timed_out', deadline: envelope.deadline, lastStage: run.stage }, now());
  }

  private launch(envelope: TurnEnvelope, plan: TurnPlan, provider: ModelProvider): void {
    const controller = new AbortController();
    const done = this.drive(envelope, plan, provider, controller)
      .catch((error) => this.options.log.error({ err: error, runId: envelope.runId }, 'turn engine failed'))
      .finally(() => this.inFlight.delete(envelope.runId));
    this.inFlight.set(envelope.runId, { controller, done });
  }

  private async drive(envelope: TurnEnvelope, plan: TurnPlan, provider: ModelProvider, controller: AbortController): Promise<void> {
    const { db, now, operations } = this.options;
    const deadline = new Date(envelope.deadline).getTime();
    const tools = TURN_TOOLS.filter((t) => plan.toolNames.includes(t.function.name));
    const messages: ChatMessage[] = [{ role: 'system', content: plan.instructions }, ...(await history(db, plan.conversation))];
    let deadlineTimer: AbortSignal | undefined;
    try {
      for (let step = 1; step <= MAX_STEPS; step++) {
        if (!(await recordStage(db, envelope.runId, 'model_call', now(), { step }))) return;
        const remaining = deadline - now().getTime();
        if (remaining <= 0) throw new DeadlineReached();
        deadlineTimer = AbortSignal.timeout(remaining);
        const answer = await provider.complete({ messages, tools }, AbortSignal.any([controller.signal, deadlineTimer]));
        if (!(await recordStage(db, envelope.runId, 'model_answered', now(), { step, toolCalls: answer.toolCalls.map((c) => c.function.name) }))) return;
        if (answer.toolCalls.length === 0) {
          const run = await readRun(db, envelope.runId);
          if (run?.state !== 'running') return;
          const text = answer.content?.trim();
          if (text && plan.outcomeSpec.terminalModes.includes('completed')) await operations.outcome(run, { mode: 'completed', summary: text }, now());
          else
            await endRun(
              db,
              envelope.runId,
              { state: 'refused', reason: 'the skill finished without an outcome its contract allows.', unmetContract: 'outcome_spec' },
              now(),
            );
          return;
        }
        messages.push({ role: 'assistant', content: answer.content, tool_calls: answer.toolCalls });
        for (const call of answer.toolCalls) {
          const result = await executeTurnTool(db, operations, envelope.runId, plan.toolNames, call.function.name, call.function.arguments, now());
          messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result.ok ? result.result : { error: result.error }) });
          if (result.ok && result.ended) return;
        }
      }
      await endRun(db, envelope.runId, { state: 'failed', errorClass: 'step_limit', correlationId: envelope.correlationId }, now());
    } catch (error) {
      if (controller.signal.aborted) return; // cancelled (already ended) or the process is going away (the sweeper will end it)
      const run = await readRun(db, envelope.runId);
      if (run?.state !== 'running') return;
      if (error instanceof DeadlineReached || deadlineTimer?.aborted) return this.timeOutAtDeadline(envelope, controller.signal);
      this.options.log.warn({ err: error, runId: envelope.runId }, 'turn failed');
      // A provider's own timeout, well inside the deadline, is its failure: the run did not run out of time.
      const errorClass = error instanceof ProviderError ? error.errorClass : (error as Error)?.name === 'TimeoutError' ? 'provider_timeout' : 'engine_error';
      await endRun(db, envelope.runId, { state: 'failed', errorClass, correlationId: envelope.correlationId }, now());
    }
  }
}

class DeadlineReached extends Error {}

/** Waits `ms`; false when the signal ended the wait first. */
async function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  try {
    await sleep(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

const CHAT_INSTRUCTIONS = [
  "You are &'s agent, in a plain chat with the andee (no Loop). Answer their message helpfully and briefly.",
  `Tools: ${CHAT_TOOL_NAMES.join(', ')}. Your answer ends the turn; if you cannot help, end it with run_outcome mode refused and say why.`,
].join('\n\n');

function loopInstructions(skill: PinnedSkill): string {
  return [
    skill.content.instructions,
    `You run one turn of a Loop. Tools: ${TURN_TOOL_NAMES.join(', ')}. Write only durable artifacts of the kinds ${skill.outcomeSpec.artifactKinds.join(', ')}, built from the surface contract v${SURFACE_CONTRACT.version} blocks, each with fallbackText.`,
    `End the turn with run_outcome using one of: ${skill.outcomeSpec.terminalModes.join(', ')}. Sparse evidence means no write; say so honestly.`,
  ].join('\n\n');
}

/** The conversation as the model sees it, rebuilt from the canonical record each turn. */
async function history(db: Kysely<AmpersandDatabase>, conversation: ConversationRef): Promise<ChatMessage[]> {
  const messages = await listMessages(db, conversation, 40);
  return messages.flatMap((m): ChatMessage[] =>
    m.role === 'andee' ? [{ role: 'user', content: m.body }] : m.role === 'agent' ? [{ role: 'assistant', content: m.body }] : [],
  );
}
