/**
 * The run token's form, shared by the API, which mints it and verifies it in full against the
 * live run (loops/run-token.ts), and the MCP service, which only recognizes it to tell a request
 * made within a turn (mcp/turn-requests.ts): its JWT type, audience and required claims, and the
 * verifier for that form.
 */
import type { KeyObject } from 'node:crypto';
import { hs256Verifier, type Hs256Verifier } from './hs256-jwt.ts';

export const RUN_TOKEN_TYPE = 'run+jwt';
export const RUN_TOKEN_AUDIENCE = 'ampersand-run';

export function runTokenVerifier(key: KeyObject): Hs256Verifier {
  return hs256Verifier({ key, type: RUN_TOKEN_TYPE, required: ['sub', 'rid'] });
}
