/**
 * Local verification of & access tokens: JWTs the authorization server signs with the shared
 * secret (HS256), accepted only for the canonical MCP URL as audience and this issuer. Both the
 * MCP service (on every request) and the API (which then also checks that the grant still
 * exists) use it. Every refusal says why.
 */
import { errors, jwtVerify, type JWTPayload } from 'jose';
import type { KeyObject } from 'node:crypto';
import type { Principal, TokenVerdict, TokenVerifier } from '@agent-products/kit/auth';
import { splitScopes } from '../scopes.ts';

export interface AccessTokenClaims extends JWTPayload {
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

export function accessTokenVerifier(options: AccessTokenVerifierOptions): AccessTokenVerifier {
  async function verifyClaims(token: string, now: Date): Promise<ClaimsVerdict> {
    try {
      const { payload } = await jwtVerify<AccessTokenClaims>(token, options.key, {
        algorithms: ['HS256'],
        issuer: options.issuer,
        audience: options.audience,
        typ: 'at+jwt',
        currentDate: now,
        requiredClaims: ['exp', 'sub', 'jti'],
      });
      return { ok: true, claims: payload };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return refuse('expired', 'The access token has expired; refresh it or authorize again.');
      if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud') {
        return refuse('invalid', `The access token was issued for another resource; this one is ${options.audience}.`);
      }
      if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'iss') return refuse('invalid', 'The access token was issued by another authorization server.');
      return refuse('invalid', 'The access token is not valid for this server.');
    }
  }
  return {
    verifyClaims,
    async verify(token, now) {
      const verdict = await verifyClaims(token, now);
      return verdict.ok ? { ok: true, principal: principalOf(verdict.claims) } : verdict;
    },
  };
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
