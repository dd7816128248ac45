/**
 * Bearer credentials: read only from the Authorization header (never a query string or cookie),
 * stored only as a SHA-256 hash; a refusal is one of `AuthFailure`, answered by challenge.ts in
 * the product's words.
 */
import { hash } from 'node:crypto';
import { randomBase64Url } from './random-text.ts';

export type BearerRead = { kind: 'none' } | { kind: 'malformed' } | { kind: 'token'; token: string };

export function readBearer(request: Request): BearerRead {
  const header = request.headers.get('authorization');
  if (header === null) return { kind: 'none' };
  const match = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(header);
  return match ? { kind: 'token', token: match[1]! } : { kind: 'malformed' };
}

export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** A new opaque credential: a readable prefix and 256 bits of randomness. */
export function newToken(prefix: string): string {
  return `${prefix}_${randomBase64Url(32)}`;
}

/** Why a request's credential was refused; a product words each one for its own callers. */
export type AuthFailure = 'missing' | 'malformed' | 'invalid' | 'expired' | 'revoked';
