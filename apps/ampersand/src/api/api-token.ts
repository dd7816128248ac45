/**
 * Bearer checks on the API. The API is the final authority: it verifies the access token as the
 * MCP service did, then refuses a token whose grant was revoked (at once, unlike the MCP
 * service), then checks the route's scopes. Refusals are the same challenges the MCP service
 * writes, pointing at the MCP resource's metadata.
 */
import type { MiddlewareHandler } from 'hono';
import { insufficientScopeChallenge, missingScopes, readBearer, unauthorizedChallenge, type ChallengeOptions, type Principal } from '@agent-products/kit/auth';
import type { AppEnv } from '@agent-products/kit/http';
import { principalOf, type AccessTokenVerifier } from '../auth/access-token-verifier.ts';
import type { Grants } from '../auth/grants.ts';

export type ApiEnv = AppEnv & { Variables: AppEnv['Variables'] & { principal: Principal } };

export interface ApiTokenDeps {
  verifier: AccessTokenVerifier;
  grants: Grants;
  challenge: ChallengeOptions;
  now: () => Date;
}

/**
 * `scopes`: every one is needed; with `anyOf`, one of them is enough (questions_list accepts
 * connections:write as well as its advertised connections:read), and a refusal names the first.
 */
export function requireApiToken(deps: ApiTokenDeps, scopes: readonly string[], options: { anyOf?: boolean } = {}): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const correlationId = c.get('correlationId');
    const bearer = readBearer(c.req.raw);
    if (bearer.kind === 'none') return unauthorizedChallenge(deps.challenge, 'missing', 'This request needs an access token in Authorization: Bearer <token>.', correlationId);
    if (bearer.kind === 'malformed') return unauthorizedChallenge(deps.challenge, 'malformed', 'The Authorization header is not a Bearer token.', correlationId);
    const verdict = await deps.verifier.verifyClaims(bearer.token, deps.now());
    if (!verdict.ok) return unauthorizedChallenge(deps.challenge, verdict.failure, verdict.description, correlationId);
    if (!verdict.claims.gid || !(await deps.grants.isLive(verdict.claims.gid, deps.now()))) {
      return unauthorizedChallenge(deps.challenge, 'revoked', 'The grant behind this access token was revoked; authorize again.', correlationId);
    }
    const principal = principalOf(verdict.claims);
    const lacking = missingScopes(principal, scopes);
    const missing = options.anyOf && lacking.length < scopes.length ? [] : options.anyOf ? scopes.slice(0, 1) : lacking;
    if (missing.length) return insufficientScopeChallenge(deps.challenge, missing, correlationId);
    c.set('principal', principal);
    await next();
  };
}
