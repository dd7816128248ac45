/**
 * The tool contract every product tool goes through.
 *
 * `defineTool` refuses (TypeError) a definition without a title, description, input and output
 * schema or explicit annotations. The registered handler validates arguments with zod, runs the
 * domain function, checks the answer against the output schema and returns `structuredContent`
 * plus the tool's own text rendering. Every failure becomes one structured error, which the
 * advertised `outputSchema` admits beside the success shape (advertised-output.ts). An answer the
 * tool hands out again (kept-answers.ts) is checked and rendered the first time only. Every call
 * is counted by outcome and timed (observe/tool-metrics.ts) and, when the request is traced, is a
 * span of its own that the tool's outbound calls hang under.
 */
import type * as z from 'zod';
import type { CallToolResult, McpServer, ServerContext, ToolAnnotations } from '@modelcontextprotocol/server';
import { ToolError, invalidArguments, platformErrors, toolErrorResult } from '../errors/index.ts';
import { isConnectionFailure } from '../errors/connection-failure.ts';
import { advertisedOutputSchema } from './advertised-output.ts';
import { isKeepable, keepResult } from './kept-answers.ts';
import { lenientJsonSchema, lenientSchema } from './lenient-input.ts';
import { requestScopeOf, type RequestScope } from './request-scope.ts';
import { createLogger } from '../log/index.ts';
import { missingScopes } from '../auth/principal.ts';
import { recordToolCall } from '../observe/tool-metrics.ts';
import { activeTrace, runInTrace } from '../observe/tracer.ts';

export interface ToolAnnotationsRequired extends ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolSpec<I extends z.ZodType, O extends z.ZodType> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: ToolAnnotationsRequired;
  /**
   * `credential`: the endpoint demands a verified credential (HTTP 401 without one); `scopes`: that
   * credential must also carry every listed scope, or the call is the tool error
   * `insufficient_scope` naming the missing ones (advertised as the tool's `securitySchemes`);
   * `howToGet` tells that caller how to obtain them (default: authorize again).
   */
  access?: 'public' | 'credential' | { scopes: readonly string[]; howToGet?: string };
  /** Tool `_meta` as published in tools/list (e.g. an MCP Apps `ui.resourceUri`). */
  meta?: Record<string, unknown>;
  /** Domain call; throws ToolError for expected failures. */
  run: (args: z.output<I>, scope: RequestScope) => Promise<z.output<O>> | z.output<O>;
  /** A rendering of a successful answer that reads well on its own. */
  text: (result: z.output<O>) => string;
}

export interface Tool {
  readonly name: string;
  readonly access: 'public' | 'credential';
  /** Scopes the credential must carry (none for public tools). */
  readonly scopes: readonly string[];
  register(server: McpServer): void;
  /** Runs the tool outside MCP (the web adapter and tests use the same path). */
  call(args: unknown, scope: RequestScope): Promise<CallToolResult>;
}

const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;
const ANNOTATION_KEYS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
const fallbackLog = createLogger({ name: 'tool', level: 'silent' });

