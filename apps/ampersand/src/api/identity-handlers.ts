/**
 * The identity operations (contracts/identity-operations.ts) bound to their use cases
 * (identity/identity-cases.ts, identity/signal-cases.ts) with the token's andee as the caller;
 * identity_write's chat-turn match reads the request's headers here (turn-message-matcher.ts).
 */
import type { identityOperations } from '../contracts/identity-operations.ts';
import type { AnswerSynthesizer } from '../identity/answer-synthesizer.ts';
import { identityCases } from '../identity/identity-cases.ts';
import type { IdentitySignals } from '../identity/identity-signals.ts';
import { signalCases } from '../identity/signal-cases.ts';
import type { TurnMessageMatcher } from '../identity/turn-message-matcher.ts';
import type { FirstPartyClients } from '../identity/visibility.ts';
import type { ApiTokenDeps } from './api-token.ts';
import type { OperationBindings } from './operation-routes.ts';
import type { AreaDeps } from './route-kit.ts';

export interface IdentityHandlerDeps extends AreaDeps, ApiTokenDeps {
  signals: IdentitySignals;
  firstParty: FirstPartyClients;
  synthesizer: AnswerSynthesizer;
  /** Absent by default: then no write is matched to a chat turn and every write is pending. */
  turnMatcher?: TurnMessageMatcher | undefined;
}

export function identityHandlers(deps: IdentityHandlerDeps): OperationBindings<(typeof identityOperations)[number]['name']> {
  const identity = identityCases(deps);
  const signals = signalCases(deps);
  return {
    // The grant check travels in the use case's one read (api-token.ts, `in-read`; identity/ask-context-read.ts).
    ask_question: {
      grantCheck: 'in-read',
      run: (input, { c }) => {
        const principal = c.get('principal');
        return identity.ask({ andeeId: principal.subject, clientId: principal.clientId }, input, { grantId: c.get('grantId'), now: deps.now() });
      },
    },

    identity_write: async (input, { c, caller: me }) => {
      const caller = await me();
      const now = deps.now();
      const turn = deps.turnMatcher ? await deps.turnMatcher.match({ andeeId: caller.andeeId, value: input.value, headers: c.req.raw.headers }) : undefined;
      return signals.write(caller, input, now, turn);
    },

    andee_read: async (input, { caller }) => identity.andee(await caller(), input),
    find_andees: async (input, { caller }) => identity.find(await caller(), input),
  };
}
