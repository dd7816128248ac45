/**
 * The one HS256 JWT verifier of &: access tokens (`at+jwt`, auth/access-token-verifier.ts) and
 * Loop run tokens (`run+jwt`, loops/run-token.ts) are both compact JWTs signed with a key derived
 * from the shared secret, so both are checked here, the same way.
 *
 * The check is synchronous node:crypto HMAC rather than jose's `jwtVerify`: jose verifies through
 * WebCrypto, which imports the key and hops to the thread pool on every call (measured: the
 * largest single cost of the MCP process in the tool-call benchmark), while the format of &'s
 * tokens is fixed — one algorithm, one type per use, one key — so the whole check is short:
 * compact form, header exactly `HS256` + the expected `typ` with no `crit`, constant-time MAC
 * comparison, the required claims present, then (per call) issuer, audience and the times.
 */
import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto';

export interface JwtClaims {
  iss?: string;
  sub?: string;
  aud?: string | string[];
  jti?: string;
  exp?: number;
  nbf?: number;
  iat?: number;
  [claim: string]: unknown;
}

export interface Hs256Options {
  key: KeyObject;
  /** The `typ` header, compared as RFC 8725 §3.11 says (case-insensitive, `application/` optional). */
  type: string;
  /** Claims every token must carry (`exp` always is). */
  required: readonly string[];
}

export type ClaimsCheck = { ok: true } | { ok: false; failure: 'expired' | 'issuer' | 'audience' | 'invalid' };

export interface Hs256Verifier {
  /** The claims of a token whose form, header, MAC and required claims are right; otherwise undefined. Times are not checked here. */
  signedClaims(token: string): JwtClaims | undefined;
  /** Issuer, audience, `exp` (required), `nbf` and `iat` of signed claims, at `now`. */
  checkClaims(claims: JwtClaims, expected: { issuer: string; audience: string }, now: Date): ClaimsCheck;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function hs256Verifier(options: Hs256Options): Hs256Verifier {
  const type = normalisedType(options.type);
  const required = [...new Set(['exp', ...options.required])];
  return {
    signedClaims(token) {
      const parts = token.split('.');
      if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return undefined;
      const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
      const header = jsonObject(encodedHeader);
      if (header?.alg !== 'HS256' || typeof header.typ !== 'string' || normalisedType(header.typ) !== type || 'crit' in header) return undefined;
      const expected = createHmac('sha256', options.key).update(`${encodedHeader}.${encodedPayload}`).digest();
      const signature = Buffer.from(encodedSignature, 'base64url');
      if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return undefined;
      const claims = jsonObject(encodedPayload) as JwtClaims | undefined;
      if (!claims || typeof claims.exp !== 'number' || required.some((name) => claims[name] === undefined || claims[name] === null)) return undefined;
      return claims;
    },
    checkClaims(claims, expected, now) {
      if (claims.iss !== expected.issuer) return { ok: false, failure: 'issuer' };
      const audiences = typeof claims.aud === 'string' ? [claims.aud] : Array.isArray(claims.aud) ? claims.aud : [];
      if (!audiences.includes(expected.audience)) return { ok: false, failure: 'audience' };
      const nowSeconds = Math.floor(now.getTime() / 1000);
      if (typeof claims.exp !== 'number') return { ok: false, failure: 'invalid' };
      if (claims.exp <= nowSeconds) return { ok: false, failure: 'expired' };
      if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > nowSeconds)) return { ok: false, failure: 'invalid' };
      if (claims.iat !== undefined && typeof claims.iat !== 'number') return { ok: false, failure: 'invalid' };
      return { ok: true };
    },
  };
}

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
