/**
 * Plain agent chat on the JSON API, for the andee's own first-party & app (the operator declared
 * its client first-party): sending a message is the explicit andee action that starts an
 * agent-chat turn, exactly as Send on the web chat page; reading returns the canonical agent-chat
 * conversation and its turns. A third-party agent cannot start the andee's turns.
 */
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import * as z from 'zod';
import type { AndeeRepository } from '../andees/andee-repository.ts';
import { isHostedRuntime } from '../auth/hosted-runtime.ts';
import type { FirstPartyClients } from '../identity/visibility.ts';
import { chatCases } from '../loops/chat-cases.ts';
import { ampersandErrors } from '../errors.ts';
import type { TurnEngine } from '../loops/turn-engine.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { requireApiToken, type ApiEnv, type ApiTokenDeps } from './api-token.ts';
import { callerOf, handle } from './route-kit.ts';

export interface ChatRouteDeps extends ApiTokenDeps {
  db: Kysely<AmpersandDatabase>;
  andees: AndeeRepository;
  firstParty: FirstPartyClients;
  engine: TurnEngine;
}

const chatSendInput = z.object({ message: z.string().trim().min(1).max(2000) }).strict();
const chatReadInput = z.object({ limit: z.number().int().min(1).max(200).optional() }).strict();

export function chatRoutes(deps: ChatRouteDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const asking = requireApiToken(deps, ['signals:ask']);
  const cases = chatCases(deps);

  // &'s hosted runtime is first-party, so it reads the chat it answers; it answers turns and never starts one.
  app.post('/v1/chat/send', asking, (c) =>
    handle(c, chatSendInput, async (input) => {
      if (isHostedRuntime(c.get('principal')))
        throw ampersandErrors.fail('first_party_only', 'The & hosted runtime answers agent-chat turns; only the andee starts them.');
      return cases.send(await callerOf(c, deps.andees), input, c.get('correlationId'));
    }),
  );
  app.post('/v1/chat/read', asking, (c) => handle(c, chatReadInput, async (input) => cases.read(await callerOf(c, deps.andees), input)));
  return app;
}
