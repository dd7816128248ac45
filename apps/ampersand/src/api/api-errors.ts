/** The & API's error codes beyond the platform's, and their JSON rendering (the same body the MCP tools return). */
import { defineErrorTable, type ToolError } from '@agent-products/kit/mcp';
import { LOOP_ERROR_STATUS } from '../loops/loop-errors.ts';

export const ampersandErrors = defineErrorTable({
  invalid_request: { retryable: false, meaning: 'The request body is missing or not a JSON object.' },
  invalid_token: { retryable: false, meaning: 'The access token is missing, malformed, expired, revoked or for another resource.' },
  participant_not_found: { retryable: false, meaning: 'A participant is neither the caller nor one of their connections; details.participants names them.' },
});

const STATUS: Record<string, number> = {
  ...LOOP_ERROR_STATUS,
  invalid_arguments: 400,
  invalid_request: 400,
  participant_not_found: 404,
  unauthorized: 401,
  invalid_token: 401,
  insufficient_scope: 403,
  rate_limited: 429,
  unavailable: 503,
  internal_error: 500,
};

export function errorJson(error: ToolError, correlationId: string): Response {
  return Response.json({ error: error.toBody(correlationId) }, { status: STATUS[error.code] ?? 400 });
}
