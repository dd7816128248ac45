/**
 * The agent-chat use cases: sending a message is the explicit andee action that starts an
 * agent-chat turn, and reading returns the canonical conversation and its turns. Only the andee
 * acts here: in the web app themself, or through a client the operator declared their own
 * first-party & app; a third-party agent is refused.
 */
import type { Kysely } from 'kysely';
import type { Caller } from '../andees/caller.ts';
import { ampersandErrors } from '../errors.ts';
import type { FirstPartyClients } from '../identity/visibility.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { listMessages } from './conversation.ts';
import { listChatRuns } from './runs.ts';
import type { TurnEngine } from './turn-engine.ts';

export interface ChatCaseDeps {
  db: Kysely<AmpersandDatabase>;
  firstParty: FirstPartyClients;
  engine: TurnEngine;
}

export function chatCases(deps: ChatCaseDeps) {
  /** The caller's andee id when the andee acts themself (the web session, or their own first-party app). */
  async function ownAndee(caller: Caller): Promise<string> {
    if (caller.clientId !== undefined && !(await deps.firstParty.isFirstParty(caller.clientId)))
      throw ampersandErrors.fail('first_party_only', 'Agent chat is started only by the andee, from the web app or their own first-party & app.');
    return caller.andeeId;
  }

  return {
    async send(caller: Caller, input: { message: string }, correlationId: string) {
      return deps.engine.startChat({ andeeId: await ownAndee(caller), message: input.message, correlationId });
    },
    async read(caller: Caller, input: { limit?: number | undefined }) {
      const andeeId = await ownAndee(caller);
      return { conversation: await listMessages(deps.db, { chatOf: andeeId }, input.limit ?? 50), turns: await listChatRuns(deps.db, andeeId, 20) };
    },
  };
}
