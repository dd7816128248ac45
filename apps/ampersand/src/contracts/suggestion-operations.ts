/**
 * `signal_suggestion_write` (spec "Identity and discovery"): turn-scoped, so the API refuses it
 * without the run token of the andee's live turn, which the MCP service relays with every call.
 */
import { declareOperation, IDEMPOTENT_WRITE } from './declare-operation.ts';
import { suggestionInput, suggestionOutput } from './suggestion-contracts.ts';

export const suggestionOperations = [
  declareOperation({
    name: 'signal_suggestion_write',
    path: '/v1/signals/suggest',
    title: 'Suggest an identity signal',
    description:
      "Turn-scoped: needs the run token & minted for the current agent-chat or Loop turn (X-Run-Token); loopId is required in a Loop turn and omitted in agent chat. Offers an inferred identity claim (succinct, first person, with distinguishing detail) under a valid HDS leaf code. Broad topics, noise and semantic duplicates of the andee's identity or earlier suggestions return drafted: false and create nothing; drafted: true means a pending review item exists, not that the signal is part of the &tag.",
    input: suggestionInput,
    output: suggestionOutput,
    annotations: IDEMPOTENT_WRITE,
    scopes: { all: ['signals:write'] },
    turnScoped: true,
    text: (r) => r.message,
  }),
] as const;
