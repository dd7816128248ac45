/** The Loop error codes (one table, one HTTP status each) beside the platform's. */
import { defineErrorTable } from '@agent-products/kit/errors';

export const loopErrors = defineErrorTable({
  loop_not_found: { status: 404, retryable: false, meaning: 'No Loop with this id is visible to the caller.' },
  item_not_found: { status: 404, retryable: false, meaning: 'No item with this id exists in the Loop.' },
  not_loop_owner: { status: 403, retryable: false, meaning: 'Only the Loop owner may do this.' },
  member_not_found: { status: 404, retryable: false, meaning: 'The &tag names no andee.' },
  skill_already_pinned: { status: 409, retryable: false, meaning: 'The Loop skill is pinned write-once; other content is refused.' },
  item_not_admitted: { status: 422, retryable: false, meaning: 'The item is not a durable artifact (empty, placeholder, progress, checkpoint or cursor); details.reason says which.' },
  not_agent_authored: { status: 409, retryable: false, meaning: 'Only agent-authored items can have their visibility changed by a tool.' },
  hosted_runtime_only: { status: 403, retryable: false, meaning: 'This tool belongs to the & hosted runtime; a public OAuth client cannot call it.' },
  first_party_only: { status: 403, retryable: false, meaning: "Only the andee's own first-party & app (or the web app) may do this; a third-party OAuth client cannot." },
  run_token_invalid: { status: 401, retryable: false, meaning: 'The X-Run-Token is missing, malformed, expired, for another andee or for a run that has ended.' },
  outcome_not_allowed: { status: 409, retryable: false, meaning: "The run's outcome specification does not allow this terminal mode; the run stays open until its deadline." },
  unknown_block: { status: 422, retryable: false, meaning: 'A block the live surface contract does not expose; details.unknownBlocks names them.' },
});
