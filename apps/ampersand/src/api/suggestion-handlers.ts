/**
 * The domain function behind `signal_suggestion_write` (contracts/suggestion-operations.ts):
 * `signals:write` plus the run token of the andee's live turn (`X-Run-Token`); a public OAuth
 * connection alone cannot draft. In a Loop turn the `loopId` is required and must be the run's;
 * in a plain agent-chat turn (no Loop) it is omitted, and naming a Loop there is refused — a chat
 * turn's token reaches no Loop.
 */
import type { suggestionOperations } from '../contracts/suggestion-operations.ts';
import { ampersandErrors } from '../errors.ts';
import type { RunTokens } from '../loops/run-token.ts';
import type { MeaningComparer } from '../suggestions/meaning-comparer.ts';
import { draftSuggestion } from '../suggestions/signal-suggestions.ts';
import type { OperationBindings } from './operation-routes.ts';
import type { AreaDeps } from './route-kit.ts';

export interface SuggestionHandlerDeps extends AreaDeps {
  runTokens: RunTokens;
  comparer: MeaningComparer;
}

export function suggestionHandlers(deps: SuggestionHandlerDeps): OperationBindings<(typeof suggestionOperations)[number]['name']> {
  return {
    signal_suggestion_write: async (input, { c, caller: me }) => {
      const caller = await me();
      const token = c.req.header('X-Run-Token');
      if (!token)
        throw ampersandErrors.fail(
          'run_token_invalid',
          'signal_suggestion_write is turn-scoped: send the run token & minted for the current agent or Loop turn in X-Run-Token.',
        );
      const run = await deps.runTokens.verify(token, caller.andeeId, deps.now());
      if (run.loopId === null) {
        if (input.loopId)
          throw ampersandErrors.fail('run_token_invalid', 'This run token is for an agent-chat turn, which has no Loop: omit loopId.', {
            chatTurnId: run.chatTurnId,
          });
      } else {
        if (!input.loopId)
          throw ampersandErrors.fail('invalid_arguments', 'loopId is required during a Loop turn.', {
            fields: [{ field: 'loopId', problem: 'is required during a Loop turn' }],
          });
        if (input.loopId !== run.loopId)
          throw ampersandErrors.fail('run_token_invalid', `This run token is for Loop ${run.loopId} only.`, { loopId: run.loopId });
      }
      return draftSuggestion(deps.db, deps.comparer, run, input, deps.now());
    },
  };
}
