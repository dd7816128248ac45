/**
 * The turn-scoped tools the in-process engine gives the model, and their execution with the
 * run's authority only: the run's andee, the run's Loop, the kinds and terminal modes the pinned
 * skill's outcome specification allows. A refused call is answered to the model as an error and
 * the run goes on; only `run_outcome` (or the deadline, a cancel, a failure) ends it.
 */
import * as z from 'zod';
import { ToolError } from '@agent-products/kit/errors';
import type { Kysely } from 'kysely';
import { itemInput, runOutcomeInput } from '../contracts/loop-contracts.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { LoopOperations } from './loop-operations.ts';
import type { ModelTool } from './model-provider.ts';
import { readRun } from './runs.ts';

export const TURN_TOOL_NAMES = ['loop_read', 'loop_write', 'run_outcome'] as const;
/** An agent-chat turn has no Loop to read or write: it only ends itself. */
export const CHAT_TOOL_NAMES = ['run_outcome'] as const;

const loopWriteArgs = z.object({ item: itemInput }).strict();

export const TURN_TOOLS: ModelTool[] = [
  {
    type: 'function',
    function: {
      name: 'loop_read',
      description: 'Read this Loop: its items, latest conversation and the live surface contract.',
      parameters: { type: 'object', properties: {}, additionalProperties: false },
    },
  },
  {
    type: 'function',
    function: {
      name: 'loop_write',
      description: 'Save an earned artifact in this Loop (blocks from the surface contract plus fallbackText). Never progress notes, placeholders or cursors.',
      parameters: z.toJSONSchema(loopWriteArgs) as Record<string, unknown>,
    },
  },
  {
    type: 'function',
    function: {
      name: 'run_outcome',
      description: "End this run with a terminal mode the skill's outcome specification allows: the result (completed) or the reason.",
      parameters: z.toJSONSchema(runOutcomeInput) as Record<string, unknown>,
    },
  },
];

export type TurnToolAnswer = { ok: true; result: unknown; ended: boolean } | { ok: false; error: { code: string; message: string } };

export async function executeTurnTool(
  db: Kysely<AmpersandDatabase>,
  operations: LoopOperations,
  runId: string,
  allowed: readonly string[],
  name: string,
  rawArguments: string,
  now: Date,
): Promise<TurnToolAnswer> {
  const run = await readRun(db, runId);
  if (run?.state !== 'running') return { ok: false, error: { code: 'run_token_invalid', message: 'The run has ended.' } };
  if (!allowed.includes(name))
    return { ok: false, error: { code: 'unknown_tool', message: `${name} is not one of this turn's tools (${allowed.join(', ')}).` } };
  const loopId = run.loopId;
  let args: unknown;
  try {
    args = rawArguments ? JSON.parse(rawArguments) : {};
  } catch {
    return { ok: false, error: { code: 'invalid_arguments', message: 'The tool arguments are not JSON.' } };
  }
  try {
    switch (name) {
      case 'loop_read':
        // The in-process engine is &'s own runtime acting for the andee: first-party, it reads the Loop whole.
        return { ok: true, result: await operations.read(run.envelope.andeeId, { loopId: loopId! }, run, async () => true), ended: false };
      case 'loop_write': {
        const parsed = loopWriteArgs.safeParse(args);
        if (!parsed.success) return { ok: false, error: { code: 'invalid_arguments', message: parsed.error.message } };
        return { ok: true, result: await operations.write(run.envelope.andeeId, { loopId: loopId!, item: parsed.data.item }, now, run), ended: false };
      }
      case 'run_outcome': {
        const parsed = runOutcomeInput.safeParse(args);
        if (!parsed.success) return { ok: false, error: { code: 'invalid_arguments', message: parsed.error.message } };
        return { ok: true, result: await operations.outcome(run, parsed.data, now), ended: true };
      }
      default:
        return { ok: false, error: { code: 'unknown_tool', message: `${name} is not one of this turn's tools (${TURN_TOOL_NAMES.join(', ')}).` } };
    }
  } catch (error) {
    if (error instanceof ToolError) return { ok: false, error: { code: error.code, message: error.message } };
    throw error;
  }
}
