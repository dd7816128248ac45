/**
 * Runs (`loop_runs`) and their turn log: one row per attempt — of a Loop turn, or of a plain
 * agent-chat turn (no Loop; its agent-chat turn id instead) — with the sealed turn envelope, the
 * stage reached and the effects made, ending in exactly one terminal state. Ending a run writes
 * its terminal record and the visible chat message in one transaction, and only while the run is
 * still running — whoever ends it first (engine, external runtime, cancel, sweeper) is the only one.
 * A run times out only once its deadline has passed by the clock of whoever ends it and by the
 * database's, the one clock every process shares: a process whose clock runs ahead, a timer that
 * fires early or a runtime that gives up early cannot record a timeout before the deadline.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AmpersandDatabase } from '../store/schema.ts';
import { appendMessage, type MessageView } from './conversation.ts';
import type { LoopTables, RunState, TerminalState } from '../store/loop-tables.ts';
import type { OutcomeSpec } from './skill-pins.ts';
import { SKILL_DECLINED, terminalMessage, type TerminalDetails } from './terminal-messages.ts';

export interface TurnEnvelope {
  runId: string;
  /** The Loop of a Loop turn; null in an agent-chat turn, which has `chatTurnId` instead. */
  loopId: string | null;
  chatTurnId: string | null;
  taskId: string;
  attempt: number;
  andeeId: string;
  skill: { skillId: string; version: number; digest: string } | null;
  outcomeSpec: OutcomeSpec | null;
  grants: string[];
  deadline: string;
  /** The andee's action; `text` is the message an agent-chat turn answers (envelopes sealed before it have none). */
  trigger: { kind: 'send' | 'run_now'; messageId: string | null; text?: string | undefined };
  correlationId: string;
  build: { version: string; configDigest: string };
}

export interface RunView {
  runId: string;
  loopId: string | null;
  chatTurnId: string | null;
  taskId: string;
  attempt: number;
  state: RunState;
  stage: string;
  effects: string[];
  envelope: TurnEnvelope;
  terminal: TerminalDetails | null;
  correlationId: string;
  deadline: string;
  startedAt: string;
  endedAt: string | null;
}

type Db = Kysely<AmpersandDatabase> | Transaction<AmpersandDatabase>;

export async function openRun(
  trx: Transaction<AmpersandDatabase>,
  envelope: Omit<TurnEnvelope, 'runId' | 'attempt' | 'taskId'> & { taskId?: string },
  now: Date,
): Promise<TurnEnvelope> {
  const runId = `run_${randomUUID()}`;
  const taskId = envelope.taskId ?? `task_${randomUUID()}`;
  const last = await trx
    .selectFrom('loop_runs')
    .select((eb) => eb.fn.max('attempt').as('a'))
    .where('task_id', '=', taskId)
    .executeTakeFirst();
  const sealed: TurnEnvelope = { ...envelope, runId, taskId, attempt: Number(last?.a ?? 0) + 1 };
  await trx
    .insertInto('loop_runs')
    .values({
      run_id: runId,
      loop_id: sealed.loopId,
      chat_turn_id: sealed.chatTurnId,
      andee_id: sealed.andeeId,
      task_id: taskId,
      attempt: sealed.attempt,
      envelope: JSON.stringify(sealed),
      correlation_id: sealed.correlationId,
      stage: 'sealed',
      effects: '[]',
      state: 'running',
      terminal: null,
      deadline: new Date(sealed.deadline),
      started_at: now,
      ended_at: null,
    })
    .execute();
  await trx
    .insertInto('turn_log')
    .values({ run_id: runId, seq: 1, stage: 'sealed', detail: JSON.stringify({ trigger: sealed.trigger }), at: now })
    .execute();
  return sealed;
}

/** Records the stage reached (and an effect made); false when the run has already ended. */
export async function recordStage(
  db: Kysely<AmpersandDatabase>,
  runId: string,
  stage: string,
  now: Date,
  detail: Record<string, unknown> = {},
  effect?: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('loop_runs')
      .set({ stage, ...(effect ? { effects: sql`effects || ${JSON.stringify([effect])}::jsonb` } : {}) })
      .where('run_id', '=', runId)
      .where('state', '=', 'running')
      .returning('run_id')
      .executeTakeFirst();
    if (!updated) return false;
    await appendLog(trx, runId, stage, detail, now);
    return true;
  });
}

/**
 * Ends a running run: its terminal record and its chat message together. Undefined when it had
 * already ended — or, for a timeout, when its deadline has not yet passed (the run goes on).
 * `byClient` is the client whose `run_outcome` ended it (an external runtime), recorded as the
 * message's author so the conversation can name who answered; & ending it itself passes none.
 */
