/**
 * The identity use cases: ask (an answer about the caller, their connections or &tagged andees,
 * from what the caller may see), one andee's profile, and discovery. Visibility is decided from
 * the caller and whether their client is the andee's own first-party runtime (visibility.ts).
 */
import type { Kysely } from 'kysely';
import type { AndeeRepository } from '../andees/andee-repository.ts';
import type { Caller } from '../andees/caller.ts';
import { grantRevoked, type GrantCheck } from '../auth/grant-check.ts';
import { liveGrantCondition } from '../auth/grants.ts';
import type { OperationInput, OperationOutput } from '../contracts/operations.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { AnswerSynthesizer } from './answer-synthesizer.ts';
import { askContextIf } from './ask-context-read.ts';
import { askMode, askQuestion } from './ask-question.ts';
import { andeeRead, findAndees } from './profiles.ts';
import type { FirstPartyClients, Viewer } from './visibility.ts';

export interface IdentityCaseDeps {
  db: Kysely<AmpersandDatabase>;
  andees: AndeeRepository;
  firstParty: FirstPartyClients;
  synthesizer: AnswerSynthesizer;
}

export async function viewerOf(firstParty: FirstPartyClients, caller: Pick<Caller, 'andeeId' | 'clientId'>): Promise<Viewer> {
  return { andeeId: caller.andeeId, firstParty: await firstParty.isFirstParty(caller.clientId) };
}

export function identityCases(deps: IdentityCaseDeps) {
  return {
    /**
     * ask_question: the grant check, the caller, the first-party check, the connections, the
     * &tagged andees and their visible signals are one statement (ask-context-read.ts).
     */
    async ask(
      caller: Pick<Caller, 'andeeId' | 'clientId'>,
      input: OperationInput<'ask_question'>,
      grant: GrantCheck,
    ): Promise<OperationOutput<'ask_question'>> {
      const condition = liveGrantCondition(grant.grantId, caller.andeeId, grant.now);
      const context = await askContextIf(deps.db, caller.andeeId, caller.clientId, input.participants ?? [], askMode(input), condition);
      if (!context) throw grantRevoked();
      return askQuestion(deps, context, input);
    },

    async andee(caller: Caller, input: OperationInput<'andee_read'>): Promise<OperationOutput<'andee_read'>> {
      return andeeRead(deps.db, deps.andees, await viewerOf(deps.firstParty, caller), input);
    },

    async find(caller: Caller, input: OperationInput<'find_andees'>): Promise<OperationOutput<'find_andees'>> {
      return findAndees(deps.db, await viewerOf(deps.firstParty, caller), input);
    },
  };
}
