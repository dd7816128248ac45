/**
 * Local verification of & access tokens: JWTs the authorization server signs with the shared
 * secret (HS256), accepted only for the canonical MCP URL as audience and this issuer. Both the
 * MCP service (on every request) and the API (which then also checks that the grant still
 * exists) use it. Every refusal says why.
 *
 * The check is synchronous node:crypto HMAC rather than jose's `jwtVerify`: jose verifies
 * through WebCrypto, which imports the key and hops to the thread pool on every call (measured:
 * the largest single cost of the MCP process in the tool-call benchmark), while the token's
 * format here is fixed — one algorithm, one type, one key — so the whole check is a few lines:
 * compact form, header exactly `HS256` + `at+jwt` with no `crit`, constant-time MAC comparison,
 * then the claims (required `exp`, `sub`, `jti`; `iss`; `aud`; `exp` and `nbf` against `now`).
 */
import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Principal, TokenVerdict, TokenVerifier } from '@agent-products/kit/auth';
import { splitScopes } from '../scopes.ts';

export interface AccessTokenClaims {
  iss?: string;
  sub?: string;
  aud?: string | string[];
  jti?: string;
  exp?: number;
  nbf?: number;
  iat?: number;
  [claim: string]: unknown;
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

  function signedClaims(token: string): AccessTokenClaims | undefined {
    const known = verified.get(token);
    if (known) return known;
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return undefined;
    const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
    const header = jsonObject(encodedHeader);
    if (header?.alg !== 'HS256' || typeof header.typ !== 'string' || normalisedType(header.typ) !== 'at+jwt' || 'crit' in header) return undefined;
    const expected = createHmac('sha256', options.key).update(`${encodedHeader}.${encodedPayload}`).digest();
    const signature = Buffer.from(encodedSignature, 'base64url');
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return undefined;
    const claims = jsonObject(encodedPayload) as AccessTokenClaims | undefined;
    if (!claims || typeof claims.exp !== 'number' || typeof claims.sub !== 'string' || typeof claims.jti !== 'string') return undefined;
    if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
    verified.set(token, Object.freeze(claims));
    return claims;
  }

  function verifyClaims(token: string, now: Date): ClaimsVerdict {
    const claims = signedClaims(token);
    if (!claims) return invalid();
    if (claims.iss !== options.issuer) return refuse('invalid', 'The access token was issued by another authorization server.');
    const audiences = typeof claims.aud === 'string' ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud : [];
    if (!audiences.includes(options.audience)) return refuse('invalid', `The access token was issued for another resource; this one is ${options.audience}.`);
    const nowSeconds = Math.floor(now.getTime() / 1000);
    if (claims.exp! <= nowSeconds) {
      verified.delete(token);
      return refuse('expired', 'The access token has expired; refresh it or authorize again.');
    }
    if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > nowSeconds)) return invalid();
    if (claims.iat !== undefined && typeof claims.iat !== 'number') return invalid();
    return { ok: true, claims };
  }
  return {
    verifyClaims: async (token, now) => verifyClaims(token, now),
    async verify(token, now) {
      const verdict = verifyClaims(token, now);
      return verdict.ok ? { ok: true, principal: principalOf(verdict.claims) } : verdict;
    },
  };
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** RFC 8725 §3.11 / RFC 9068: `typ` compares case-insensitively, with or without `application/`. */
function normalisedType(typ: string): string {
  return typ.toLowerCase().replace(/^application\//, '');
}

function jsonObject(encoded: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
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
