/**
 * What the HTTP layer knows about a request that a tool needs: its correlation id, its logger
 * and, on protected routes, who is calling. Kept in a WeakMap keyed by the web `Request` the SDK
 * hands to tool handlers, so nothing global is shared between concurrent requests.
 */
import type { Logger } from '../log/index.ts';
import type { Principal } from '../auth/principal.ts';

export interface RequestScope {
  correlationId: string;
  log: Logger;
  principal?: Principal;
  /**
   * The verified credential the caller presented (a guard's admission), for a tool that acts on
   * the caller's behalf downstream and forwards it; never logged.
   */
  credential?: string;
  /**
   * Credentials the caller sent beside that one, as the headers that carry them (a product's
   * per-turn token), for the same tool to forward with it; this request's only, never logged.
   */
  credentialHeaders?: Readonly<Record<string, string>>;
  /** The time the request is served at; injectable so tests can move the clock. */
  now: () => Date;
  /**
   * How many calls of this request a tool answered from a stored answer (an idempotent replay),
   * which the endpoint gives back to the caller's write allowance (endpoint.ts, McpGuard.release).
   */
  storedAnswers?: number;
}

/** Says that a call of this request was answered from a stored answer, writing nothing. */
export function noteStoredAnswer(scope: RequestScope): void {
  scope.storedAnswers = (scope.storedAnswers ?? 0) + 1;
}

const scopes = new WeakMap<Request, RequestScope>();

export function bindRequestScope(request: Request, scope: RequestScope): void {
  scopes.set(request, scope);
}

export function requestScopeOf(request: Request | undefined): RequestScope | undefined {
  return request ? scopes.get(request) : undefined;
}
