/**
 * The API's routes for the declared operations (contracts/operations.ts), one per declaration:
 * `POST <path>`, the bearer and scope check the declaration names (either-of when it says so),
 * the body read with its input schema (bad input is one structured error and nothing runs), the
 * hosted runtime alone for its operations, then the use case bound to the operation's name. The bindings are a record keyed by name: a declaration without a function, or a
 * function without a declaration, does not compile.
 */
import { Hono, type Context } from 'hono';
import type { AndeeRepository } from '../andees/andee-repository.ts';
import { isGrantRevoked } from '../auth/grant-check.ts';
import { isHostedRuntime } from '../auth/hosted-runtime.ts';
import { scopesOf, type SomeOperation } from '../contracts/declare-operation.ts';
import { OPERATIONS, type OperationInput, type OperationName, type OperationOutput } from '../contracts/operations.ts';
import { ampersandErrors } from '../errors.ts';
import { requireApiToken, revokedChallenge, type ApiEnv, type ApiTokenDeps } from './api-token.ts';
import type { Caller } from '../andees/caller.ts';
import { callerOf, handle } from './route-kit.ts';

/** What a bound domain function gets besides its input. */
export interface OperationCall {
  /** The request: its principal, grant id, correlation id and headers (a turn's run token). */
  readonly c: Context<ApiEnv>;
  /** The operation's name, which its idempotency records are kept under. */
  readonly operation: OperationName;
  /** The caller's andee (loaded with the grant check, or read now for an `in-read` operation). */
  caller(): Promise<Caller>;
}

/**
 * What serves one operation on the API: its use case called with the caller, returning the
 * declared output or throwing an & error (a grant found revoked in the use case's own read is
 * `grantRevoked`, answered here with the 401 challenge).
 */
export type OperationHandler<N extends OperationName> = (input: OperationInput<N>, call: OperationCall) => Promise<OperationOutput<N>>;

/**
 * How the API serves one operation. `in-read`: the handler's one read carries the grant check
 * itself (api-token.ts), so the route skips the separate check and no caller row is preloaded.
 */
export type OperationBinding<N extends OperationName> = OperationHandler<N> | { grantCheck: 'in-read'; run: OperationHandler<N> };

/** The bindings of some operations: one per name, none else (each area's handlers return exactly its own). */
export type OperationBindings<N extends OperationName> = { readonly [K in N]: OperationBinding<K> };

export interface OperationRouteDeps extends ApiTokenDeps {
  andees: AndeeRepository;
}

export function operationRoutes<B extends OperationBindings<OperationName>>(
  deps: OperationRouteDeps,
  // A key that names no declared operation has the type never, so no function fits it.
  bindings: B & Record<Exclude<keyof B, OperationName>, never>,
): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  for (const op of OPERATIONS as readonly SomeOperation[]) {
    const binding = (bindings as Record<string, OperationBinding<OperationName>>)[op.name];
    if (!binding) throw new Error(`No domain function is bound to the operation ${op.name}.`);
    const run = typeof binding === 'function' ? binding : binding.run;
    const grantCheck = typeof binding === 'function' ? 'here' : binding.grantCheck;
    const anyOf = 'anyOf' in op.scopes;
    app.post(op.path, requireApiToken(deps, scopesOf(op.scopes), { grantCheck, anyOf }), (c) =>
      handle(c, op.input, async (input) => {
        if (op.hostedRuntimeOnly && !isHostedRuntime(c.get('principal')))
          throw ampersandErrors.fail('hosted_runtime_only', `${op.name} belongs to the & hosted runtime; a public OAuth client cannot call it.`);
        // The record's type tied each function to its own operation's input; walking the list
        // forgets which entry is which, and `handle` has just parsed `input` with that entry's schema.
        try {
          return await run(input as never, { c, operation: op.name as OperationName, caller: () => callerOf(c, deps.andees) });
        } catch (error) {
          if (isGrantRevoked(error)) return revokedChallenge(deps, c.get('correlationId'));
          throw error;
        }
      }),
    );
  }
  return app;
}
