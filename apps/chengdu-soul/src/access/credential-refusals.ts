/**
 * Chengdu Soul's words for a refused Agent credential on /mcp, by reason: what the credential is
 * called here and that the operator issues a new one. The kit's endpoint sends them in the 401.
 */
import type { AuthFailure } from '@agent-products/kit/auth';

export const CREDENTIAL_REFUSALS: Readonly<Record<AuthFailure, string>> = {
  missing: 'This call needs an Agent credential in Authorization: Bearer <credential>.',
  malformed: 'The Authorization header is not a Bearer credential.',
  invalid: 'The credential is not valid for this server.',
  expired: 'The credential has expired; ask the operator for a new one.',
  revoked: 'The credential was revoked; ask the operator for a new one.',
};
