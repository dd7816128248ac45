/**
 * Bearer credentials: read only from the Authorization header (never a query string or cookie),
 * stored only as a SHA-256 hash, and refused with a 401 whose WWW-Authenticate says why.
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

export type AuthFailure = 'missing' | 'malformed' | 'invalid' | 'expired' | 'revoked';

const DESCRIPTIONS: Record<AuthFailure, string> = {
  missing: 'This call needs an Agent credential in Authorization: Bearer <credential>.',
  malformed: 'The Authorization header is not a Bearer credential.',
  invalid: 'The credential is not valid for this server.',
  expired: 'The credential has expired; ask the operator for a new one.',
  revoked: 'The credential was revoked; ask the operator for a new one.',
};

export function unauthorizedResponse(realm: string, failure: AuthFailure, correlationId: string): Response {
  const error = failure === 'missing' ? '' : ', error="invalid_token"';
  return Response.json(
    { error: { code: 'unauthorized', message: DESCRIPTIONS[failure], reason: failure, retryable: false, correlationId } },
    {
      status: 401,
      headers: { 'WWW-Authenticate': `Bearer realm="${realm}"${error}, error_description="${DESCRIPTIONS[failure]}"` },
    },
  );
}
