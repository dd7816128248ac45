/** The turn-scoped tool `signal_suggestion_write`: an adapter; the API checks the scope and the run token again. */
import { defineTool, type Tool } from '@agent-products/kit/mcp';
import { suggestionInput, suggestionOutput, type SuggestionOutput } from '../contracts/suggestion-contracts.ts';
import type { Forward } from './api-forwarder.ts';

export function suggestionTools(forward: Forward): Tool[] {
  return [
    defineTool({
      name: 'signal_suggestion_write',
      title: 'Suggest an identity signal',
      description:
        "Turn-scoped: needs the run token & minted for the current agent-chat or Loop turn (X-Run-Token); loopId is required in a Loop turn and omitted in agent chat. Offers an inferred identity claim (succinct, first person, with distinguishing detail) under a valid HDS leaf code. Broad topics, noise and semantic duplicates of the andee's identity or earlier suggestions return drafted: false and create nothing; drafted: true means a pending review item exists, not that the signal is part of the &tag.",
      input: suggestionInput,
      output: suggestionOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      access: { scopes: ['signals:write'] },
      run: (args, scope) => forward('/v1/signals/suggest', args, scope) as Promise<SuggestionOutput>,
      text: (r) => r.message,
    }),
  ];
}
