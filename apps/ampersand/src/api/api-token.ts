/**
 * Bearer checks on the API. The API is the final authority: it verifies the access token as the
 * MCP service did, then refuses a token whose grant was revoked (at once, unlike the MCP
 * service) and loads the caller's andee in the same statement, then checks the route's scopes.
 * Refusals are the same challenges the MCP service writes, pointing at the MCP resource's metadata.
 */
import type { MiddlewareHandler } from 'hono';
import { insufficientScopeChallenge, missingScopes, readBearer, unauthorizedChallenge, type ChallengeOptions, type Principal } from '@agent-products/kit/auth';
import type { AppEnv } from '@agent-products/kit/http';
import type { AccessTokenVerifier } from '../auth/access-token-verifier.ts';
import type { Andee } from '../andees/andee-repository.ts';
import { REVOKED_GRANT } from '../auth/grant-check.ts';
import type { Grants } from '../auth/grants.ts';

export type ApiEnv = AppEnv & { Variables: AppEnv['Variables'] & { principal: Principal; caller: Andee; grantId: string } };

export interface ApiTokenOptions {
  /**
   * `in-read`: the route's one read carries the grant check itself (`liveGrantCondition`), and
   * its use case throws `grantRevoked` when it fails (auth/grant-check.ts), answered with `revokedChallenge` — one database round trip for the whole call
   * instead of two, on the hottest read. Such a route gets no `caller`, only the principal and
   * `grantId`. By default the check runs here, with the caller's row.
   */
  grantCheck?: 'here' | 'in-read';
  /** One of `scopes` is enough (questions_list accepts connections:write as well as its advertised connections:read); a refusal names the first. */
  anyOf?: boolean;
}

export function revokedChallenge(deps: ApiTokenDeps, correlationId: string): Response {
  return unauthorizedChallenge(deps.challenge, 'revoked', REVOKED_GRANT, correlationId);
}

export interface ApiTokenDeps {
  verifier: AccessTokenVerifier;
  grants: Grants;
  challenge: ChallengeOptions;
  now: () => Date;
}

export function requireApiToken(deps: ApiTokenDeps, scopes: readonly string[], options: ApiTokenOptions = {}): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const correlationId = c.get('correlationId');
    const bearer = readBearer(c.req.raw);
    if (bearer.kind === 'none')
      return unauthorizedChallenge(deps.challenge, 'missing', 'This request needs an access token in Authorization: Bearer <token>.', correlationId);
    if (bearer.kind === 'malformed')
      return unauthorizedChallenge(deps.challenge, 'malformed', 'The Authorization header is not a Bearer token.', correlationId);
    const verdict = await deps.verifier.verifyClaimsAndPrincipal(bearer.token, deps.now());
    if (!verdict.ok) return unauthorizedChallenge(deps.challenge, verdict.failure, verdict.description, correlationId);
    const principal = verdict.principal;
    const grantId = verdict.claims.gid;
    if (!grantId) return revokedChallenge(deps, correlationId);
    if (options.grantCheck !== 'in-read') {
      // The grant check and the caller's own row are one statement: this runs on every call.
      const caller = await deps.grants.liveGrantAndee(grantId, principal.subject, deps.now());
      if (!caller) return revokedChallenge(deps, correlationId);
      c.set('caller', caller);
    }
    const lacking = missingScopes(principal, scopes);
    const missing = options.anyOf ? (lacking.length < scopes.length ? [] : scopes.slice(0, 1)) : lacking;
    if (missing.length) return insufficientScopeChallenge(deps.challenge, missing, correlationId);
    c.set('principal', principal);
    c.set('grantId', grantId);
    await next();
  };
}