export async function endRun(
  db: Kysely<AmpersandDatabase>,
  runId: string,
  details: TerminalDetails,
  now: Date,
  byClient?: string,
): Promise<MessageView | undefined> {
  return db.transaction().execute(async (trx) => {
    let ending = trx
      .updateTable('loop_runs')
      .set({ state: details.state, terminal: JSON.stringify(details), ended_at: now })
      .where('run_id', '=', runId)
      .where('state', '=', 'running');
    if (details.state === 'timed_out') ending = ending.where('deadline', '<=', now).where('deadline', '<=', sql<Date>`statement_timestamp()`);
    const ended = await ending.returning(['loop_id', 'andee_id', 'correlation_id']).executeTakeFirst();
    if (!ended) return undefined;
    await appendLog(trx, runId, `ended_${details.state}`, {}, now);
    if (ended.loop_id !== null) await trx.updateTable('loops').set({ updated_at: now }).where('loop_id', '=', ended.loop_id).execute();
    return appendMessage(
      trx,
      ended.loop_id !== null ? { loopId: ended.loop_id } : { chatOf: ended.andee_id },
      {
        // The skill's own answer (its result, or its declining) is the agent speaking; any other ending is &'s.
        role: details.state === 'completed' || (details.state === 'refused' && details.unmetContract === SKILL_DECLINED) ? 'agent' : 'system',
        body: terminalMessage(details, ended.loop_id !== null ? 'loop' : 'chat'),
        ...(byClient !== undefined ? { authorId: byClient } : {}),
        runId,
        terminalState: details.state,
        correlationId: ended.correlation_id,
      },
      now,
    );
  });
}

export async function readRun(db: Db, runId: string): Promise<RunView | undefined> {
  const row = await db.selectFrom('loop_runs').selectAll().where('run_id', '=', runId).executeTakeFirst();
  return row ? runView(row) : undefined;
}

export async function listRuns(db: Db, loopId: string, limit = 50): Promise<RunView[]> {
  const rows = await db.selectFrom('loop_runs').selectAll().where('loop_id', '=', loopId).orderBy('started_at', 'desc').limit(limit).execute();
  return rows.map(runView);
}

/** The andee's agent-chat turns, newest first. */
export async function listChatRuns(db: Db, andeeId: string, limit = 50): Promise<RunView[]> {
  const rows = await db
    .selectFrom('loop_runs')
    .selectAll()
    .where('andee_id', '=', andeeId)
    .where('chat_turn_id', 'is not', null)
    .orderBy('started_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(runView);
}

/** Running runs whose deadline has passed by `now` and by the database's clock, earliest first. */
export async function runningRunsPast(db: Db, now: Date): Promise<Array<{ runId: string; stage: string; deadline: Date }>> {
  const rows = await db
    .selectFrom('loop_runs')
    .select(['run_id', 'stage', 'deadline'])
    .where('state', '=', 'running')
    .where('deadline', '<', now)
    .where('deadline', '<', sql<Date>`statement_timestamp()`)
    .orderBy('deadline')
    .limit(100)
    .execute();
  return rows.map((r) => ({ runId: r.run_id, stage: r.stage, deadline: new Date(r.deadline) }));
}

async function appendLog(trx: Transaction<AmpersandDatabase>, runId: string, stage: string, detail: Record<string, unknown>, now: Date): Promise<void> {
  const last = await trx
    .selectFrom('turn_log')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('run_id', '=', runId)
    .executeTakeFirst();
  await trx
    .insertInto('turn_log')
    .values({ run_id: runId, seq: Number(last?.seq ?? 0) + 1, stage, detail: JSON.stringify(detail), at: now })
    .execute();
}

function parse<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function runView(row: LoopTables['loop_runs']): RunView {
  return {
    runId: row.run_id,
    loopId: row.loop_id,
    chatTurnId: row.chat_turn_id,
    taskId: row.task_id,
    attempt: row.attempt,
    state: row.state,
    stage: row.stage,
    effects: parse<string[]>(row.effects),
    envelope: parse<TurnEnvelope>(row.envelope),
    terminal: row.terminal === null ? null : parse<TerminalDetails>(row.terminal),
    correlationId: row.correlation_id,
    deadline: new Date(row.deadline).toISOString(),
    startedAt: new Date(row.started_at).toISOString(),
    endedAt: row.ended_at ? new Date(row.ended_at).toISOString() : null,
  };
}

export type { TerminalState };
