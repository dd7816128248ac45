/** The & API's error codes beyond the platform's, and their JSON rendering (the same body the MCP tools return). */
import { defineErrorTable, jsonErrorResponse, type ToolError } from '@agent-products/kit/errors';

export const ampersandErrors = defineErrorTable({
  invalid_request: { status: 400, retryable: false, meaning: 'The request body is missing or not a JSON object.' },
  invalid_token: { status: 401, retryable: false, meaning: 'The access token is missing, malformed, expired, revoked or for another resource.' },
  participant_not_found: { status: 404, retryable: false, meaning: 'A participant is neither the caller nor one of their connections; details.participants names them.' },
});

/** The JSON API surface of an error: the envelope the MCP tools return, at the table's status. */
export function errorJson(error: ToolError, correlationId: string): Response {
  return jsonErrorResponse(error, correlationId);
}
