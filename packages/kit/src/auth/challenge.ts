/**
 * WWW-Authenticate challenges for a protected resource (RFC 6750 §3, RFC 9728 §5.1).
 *
 * The SDK's `bearerAuthChallengeResponse` always names `error="invalid_token"`; RFC 6750 says a
 * request that carried no credential at all gets a challenge without an error code, and a client
 * uses that difference (discovery vs. a refused token), so the header is written here.
 */
import type { AuthFailure } from './bearer.ts';

export interface ChallengeOptions {
  /** The protected-resource metadata URL a client discovers the authorization server from. */
  resourceMetadataUrl?: string;
  /** The scopes a client should ask for (the default grant, or those a refused call needed). */
  scopes?: readonly string[];
  realm?: string;
  /** The body's `error.code` for a refused (not missing) credential: OAuth's `invalid_token` unless the product names it otherwise. */
  refusedCode?: string;
  /**
   * The body's `error.code` when no credential was sent (default `unauthorized`). The header
   * stays without an error code either way (RFC 6750 §3.1); a product whose contract names one
   * code for every 401 sets it here.
   */
  missingCode?: string;
  /**
   * Also send `error_description` when no credential was sent. RFC 6750 §3.1 advises against it
   * (a client tells discovery from refusal by the absent error); a product whose clients have
   * always read it there keeps it.
   */
  describeMissing?: boolean;
}

/** A refusal's error code and description; a description alone is a challenge without an error code. */
export type ChallengeError = { error?: 'invalid_token' | 'insufficient_scope' | 'invalid_request'; description: string };

export function bearerChallenge(options: ChallengeOptions, failure?: ChallengeError): string {
  const params: string[] = [];
  if (options.realm) params.push(`realm="${quoted(options.realm)}"`);
  if (failure?.error) params.push(`error="${failure.error}"`);
  if (failure) params.push(`error_description="${quoted(failure.description)}"`);
  if (options.resourceMetadataUrl) params.push(`resource_metadata="${quoted(options.resourceMetadataUrl)}"`);
  if (options.scopes?.length) params.push(`scope="${quoted(options.scopes.join(' '))}"`);
  return params.length ? `Bearer ${params.join(', ')}` : 'Bearer';
}

/** The 401 for a verifier's refusal: no error code when no token was sent, `invalid_token` otherwise. */
export function unauthorizedChallenge(options: ChallengeOptions, failure: AuthFailure, description: string, correlationId: string): Response {
  const refusal = failure !== 'missing' ? { error: 'invalid_token' as const, description } : options.describeMissing ? { description } : undefined;
  const challenge = bearerChallenge(options, refusal);
  return Response.json(
    {
      error: {
        code: failure === 'missing' ? (options.missingCode ?? 'unauthorized') : (options.refusedCode ?? 'invalid_token'),
        message: description,
        reason: failure,
        retryable: false,
        correlationId,
      },
    },
    { status: 401, headers: { 'WWW-Authenticate': challenge, 'Cache-Control': 'no-store' } },
  );
}

/** The 403 for a valid token that lacks scopes a route needs. */
export function insufficientScopeChallenge(options: ChallengeOptions, missing: readonly string[], correlationId: string): Response {
  const description = `This request needs the scope${missing.length === 1 ? '' : 's'} ${missing.join(' ')}.`;
  return Response.json(
    { error: { code: 'insufficient_scope', message: description, retryable: false, details: { missingScopes: missing }, correlationId } },
    {
      status: 403,
      headers: {
        'WWW-Authenticate': bearerChallenge({ ...options, scopes: missing }, { error: 'insufficient_scope', description }),
        'Cache-Control': 'no-store',
      },
    },
  );
}

function quoted(value: string): string {
  return value.replace(/[\\"]/g, '\\$&').replace(/[\r\n]/g, ' ');
}
