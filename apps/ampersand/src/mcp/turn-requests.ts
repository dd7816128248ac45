/**
 * Which requests are made within a live turn of their caller: those carrying a run token
 * (`X-Run-Token`) that & signed for the caller and whose deadline has not passed. The MCP service
 * only recognizes the token, so that the turn-scoped tools (signal_suggestion_write, run_outcome)
 * are listed to the callers that can use them and to no one else; whether the run is still open
 * only the API knows, and it verifies the token in full on every call, so being recognized here
 * grants nothing.
 */
import type { KeyObject } from 'node:crypto';
import type { Principal } from '@agent-products/kit/auth';
import { RUN_TOKEN_AUDIENCE, runTokenVerifier } from '../auth/run-token-form.ts';

export interface TurnRequests {
  /** Notes the request's run token for its principal (one per request: principals are never shared). */
  note(principal: Principal, runToken: string, now: Date): void;
  withinTurn(principal: Principal): boolean;
}

export function turnRequests(key: KeyObject, issuer: string): TurnRequests {
  const verifier = runTokenVerifier(key);
  const within = new WeakSet<Principal>();
  return {
    note(principal, runToken, now) {
      const claims = verifier.signedClaims(runToken);
      if (!claims || claims.sub !== principal.subject) return;
      if (verifier.checkClaims(claims, { issuer, audience: RUN_TOKEN_AUDIENCE }, now).ok) within.add(principal);
    },
    withinTurn: (principal) => within.has(principal),
  };
}
