/**
 * The seam between a protected route and a product's credentials: a product implements
 * `TokenVerifier` (opaque hashed credentials, JWT access tokens, ...) and `verifyBearerRequest`
 * applies it to the one place a bearer credential may come from, the Authorization header.
 */
import { readBearer, type AuthFailure } from './bearer.ts';
import type { Principal } from './principal.ts';

export type TokenVerdict = { ok: true; principal: Principal } | { ok: false; failure: AuthFailure; description: string };

export interface TokenVerifier {
  verify(token: string, now: Date): Promise<TokenVerdict>;
}

export async function verifyBearerRequest(request: Request, verifier: TokenVerifier, now: Date): Promise<TokenVerdict> {
  const bearer = readBearer(request);
  if (bearer.kind === 'none') return { ok: false, failure: 'missing', description: 'This request needs an access token in Authorization: Bearer <token>.' };
  if (bearer.kind === 'malformed') return { ok: false, failure: 'malformed', description: 'The Authorization header is not a Bearer token.' };
  return verifier.verify(bearer.token, now);
}
