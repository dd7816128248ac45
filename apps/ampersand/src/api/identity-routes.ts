/**
 * The identity API: ask (signals:ask), write (signals:write), a profile (connections:read) and
 * discovery (signals:ask). Each route checks its scope itself (requireApiToken), takes the caller
 * from the token, and decides visibility from the caller and whether the token's client is the
 * andee's own first-party runtime.
 */
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { ApiEnv, ApiTokenDeps } from './api-token.ts';
import { requireApiToken, revokedChallenge } from './api-token.ts';
import { liveGrantCondition } from '../auth/grants.ts';
import { andeeReadInput, findAndeesInput, identityWriteInput, type IdentityWriteOutput } from '../contracts/identity-contracts.ts';
import { askQuestionInput } from '../contracts/contracts.ts';
import { callerOf, handle, writeOnce, type AreaDeps, type Caller } from './route-kit.ts';
import { askContextIf } from '../identity/ask-context-read.ts';
import { askMode, askQuestion } from '../identity/ask-question.ts';
import type { AnswerSynthesizer } from '../identity/answer-synthesizer.ts';
import type { IdentitySignals } from '../identity/identity-signals.ts';
import { andeeRead, findAndees } from '../identity/profiles.ts';
import type { TurnMessageMatcher } from '../identity/turn-message-matcher.ts';
import type { FirstPartyClients, Viewer } from '../identity/visibility.ts';

export interface IdentityRouteDeps extends AreaDeps, ApiTokenDeps {
  signals: IdentitySignals;
  firstParty: FirstPartyClients;
  synthesizer: AnswerSynthesizer;
  /** Absent by default: then no write is matched to a chat turn and every write is pending. */
  turnMatcher?: TurnMessageMatcher | undefined;
}

export async function viewerOf(firstParty: FirstPartyClients, caller: Caller): Promise<Viewer> {
  return { andeeId: caller.andeeId, firstParty: await firstParty.isFirstParty(caller.clientId) };
}

export function identityRoutes(deps: IdentityRouteDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const me = (c: Context<ApiEnv>) => callerOf(c, deps.andees);

  // The grant check, the caller, the first-party check, the connections, the &tagged andees and
  // their visible signals are one statement (api-token.ts, `in-read`; identity/ask-context-read.ts).
  app.post('/v1/identity/ask', requireApiToken(deps, ['signals:ask'], { grantCheck: 'in-read' }), (c) =>
    handle(c, askQuestionInput, async (input) => {
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
    }),
  );

  app.post('/v1/identity/write', requireApiToken(deps, ['signals:write']), (c) =>
    handle(c, identityWriteInput, async ({ idempotencyKey, ...args }): Promise<IdentityWriteOutput> => {
      const caller = await me(c);
      const now = deps.now();
      const turn = deps.turnMatcher ? await deps.turnMatcher.match({ andeeId: caller.andeeId, value: args.value, headers: c.req.raw.headers }) : undefined;
      return writeOnce(deps.db, { accountId: caller.andeeId, operation: 'identity_write', idempotencyKey }, args, now, async (trx) => {
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
    }),
  );

  app.post('/v1/identity/andee', requireApiToken(deps, ['connections:read']), (c) =>
    handle(c, andeeReadInput, async (input) => {
      const caller = await me(c);
      return andeeRead(deps.db, deps.andees, await viewerOf(deps.firstParty, caller), input);
    }),
  );

  app.post('/v1/identity/find', requireApiToken(deps, ['signals:ask']), (c) =>
    handle(c, findAndeesInput, async (input) => {
      const caller = await me(c);
      return findAndees(deps.db, await viewerOf(deps.firstParty, caller), input);
    }),
  );

  return app;
}
