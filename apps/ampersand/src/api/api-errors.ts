/** The & API's error codes beyond the platform's, and their JSON rendering (the same body the MCP tools return). */
import { defineErrorTable, jsonErrorResponse, type ToolError } from '@agent-products/kit/errors';

export const ampersandErrors = defineErrorTable({
  invalid_request: { status: 400, retryable: false, meaning: 'The request body is missing or not a JSON object.' },
  invalid_token: { status: 401, retryable: false, meaning: 'The access token is missing, malformed, expired, revoked or for another resource.' },
  participant_not_found: { status: 404, retryable: false, meaning: 'A participant is neither the caller nor one of their connections; details.participants names them.' },
  invalid_hds_code: { status: 400, retryable: false, meaning: 'The code is not a leaf of the HDS taxonomy; details.hdsCode names it.' },
  duplicate_signal: { status: 409, retryable: false, meaning: 'The andee already has this sentence as an approved or pending signal.' },
  signal_not_found: { status: 404, retryable: false, meaning: 'No pending signal of the caller has this id.' },
  andee_not_found: { status: 404, retryable: false, meaning: 'No andee has this &tag.' },
  cannot_request_self: { status: 400, retryable: false, meaning: 'An andee cannot send a connection request to themselves.' },
  already_connected: { status: 409, retryable: false, meaning: 'The two andees are already connected.' },
  request_already_pending: { status: 409, retryable: false, meaning: 'A connection request between the two andees is already pending; details.direction says whose.' },
  no_matching_request: { status: 404, retryable: false, meaning: 'No incoming pending request from this &tag; connections_pending lists them.' },
  not_connected: { status: 404, retryable: false, meaning: 'This &tag is not one of the caller\'s active connections.' },
  question_not_found: { status: 404, retryable: false, meaning: 'No question with this id concerns the caller in this role.' },
  question_not_pending: { status: 409, retryable: false, meaning: 'The question is no longer pending; details.status says what it is.' },
});

/** The JSON API surface of an error: the envelope the MCP tools return, at the table's status. */
export function errorJson(error: ToolError, correlationId: string): Response {
  return jsonErrorResponse(error, correlationId);
}
