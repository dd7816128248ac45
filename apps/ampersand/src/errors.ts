/**
 * &'s error table: the platform codes plus the product's own, one entry per code (HTTP status,
 * retryability, meaning, promised details). Domain code throws `fail(code, …)`; the kit renders
 * the same error as a tool result (MCP service), a JSON body (`/v1/*`), an OAuth error body or
 * the andee's problem page, each at the status decided here, never at the throw site.
 */
import { defineErrorTable } from '@agent-products/kit/errors';

export const ampersandErrors = defineErrorTable({
  // The API's requests and the identity graph.
  invalid_request: { status: 400, retryable: false, meaning: 'The request body is missing or not a JSON object.' },
  invalid_token: { status: 401, retryable: false, meaning: 'The access token is missing, malformed, expired, revoked or for another resource.' },
  participant_not_found: {
    status: 404,
    retryable: false,
    details: ['participants'],
    meaning: 'A participant is neither the caller nor one of their connections; details.participants names them.',
  },
  invalid_hds_code: { status: 400, retryable: false, details: ['hdsCode'], meaning: 'The code is not a leaf of the HDS taxonomy; details.hdsCode names it.' },
  duplicate_signal: { status: 409, retryable: false, meaning: 'The andee already has this sentence as an approved or pending signal.' },
  signal_not_found: { status: 404, retryable: false, meaning: 'No pending signal of the caller has this id.' },
  andee_not_found: { status: 404, retryable: false, meaning: 'No andee has this &tag.' },
  cannot_request_self: { status: 400, retryable: false, meaning: 'An andee cannot send a connection request to themselves.' },
  already_connected: { status: 409, retryable: false, meaning: 'The two andees are already connected.' },
  request_already_pending: {
    status: 409,
    retryable: false,
    details: ['direction'],
    meaning: 'A connection request between the two andees is already pending; details.direction says whose.',
  },
  no_matching_request: { status: 404, retryable: false, meaning: 'No incoming pending request from this &tag; connections_pending lists them.' },
  not_connected: { status: 404, retryable: false, meaning: "This &tag is not one of the caller's active connections." },
  question_not_found: { status: 404, retryable: false, meaning: 'No question with this id concerns the caller in this role.' },
  question_not_pending: { status: 409, retryable: false, details: ['status'], meaning: 'The question is no longer pending; details.status says what it is.' },
  // Loops, runs and the hosted runtime.
  loop_not_found: { status: 404, retryable: false, meaning: 'No Loop with this id is visible to the caller.' },
  item_not_found: { status: 404, retryable: false, meaning: 'No item with this id exists in the Loop.' },
  not_loop_owner: { status: 403, retryable: false, meaning: 'Only the Loop owner may do this.' },
  member_not_found: { status: 404, retryable: false, meaning: 'The &tag names no andee.' },
  skill_already_pinned: { status: 409, retryable: false, meaning: 'The Loop skill is pinned write-once; other content is refused.' },
  item_not_admitted: {
    status: 422,
    retryable: false,
    details: ['reason'],
    meaning: 'The item is not a durable artifact (empty, placeholder, progress, checkpoint, cursor or coordinates); details.reason says which.',
  },
  grounding_not_found: {
    status: 422,
    retryable: false,
    details: ['grounding'],
    meaning: "A grounding id names no fact or evidence the caller can see (made up, another andee's private one, or gone); details.grounding lists them.",
  },
  not_agent_authored: { status: 409, retryable: false, meaning: 'Only agent-authored items can have their visibility changed by a tool.' },
  hosted_runtime_only: { status: 403, retryable: false, meaning: 'This tool belongs to the & hosted runtime; a public OAuth client cannot call it.' },
  first_party_only: {
    status: 403,
    retryable: false,
    meaning: "Only the andee's own first-party & app (or the web app) may do this; a third-party OAuth client cannot.",
  },
  run_token_invalid: {
    status: 401,
    retryable: false,
    meaning: 'The X-Run-Token is missing, malformed, expired, for another andee or for a run that has ended.',
  },
  outcome_not_allowed: {
    status: 409,
    retryable: false,
    meaning:
      "The run's outcome specification does not allow this terminal mode, or it is timed_out before the run's deadline; the run stays open until its deadline.",
  },
  unknown_block: {
    status: 422,
    retryable: false,
    details: ['unknownBlocks'],
    meaning: 'A block the live surface contract does not expose; details.unknownBlocks names them.',
  },
  // The andee's web app and the authorization server's pages.
  form_too_large: { status: 413, retryable: false, meaning: 'A posted form is larger than 64 KiB; nothing was read.' },
  form_unsupported: {
    status: 415,
    retryable: false,
    meaning: 'A form was posted as something other than application/x-www-form-urlencoded; send it from its page.',
  },
  csrf_invalid: {
    status: 403,
    retryable: false,
    meaning: "The form does not carry this browser session's CSRF token (it expired, or another site sent it); reload the page.",
  },
  invalid_tag: { status: 400, retryable: false, meaning: 'The &tag asked for at sign-up is not a valid tag.' },
  invalid_name: { status: 400, retryable: false, meaning: 'The display name asked for at sign-up is not 1 to 80 characters.' },
  tag_taken: { status: 409, retryable: false, meaning: 'The &tag asked for at sign-up already belongs to an andee.' },
  sign_in_link_unknown: { status: 400, retryable: false, meaning: 'The sign-in link is not one & issued.' },
  sign_in_link_used: { status: 400, retryable: false, meaning: 'The sign-in link was already spent; each works once.' },
  sign_in_link_expired: { status: 400, retryable: false, meaning: 'The sign-in link is older than its lifetime.' },
  interaction_expired: { status: 404, retryable: false, meaning: 'The authorization request behind the approval page is finished or has expired.' },
  interaction_used: { status: 410, retryable: false, meaning: 'The approval link was already answered; each authorization request is answered once.' },
  approval_number_wrong: {
    status: 403,
    retryable: false,
    meaning: 'The number typed on the approving device is not the one the starting screen shows; the authorization request is ended.',
  },
  invalid_client: { status: 400, retryable: false, meaning: 'The app making an authorization request is not registered.' },
  grant_not_found: { status: 404, retryable: false, meaning: 'The app to revoke no longer holds access.' },
  slow_down: {
    status: 400,
    retryable: true,
    details: ['retryAfterSeconds'],
    meaning: 'A device code is polled faster than its interval (RFC 8628 §3.5, status 400 as OAuth errors are); wait details.retryAfterSeconds.',
  },
});

export type AmpersandErrorCode = keyof typeof ampersandErrors.table;

export const fail = ampersandErrors.fail;