export function defineTool<I extends z.ZodType, O extends z.ZodType>(spec: ToolSpec<I, O>): Tool {
  if (!TOOL_NAME.test(spec.name)) throw new TypeError(`Tool name must be snake_case: ${spec.name}`);
  if (!spec.title?.trim()) throw new TypeError(`Tool ${spec.name} needs a title`);
  if (!spec.description?.trim()) throw new TypeError(`Tool ${spec.name} needs a description`);
  if (!spec.input || !spec.output) throw new TypeError(`Tool ${spec.name} needs input and output schemas`);
  for (const key of ANNOTATION_KEYS) {
    if (typeof spec.annotations?.[key] !== 'boolean') throw new TypeError(`Tool ${spec.name} must declare annotations.${key}`);
  }

  const inputSchema = lenientSchema(spec.input);
  // Advertised: success or error object; checked below: the success shape alone.
  const outputSchema = lenientJsonSchema(advertisedOutputSchema(spec.output));
  const annotations = { title: spec.title, ...spec.annotations };

  const access = typeof spec.access === 'object' ? 'credential' : (spec.access ?? 'public');
  const scopes = typeof spec.access === 'object' ? [...spec.access.scopes] : [];
  const howToGet = (typeof spec.access === 'object' ? spec.access.howToGet : undefined) ?? 'authorize again to get the current scope set.';
  const meta = scopes.length ? { ...spec.meta, securitySchemes: [{ type: 'oauth2', scopes }] } : spec.meta;

  // The result made for each keepable answer this tool returned, while the tool keeps the answer.
  const kept = new WeakMap<object, CallToolResult>();

  async function call(args: unknown, scope: RequestScope): Promise<CallToolResult> {
    const started = performance.now();
    const trace = activeTrace();
    const span = trace?.tracer?.startSpan(`tools/call ${spec.name}`, 'internal', trace.context, {
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': spec.name,
    });
    const result = span ? await runInTrace({ context: span.context, tracer: trace!.tracer }, () => respond(args, scope)) : await respond(args, scope);
    const errorCode = result.isError ? errorCodeOf(result) : undefined;
    recordToolCall(spec.name, errorCode, (performance.now() - started) / 1000);
    span?.end(errorCode);
    return result;
  }

  async function respond(args: unknown, scope: RequestScope): Promise<CallToolResult> {
    // The endpoint answers 401 before getting here; this guards every other way in.
    if (access === 'credential' && !scope.principal) {
      return errorResult(platformErrors.fail('unauthorized', 'This tool needs a credential in Authorization: Bearer <credential>.'), scope);
    }
    const missing = scope.principal ? missingScopes(scope.principal, scopes) : [];
    if (missing.length) {
      return errorResult(
        platformErrors.fail('insufficient_scope', `This tool needs the scope${missing.length === 1 ? '' : 's'} ${missing.join(' ')}; ${howToGet}`, {
          missingScopes: missing,
        }),
        scope,
      );
    }
    const bad = unacceptableField(args);
    if (bad !== undefined) {
      return errorResult(platformErrors.fail('invalid_arguments', `Invalid arguments: ${bad.field}.`, { fields: [bad] }), scope);
    }
    const parsed = spec.input.safeParse(args === undefined ? {} : args);
    if (!parsed.success) {
      return errorResult(invalidArguments(parsed.error), scope);
    }
    let result: z.output<O>;
    try {
      result = await spec.run(parsed.data, scope);
    } catch (error) {
      if (error instanceof ToolError) return errorResult(error, scope);
      scope.log.error({ err: error, tool: spec.name }, 'tool failed');
      return errorResult(unexpected(error), scope);
    }
    const keepable = isKeepable(result) ? result : undefined;
    if (keepable) {
      const known = kept.get(keepable);
      if (known) return known;
    }
    const checked = spec.output.safeParse(result);
    if (!checked.success) {
      scope.log.error({ tool: spec.name, issues: checked.error.issues }, 'tool answer broke its output schema');
      return errorResult(platformErrors.fail('internal_error', 'The answer did not match the published output schema.'), scope);
    }
    const answer: CallToolResult = {
      content: [{ type: 'text', text: spec.text(checked.data) }],
      structuredContent: checked.data as Record<string, unknown>,
    };
    if (!keepable) return answer;
    kept.set(keepable, keepResult(answer));
    return answer;
  }

  return {
    name: spec.name,
    access,
    scopes,
    call,
    register(server) {
      server.registerTool(
        spec.name,
        { title: spec.title, description: spec.description, inputSchema, outputSchema, annotations, ...(meta ? { _meta: meta } : {}) },
        async (args: unknown, ctx: ServerContext) => {
          const result = await call(args, scopeFromContext(ctx));
          // A kept result is frozen: the SDK gets a top level of its own to shape as it likes.
          return Object.isFrozen(result) ? { ...result } : result;
        },
      );
    },
  };
}

function scopeFromContext(ctx: ServerContext): RequestScope {
  const scope = requestScopeOf(ctx.http?.req);
  if (scope) return scope;
  return { correlationId: `mcp-${String(ctx.mcpReq.id)}`, log: fallbackLog, now: () => new Date() };
}

/** A database that cannot be reached is retryable and wrote nothing; other surprises are internal. */
function unexpected(error: unknown): ToolError {
  if (isConnectionFailure(error)) {
    return platformErrors.fail('unavailable', 'The service cannot reach its database right now; nothing was changed. Retry shortly.');
  }
  return platformErrors.fail('internal_error', 'An unexpected error occurred; nothing was changed.');
}

/** U+0000, or half of a surrogate pair without its other half. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the characters this expression exists to find.
export const UNSTORABLE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Nesting deeper than any tool's arguments need; deeper input is refused before anything recurses into it. */
const MAX_ARGUMENT_DEPTH = 64;

/**
 * The first field that no tool may take, found by an iterative walk (so no input is too deep to
 * examine): a string (value or key) PostgreSQL cannot store faithfully — it refuses U+0000 in text
 * and jsonb, and an unpaired surrogate would be stored as U+FFFD, so a retry could match another
 * request — or nesting beyond MAX_ARGUMENT_DEPTH. Such input is refused up front as bad input.
 */
export function unacceptableField(value: unknown): { field: string; problem: string } | undefined {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  const name = (path: string[]) => path.join('.') || '(arguments)';
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (UNSTORABLE_TEXT.test(current)) return { field: name(path), problem: 'contains a NUL character or an unpaired surrogate' };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (path.length >= MAX_ARGUMENT_DEPTH) return { field: name(path), problem: `is nested deeper than ${MAX_ARGUMENT_DEPTH} levels` };
    const entries = Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      if (UNSTORABLE_TEXT.test(key)) return { field: name([...path, key]), problem: 'contains a NUL character or an unpaired surrogate' };
      pending.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}

/** The code of a tool error result (every one the contract makes carries it). */
function errorCodeOf(result: CallToolResult): string {
  const code = (result.structuredContent as { error?: { code?: unknown } } | undefined)?.error?.code;
  return typeof code === 'string' ? code : 'tool_error';
}

/** The MCP surface of an error (errors/render.ts), answered with the call's correlation id. */
function errorResult(error: ToolError, scope: RequestScope): CallToolResult {
  return toolErrorResult(error, scope.correlationId);
}
