/**
 * One & operation, declared once: everything both services derive from it. The MCP service builds
 * the tool from it (mcp/operation-tools.ts: its name, words, schemas, annotations and scheme, a
 * call forwarded to `path`, the text rendering); the API builds the route (api/operation-routes.ts:
 * `path`, the scope check, the body read with `input`) around the domain function bound to the
 * operation's name. Schemas and words only: the MCP service imports this and must stay light.
 */
import type * as z from 'zod';
import type { ToolSpec } from '@agent-products/kit/mcp';

export type Annotations = ToolSpec<z.ZodType, z.ZodType>['annotations'];

/**
 * `all`: the token must carry every scope (each missing one is named). `anyOf`: one is enough; the
 * first is the one advertised and named when none is held (questions_list: spec "Enforcement").
 */
export type ScopeRule = { readonly all: readonly [string, ...string[]] } | { readonly anyOf: readonly [string, ...string[]] };

export interface OperationSpec<N extends string, I extends z.ZodType, O extends z.ZodType> {
  /** The tool's name, and the operation an idempotency record is kept under. */
  name: N;
  /** The API route the tool is forwarded to. */
  path: `/v1/${string}`;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: Annotations;
  scopes: ScopeRule;
  /** Listed only to the & hosted runtime's principal, and refused by the API to anyone else. */
  hostedRuntimeOnly?: true;
  /**
   * Turn-scoped (run-bound): it needs the run token of the caller's live turn (`X-Run-Token`), so
   * it is listed only to a request carrying one, and the API refuses it without.
   */
  turnScoped?: true;
  /** Its answer can be shown as the andee card (advertised only when the card's bundle is registered). */
  andeeCard?: true;
  /** A rendering of a successful answer that reads well on its own. */
  text: (result: z.output<O>) => string;
}

export type Operation<N extends string = string, I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> = Readonly<OperationSpec<N, I, O>>;

/** Any one operation with its schema types forgotten, as the surfaces walk them (each entry was checked where it was declared). */
export type SomeOperation = Operation<string, any, any>;

export function declareOperation<const N extends string, I extends z.ZodType, O extends z.ZodType>(spec: OperationSpec<N, I, O>): Operation<N, I, O> {
  return Object.freeze(spec);
}

/** Every scope of a rule, the advertised (first) one first. */
export function scopesOf(rule: ScopeRule): readonly string[] {
  return 'all' in rule ? rule.all : rule.anyOf;
}

export const READ: Annotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
/** A write that a retry with the same arguments (or idempotency key) does not repeat. */
export const IDEMPOTENT_WRITE: Annotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };
export const WRITE: Annotations = { ...IDEMPOTENT_WRITE, idempotentHint: false };
