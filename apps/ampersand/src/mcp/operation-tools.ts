/**
 * The & tools, derived from the operation declarations (contracts/operations.ts). Each is an
 * adapter only: the kit's tool contract validates the input and checks the token's scopes (a
 * missing one is `insufficient_scope`), the call is forwarded to the operation's API route, which
 * answers and checks again, and the declaration's text rendering reads well alone.
 */
import * as z from 'zod';
import { defineTool, type RequestScope, type Tool } from '@agent-products/kit/mcp';
import { platformErrors } from '@agent-products/kit/errors';
import type { SomeOperation } from '../contracts/declare-operation.ts';
import { OPERATIONS } from '../contracts/operations.ts';
import { ampersandErrors } from '../errors.ts';
import { isOptIn } from '../scopes.ts';
import { ANDEE_CARD_TOOL_META } from './andee-card-resource.ts';
import type { Forward } from './api-forwarder.ts';

export interface ToolOptions {
  /** The andee card resource is registered: the operations shown as it advertise it. */
  andeeCard?: boolean;
}

/** The tools of every authorized client (tools/list shows it those its scopes allow: callable-endpoints.ts). */
export function ampersandTools(forward: Forward, options: ToolOptions = {}): Tool[] {
  return OPERATIONS.filter((op) => !op.hostedRuntimeOnly).map((op) => toolOf(op, forward, options));
}

/** The tools only the & hosted runtime's principal is shown (spec "Hosted-runtime tools"); the API refuses anyone else again. */
export function hostedRuntimeTools(forward: Forward, options: ToolOptions = {}): Tool[] {
  return OPERATIONS.filter((op) => op.hostedRuntimeOnly).map((op) => toolOf(op, forward, options));
}

/** Whatever a caller sends: the refusal below answers before arguments matter. */
const ANY_ARGUMENTS = z.looseObject({});

/**
 * The hosted runtime's tools as every other client meets them: never listed, and a call by name is
 * the tool error `hosted_runtime_only` (spec "Enforcement": a tool error, never an unknown tool),
 * before the scopes or the arguments are looked at, since no authorization lets such a client call it.
 */
export function hostedRuntimeRefusals(): Tool[] {
  return OPERATIONS.filter((op) => op.hostedRuntimeOnly).map(refusalOf);
}

function refusalOf(op: SomeOperation): Tool {
  return defineTool({
    name: op.name,
    title: op.title,
    description: op.description,
    input: ANY_ARGUMENTS,
    output: op.output,
    annotations: op.annotations,
    access: 'credential',
    run: () => {
      throw ampersandErrors.fail(
        'hosted_runtime_only',
        `${op.name} belongs to the & hosted runtime; a public OAuth client cannot call it, whatever its scopes.`,
      );
    },
    text: op.text,
  });
}

/** The names of the turn-scoped tools: listed only to a request made within a turn (turn-requests.ts). */
export function turnScopedToolNames(): ReadonlySet<string> {
  return new Set(OPERATIONS.filter((op) => op.turnScoped).map((op) => op.name));
}

/**
 * The opt-in scopes (the Loop ones) are never in the default grant: authorizing again asks for
 * them (the 401 challenge and the protected-resource metadata name the current scope set:
 * mcp/resource-metadata.ts), and the andee must tick them on the approval page.
 */
export const OPT_IN_SCOPES_HOW_TO_GET =
  'Loop access is opt-in: authorize this MCP client again (its sign-in asks for the current scope set, loops:read loops:write included) and tick Loop access on the approval page.';

/** The tools that any one of several scopes lets a caller use, with those scopes (what tools/list shows them by). */
export function anyOfScopes(): Record<string, readonly string[]> {
  return Object.fromEntries(OPERATIONS.flatMap((op) => ('anyOf' in op.scopes ? [[op.name, op.scopes.anyOf]] : [])));
}

export function toolOf(op: SomeOperation, forward: Forward, options: ToolOptions = {}): Tool {
  const base = {
    name: op.name,
    title: op.title,
    description: op.description,
    input: op.input,
    output: op.output,
    annotations: op.annotations,
    // Advertised only when the card is registered (mcp-service.ts): a missing bundle is never pointed at.
    ...(op.andeeCard && options.andeeCard ? { meta: ANDEE_CARD_TOOL_META } : {}),
    text: op.text,
  };
  const forwarded = (args: unknown, scope: RequestScope) => forward(op.path, args, scope);
  if ('all' in op.scopes) {
    const howToGet = op.scopes.all.some(isOptIn) ? { howToGet: OPT_IN_SCOPES_HOW_TO_GET } : {};
    return defineTool({ ...base, access: { scopes: op.scopes.all, ...howToGet }, run: forwarded });
  }
  // Either-of: the kit's all-of check cannot be used, so the tool advertises the first scope and
  // checks that the token holds one of them itself.
  const anyOf = op.scopes.anyOf;
  const advertised = anyOf[0];
  return defineTool({
    ...base,
    access: 'credential',
    meta: { ...base.meta, securitySchemes: [{ type: 'oauth2', scopes: [advertised] }] },
    run: (args, scope) => {
      const held = scope.principal?.scopes ?? [];
      if (!anyOf.some((s) => held.includes(s))) {
        throw platformErrors.fail('insufficient_scope', `This tool needs the scope ${advertised}; authorize again to get the current scope set.`, {
          missingScopes: [advertised],
        });
      }
      return forwarded(args, scope);
    },
  });
}
