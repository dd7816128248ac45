/** The & API's error codes beyond the platform's, and their JSON rendering (the same body the MCP tools return). */
import { defineErrorTable, type ToolError } from '@agent-products/kit/mcp';
import { LOOP_ERROR_STATUS } from '../loops/loop-errors.ts';

export const ampersandErrors = defineErrorTable({
  invalid_request: { retryable: false, meaning: 'The request body is missing or not a JSON object.' },
  invalid_token: { retryable: false, meaning: 'The access token is missing, malformed, expired, revoked or for another resource.' },
  participant_not_found: { retryable: false, meaning: 'A participant is neither the caller nor one of their connections; details.participants names them.' },
  invalid_hds_code: { retryable: false, meaning: 'The code is not a leaf of the HDS taxonomy; details.hdsCode names it.' },
  duplicate_signal: { retryable: false, meaning: 'The andee already has this sentence as an approved or pending signal.' },
  signal_not_found: { retryable: false, meaning: 'No pending signal of the caller has this id.' },
  andee_not_found: { retryable: false, meaning: 'No andee has this &tag.' },
  cannot_request_self: { retryable: false, meaning: 'An andee cannot send a connection request to themselves.' },
  already_connected: { retryable: false, meaning: 'The two andees are already connected.' },
  request_already_pending: { retryable: false, meaning: 'A connection request between the two andees is already pending; details.direction says whose.' },
  no_matching_request: { retryable: false, meaning: 'No incoming pending request from this &tag; connections_pending lists them.' },
  not_connected: { retryable: false, meaning: 'This &tag is not one of the caller\'s active connections.' },
  question_not_found: { retryable: false, meaning: 'No question with this id concerns the caller in this role.' },
  question_not_pending: { retryable: false, meaning: 'The question is no longer pending; details.status says what it is.' },
});

const STATUS: Record<string, number> = {
  ...LOOP_ERROR_STATUS,
  invalid_arguments: 400,
  invalid_request: 400,
  participant_not_found: 404,
  invalid_hds_code: 400,
  duplicate_signal: 409,
  signal_not_found: 404,
  andee_not_found: 404,
  cannot_request_self: 400,
  already_connected: 409,
  request_already_pending: 409,
  no_matching_request: 404,
  not_connected: 404,
  question_not_found: 404,
  question_not_pending: 409,
  idempotency_conflict: 409,
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
