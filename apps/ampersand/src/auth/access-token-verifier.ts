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

/** A token's claims and the principal they name (a new object for each call, that the caller may keep or change). */
export type ClaimsAndPrincipalVerdict = { ok: true; claims: AccessTokenClaims; principal: Principal } | Extract<TokenVerdict, { ok: false }>;

export interface AccessTokenVerifier extends TokenVerifier {
  verifyClaims(token: string, now: Date): Promise<ClaimsVerdict>;
  /** Both at once, the principal without reading the claims again (the API's check on every call). */
  verifyClaimsAndPrincipal(token: string, now: Date): Promise<ClaimsAndPrincipalVerdict>;
}

/**
 * Tokens whose signature and form were checked, with their claims and the principal they name: a
 * client sends the same token on every call of its life, so the MAC, the two JSON parses and the
 * reading of the scopes run once per token, not per call.
 * Only what cannot change is remembered; issuer, audience and the times are checked on every
 * call, and revocation is the API's grant check, never this. Bounded: the oldest entry goes.
 */
const MAX_VERIFIED_TOKENS = 5000;

export function accessTokenVerifier(options: AccessTokenVerifierOptions): AccessTokenVerifier {
  const verified = new Map<string, Verified>();
  const hs256 = hs256Verifier({ key: options.key, type: 'at+jwt', required: ['sub', 'jti'] });
  const expected = { issuer: options.issuer, audience: options.audience };

  function signed(token: string): Verified | undefined {
    const known = verified.get(token);
    if (known) return known;
    const claims = hs256.signedClaims(token) as AccessTokenClaims | undefined;
    if (!claims || typeof claims.sub !== 'string' || typeof claims.jti !== 'string') return undefined;
    if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
    const entry = { claims: Object.freeze(claims), principal: principalOf(claims) };
    verified.set(token, entry);
    return entry;
  }

  /** The remembered entry of a token valid now; its principal is copied only by the callers that hand one out. */
  function checked(token: string, now: Date): { ok: true; known: Verified } | Extract<TokenVerdict, { ok: false }> {
    const known = signed(token);
    if (!known) return invalid();
    const check = hs256.checkClaims(known.claims, expected, now);
    if (check.ok) return { ok: true, known };
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
    async verifyClaims(token, now) {
      const verdict = checked(token, now);
      return verdict.ok ? { ok: true, claims: verdict.known.claims } : verdict;
    },
    async verifyClaimsAndPrincipal(token, now) {
      const verdict = checked(token, now);
      return verdict.ok ? { ok: true, claims: verdict.known.claims, principal: copyOf(verdict.known.principal) } : verdict;
    },
    async verify(token, now) {
      const verdict = checked(token, now);
      return verdict.ok ? { ok: true, principal: copyOf(verdict.known.principal) } : verdict;
    },
  };
}

interface Verified {
  claims: AccessTokenClaims;
  /** Never handed out itself: each call gets its own copy (a principal may key per-call state). */
  principal: Principal;
}

/** A principal no other call holds, made from the remembered one without reading the scopes again. */
function copyOf(principal: Principal): Principal {
  const copy = { ...principal, scopes: [...principal.scopes] };
  if (principal.expiresAt) copy.expiresAt = new Date(principal.expiresAt.getTime());
  return copy;
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
