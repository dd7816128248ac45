/**
 * Local verification of & access tokens: JWTs the authorization server signs with the shared
 * secret (HS256), accepted only for the canonical MCP URL as audience and this issuer. Both the
 * MCP service (on every request) and the API (which then also checks that the grant still
 * exists) use it. Every refusal says why. The signature, header and claims are checked by &'s
 * one HS256 verifier (hs256-jwt.ts: synchronous HMAC, the measured fast path), as `at+jwt` with
 * `sub` and `jti` required.
 */
import type { KeyObject } from 'node:crypto';
import type { Principal, TokenVerdict, TokenVerifier } from '@agent-products/kit/auth';
import { splitScopes } from '../scopes.ts';
import { hs256Verifier, type JwtClaims } from './hs256-jwt.ts';

export interface AccessTokenClaims extends JwtClaims {
  client_id?: string;
  scope?: string;
  /** The grant the token belongs to (added at issue), so the API can refuse a revoked grant. */
  gid?: string;
}

export interface AccessTokenVerifierOptions {
  key: KeyObject;
  issuer: string;
  audience: string;
}

export type ClaimsVerdict = { ok: true; claims: AccessTokenClaims } | Extract<TokenVerdict, { ok: false }>;

export interface AccessTokenVerifier extends TokenVerifier {
  verifyClaims(token: string, now: Date): Promise<ClaimsVerdict>;
}

/**
 * Tokens whose signature and form were checked, with their claims: a client sends the same token
 * on every call of its life, so the MAC and the two JSON parses run once per token, not per call.
 * Only what cannot change is remembered; issuer, audience and the times are checked on every
 * call, and revocation is the API's grant check, never this. Bounded: the oldest entry goes.
 */
const MAX_VERIFIED_TOKENS = 5000;

export function accessTokenVerifier(options: AccessTokenVerifierOptions): AccessTokenVerifier {
  const verified = new Map<string, AccessTokenClaims>();
  const hs256 = hs256Verifier({ key: options.key, type: 'at+jwt', required: ['sub', 'jti'] });
  const expected = { issuer: options.issuer, audience: options.audience };

  function signedClaims(token: string): AccessTokenClaims | undefined {
    const known = verified.get(token);
    if (known) return known;
    const claims = hs256.signedClaims(token) as AccessTokenClaims | undefined;
    if (!claims || typeof claims.sub !== 'string' || typeof claims.jti !== 'string') return undefined;
    if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
    verified.set(token, Object.freeze(claims));
    return claims;
  }

  function verifyClaims(token: string, now: Date): ClaimsVerdict {
    const claims = signedClaims(token);
    if (!claims) return invalid();
    const check = hs256.checkClaims(claims, expected, now);
    if (check.ok) return { ok: true, claims };
    switch (check.failure) {
      case 'issuer':
        return refuse('invalid', 'The access token was issued by another authorization server.');
      case 'audience':
        return refuse('invalid', `The access token was issued for another resource; this one is ${options.audience}.`);
      case 'expired':
        verified.delete(token);
        return refuse('expired', 'The access token has expired; refresh it or authorize again.');
      case 'invalid':
        return invalid();
    }
  }
  return {
    verifyClaims: async (token, now) => verifyClaims(token, now),
    async verify(token, now) {
      const verdict = verifyClaims(token, now);
      return verdict.ok ? { ok: true, principal: principalOf(verdict.claims) } : verdict;
    },
  };
}

function invalid(): Extract<TokenVerdict, { ok: false }> {
  return refuse('invalid', 'The access token is not valid for this server.');
}

export function principalOf(claims: AccessTokenClaims): Principal {
  return {
    subject: String(claims.sub),
    credentialId: String(claims.jti),
    scopes: splitScopes(claims.scope),
    ...(typeof claims.aud === 'string' ? { audience: claims.aud } : {}),
    ...(claims.client_id ? { clientId: claims.client_id } : {}),
    ...(claims.exp ? { expiresAt: new Date(claims.exp * 1000) } : {}),
  };
}

function refuse(failure: 'expired' | 'invalid', description: string): Extract<TokenVerdict, { ok: false }> {
  return { ok: false, failure, description };
}
