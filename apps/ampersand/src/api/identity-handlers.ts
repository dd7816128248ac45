/**
 * The domain functions behind the identity operations (contracts/identity-operations.ts): ask,
 * write, a profile and discovery. Each takes the caller from the token and decides visibility
 * from the caller and whether the token's client is the andee's own first-party runtime.
 */
import { liveGrantCondition } from '../auth/grants.ts';
import type { identityOperations } from '../contracts/identity-operations.ts';
import type { AnswerSynthesizer } from '../identity/answer-synthesizer.ts';
import { askContextIf } from '../identity/ask-context-read.ts';
import { askMode, askQuestion } from '../identity/ask-question.ts';
import type { IdentitySignals } from '../identity/identity-signals.ts';
import { andeeRead, findAndees } from '../identity/profiles.ts';
import type { TurnMessageMatcher } from '../identity/turn-message-matcher.ts';
import type { FirstPartyClients, Viewer } from '../identity/visibility.ts';
import { revokedChallenge, type ApiTokenDeps } from './api-token.ts';
import type { OperationBindings } from './operation-routes.ts';
import type { Caller } from '../andees/caller.ts';
import { writeOnce } from '../store/write-once.ts';
import type { AreaDeps } from './route-kit.ts';

export interface IdentityHandlerDeps extends AreaDeps, ApiTokenDeps {
  signals: IdentitySignals;
  firstParty: FirstPartyClients;
  synthesizer: AnswerSynthesizer;
  /** Absent by default: then no write is matched to a chat turn and every write is pending. */
  turnMatcher?: TurnMessageMatcher | undefined;
}

export async function viewerOf(firstParty: FirstPartyClients, caller: Caller): Promise<Viewer> {
  return { andeeId: caller.andeeId, firstParty: await firstParty.isFirstParty(caller.clientId) };
}

export function identityHandlers(deps: IdentityHandlerDeps): OperationBindings<(typeof identityOperations)[number]['name']> {
  return {
    // The grant check, the caller, the first-party check, the connections, the &tagged andees and
    // their visible signals are one statement (api-token.ts, `in-read`; identity/ask-context-read.ts).
    ask_question: {
      grantCheck: 'in-read',
      run: async (input, { c }) => {
        const principal = c.get('principal');
        const context = await askContextIf(
          deps.db,
          principal.subject,
          principal.clientId,
          input.participants ?? [],
          askMode(input),
          liveGrantCondition(c.get('grantId'), principal.subject, deps.now()),
        );
        if (!context) return revokedChallenge(deps, c.get('correlationId'));
        return askQuestion(deps, context, input);
      },
    },

    identity_write: async ({ idempotencyKey, ...args }, { c, operation, caller: me }) => {
      const caller = await me();
      const now = deps.now();
      const turn = deps.turnMatcher ? await deps.turnMatcher.match({ andeeId: caller.andeeId, value: args.value, headers: c.req.raw.headers }) : undefined;
      return writeOnce(deps.db, { accountId: caller.andeeId, operation, idempotencyKey }, args, now, async (trx) => {
        const outcome = await deps.signals.write(
          caller.andeeId,
          {
            value: args.value,
            status: turn ? 'approved' : 'pending',
            provenance: turn ? { source: 'turn', clientId: caller.clientId, turnId: turn.turnId } : { source: 'mcp', clientId: caller.clientId },
          },
          now,
          trx,
        );
        if (!outcome.written) {
          return {
            written: false,
            status: outcome.duplicateOf.status,
            signalId: outcome.duplicateOf.signalId,
            hdsCode: outcome.duplicateOf.hdsCode,
            message: `Nothing was written: this exact fact is already ${outcome.duplicateOf.status === 'approved' ? 'part of the identity' : 'waiting in the review queue'}.`,
          };
        }
        const signal = outcome.signal;
        return {
          written: true,
          status: turn ? 'approved' : 'pending',
          signalId: signal.signalId,
          hdsCode: signal.hdsCode,
          message: turn
            ? `Saved and approved: it matches what the andee said in this chat turn (filed under ${signal.hdsCode}).`
            : `Saved as pending (filed under ${signal.hdsCode}): it becomes part of the identity once the andee approves it in their review queue.`,
        };
      });
    },

    andee_read: async (input, { caller }) => andeeRead(deps.db, deps.andees, await viewerOf(deps.firstParty, await caller()), input),

    find_andees: async (input, { caller }) => findAndees(deps.db, await viewerOf(deps.firstParty, await caller()), input),
  };
}
