/** The Loop error codes (one table, one HTTP status each) beside the platform's. */
import { defineErrorTable } from '@agent-products/kit/mcp';

export const loopErrors = defineErrorTable({
  loop_not_found: { retryable: false, meaning: 'No Loop with this id is visible to the caller.' },
  item_not_found: { retryable: false, meaning: 'No item with this id exists in the Loop.' },
  not_loop_owner: { retryable: false, meaning: 'Only the Loop owner may do this.' },
  member_not_found: { retryable: false, meaning: 'The &tag names no andee.' },
  skill_already_pinned: { retryable: false, meaning: 'The Loop skill is pinned write-once; other content is refused.' },
  item_not_admitted: { retryable: false, meaning: 'The item is not a durable artifact (empty, placeholder, progress, checkpoint or cursor); details.reason says which.' },
  not_agent_authored: { retryable: false, meaning: 'Only agent-authored items can have their visibility changed by a tool.' },
  hosted_runtime_only: { retryable: false, meaning: 'This tool belongs to the & hosted runtime; a public OAuth client cannot call it.' },
  run_token_invalid: { retryable: false, meaning: 'The X-Run-Token is missing, malformed, expired, for another andee or for a run that has ended.' },
  outcome_not_allowed: { retryable: false, meaning: "The run's outcome specification does not allow this terminal mode; the run stays open until its deadline." },
  unknown_block: { retryable: false, meaning: 'A block the live surface contract does not expose; details.unknownBlocks names them.' },
});

export const LOOP_ERROR_STATUS: Record<string, number> = {
  idempotency_conflict: 409,
  loop_not_found: 404,
  item_not_found: 404,
  member_not_found: 404,
  not_loop_owner: 403,
  skill_already_pinned: 409,
  item_not_admitted: 422,
  not_agent_authored: 409,
  hosted_runtime_only: 403,
  run_token_invalid: 401,
  outcome_not_allowed: 409,
  unknown_block: 422,
};
