/**
 * The stand-in's MCP server, built the SDK's documented stateless way: a fresh `McpServer` per
 * request from `createMcpHandler`, answering 2025-era requests over its built-in stateless leg
 * (SSE responses, as a stock SDK server does), so zaezd's client meets what a real server sends.
 *
 * Each tool advertises the real server's input schema in `tools/list` and checks its arguments
 * itself, so a refusal reads like the real one (pydantic's "N validation error(s) for …") rather
 * than the SDK's own wording. Every tool call goes through the control: counted, delayed by the
 * configured latency, and given an injected fault when a rule names it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { McpServer, createMcpHandler, type CallToolResult, type StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import * as z from 'zod';
import type { SimControl, FaultKind } from '../control/sim-control.ts';
import { SimToolError, type SimContext } from '../sim-context.ts';
import { ArgumentValidator } from './argument-validation.ts';
import type { JsonSchema } from './input-schemas.ts';
import { SIM_TOOLS, type SimTool } from './tool-catalog.ts';

export const SIM_SERVER_NAME = 'tutu-sim';
export const SIM_SERVER_VERSION = '0.38.0-sim';

const INSTRUCTIONS =
  'Demo stand-in for the Tutu MCP server: the same 16 tools and answer shapes over fixture data (not real trains, flights or hotels). ' +
  'Use Russian place names. Results are JSON text in content[0].text.';

/** As the real server annotates them: all read-only and idempotent; the playbooks and resources are local. */
const ANNOTATIONS = {
  remote: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  local: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
} as const;

function local(tool: string): boolean {
  return tool === 'fetch_resource' || (tool.startsWith('get_') && tool.endsWith('_instructions'));
}

function text(value: string, isError = false): CallToolResult {
  return { content: [{ type: 'text', text: value }], ...(isError ? { isError: true } : {}) };
}

/** Every list in an answer emptied, as an upstream with nothing to offer would answer. */
function emptied(result: unknown): unknown {
  if (typeof result !== 'object' || result === null) return result;
  const copy: Record<string, unknown> = { ...(result as Record<string, unknown>) };
  for (const [key, value] of Object.entries(copy)) if (Array.isArray(value)) copy[key] = [];
  if (typeof copy.meta === 'object' && copy.meta !== null) copy.meta = { ...(copy.meta as object), total_matched: 0, has_more: false };
  return copy;
}

/**
 * The schema as `tools/list` shows it, accepting every argument object at the SDK's gate: the
 * tool checks its own arguments so that it can word a refusal the way the real server does.
 */
function advertised(schema: JsonSchema): StandardSchemaWithJSON<Record<string, unknown>, Record<string, unknown>> {
  return {
    '~standard': {
      version: 1,
      vendor: 'tutu-sim',
      validate: (value: unknown) => ({ value: (value ?? {}) as Record<string, unknown> }),
      jsonSchema: { input: () => schema, output: () => schema },
    },
  };
}

const validators = new Map(SIM_TOOLS.map((tool) => [tool.name, new ArgumentValidator(tool.name, tool.input)]));

async function answer(
  tool: SimTool,
  args: Record<string, unknown>,
  control: SimControl,
  context: () => SimContext,
  signal: AbortSignal,
): Promise<CallToolResult> {
  control.recordCall(tool.name);
  if (control.latencyMs > 0) await sleep(control.latencyMs, undefined, { signal }).catch(() => undefined);
  const fault: FaultKind | undefined = control.takeFault(tool.name, 'tool');
  if (fault === 'timeout') await sleep(control.hangMs, undefined, { signal, ref: false }).catch(() => undefined);
  if (fault === 'error') return text(`Error executing tool ${tool.name}: Внутренняя ошибка сервиса. Попробуйте позже.`, true);
  const problem = validators.get(tool.name)!.problem(args);
  if (problem) return text(problem, true);
  let result: unknown;
  try {
    result = tool.run(args, context());
  } catch (error) {
    // The real server wraps every failure of a tool in this sentence.
    if (error instanceof SimToolError) return text(`Error executing tool ${tool.name}: ${error.message}`, true);
    throw error;
  }
  const json = JSON.stringify(fault === 'empty' ? emptied(result) : result);
  return text(fault === 'malformed' ? json.slice(0, Math.min(60, json.length - 1)) : json);
}

export function createSimMcpHandler(control: SimControl, context: () => SimContext, onError: (error: Error) => void) {
  return createMcpHandler(
    () => {
      const server = new McpServer(
        { name: SIM_SERVER_NAME, version: SIM_SERVER_VERSION },
        { capabilities: { tools: {}, prompts: {} }, instructions: INSTRUCTIONS },
      );
      for (const tool of SIM_TOOLS) {
        server.registerTool(
          tool.name,
          { description: tool.description, inputSchema: advertised(tool.input), annotations: ANNOTATIONS[local(tool.name) ? 'local' : 'remote'] },
          (args: Record<string, unknown>, ctx) => answer(tool, args, control, context, ctx.mcpReq.signal),
        );
      }
      server.registerPrompt(
        'plan_trip',
        {
          description: 'Plan a trip: find transport there and back and a hotel, then create checkout links.',
          argsSchema: z.object({ origin: z.string(), destination: z.string(), dates: z.string().optional() }),
        },
        ({ origin, destination, dates }) => ({
          messages: [
            {
              role: 'user',
              content: {
                type: 'text',
                text: `Спланируй поездку ${origin} → ${destination}${dates ? ` (${dates})` : ''}: найди поезда или рейсы туда и обратно и отель, затем создай ссылки create_checkout_link, передав passengers_* из checkout_ref.`,
              },
            },
          ],
        }),
      );
      return server;
    },
    { onerror: onError },
  );
}
