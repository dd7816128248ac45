/**
 * A grant a use case checks inside its own one read (the API's `in-read` operations, api-token.ts):
 * the read carries `liveGrantCondition`, and when the grant is no longer live the use case throws
 * `grantRevoked()`, an & error like any other refusal. The API answers that one with the same 401
 * challenge `requireApiToken` writes for a revoked grant, so no use case returns an HTTP response.
 */
import { ToolError } from '@agent-products/kit/errors';
import { ampersandErrors } from '../errors.ts';

export interface GrantCheck {
  grantId: string;
  now: Date;
}

export const REVOKED_GRANT = 'The grant behind this access token was revoked (or its andee no longer exists); authorize again.';

/** Marks the refusal as the grant check's, apart from any other `invalid_token`. */
const GRANT_REVOKED = { grant: 'revoked' } as const;

export function grantRevoked(): ToolError {
  return ampersandErrors.fail('invalid_token', REVOKED_GRANT, GRANT_REVOKED);
}

export function isGrantRevoked(error: unknown): boolean {
  return error instanceof ToolError && error.code === 'invalid_token' && error.details?.grant === GRANT_REVOKED.grant;
}
