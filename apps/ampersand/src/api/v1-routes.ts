/**
 * The JSON API under `/v1/`: a route for each declared operation (the route the MCP service
 * forwards its tool to), each bound to its domain function here, and the few routes no tool
 * stands for — agent chat, evidence and contacts sent by the andee's own app, a Loop's runs.
 * The caller is always the token's subject; no route takes an andee id.
 */
import { Hono } from 'hono';
import type { ApiEnv } from './api-token.ts';
import { chatRoutes, type ChatRouteDeps } from './chat-routes.ts';
import { connectionHandlers, type ConnectionHandlerDeps } from './connection-handlers.ts';
import { contactsRoutes, type ContactsRouteDeps } from './contacts-routes.ts';
import { evidenceHandlers } from './evidence-handlers.ts';
import { evidenceIntakeRoutes, type EvidenceIntakeRouteDeps } from './evidence-intake-routes.ts';
import { identityHandlers, type IdentityHandlerDeps } from './identity-handlers.ts';
import { loopHandlers, type LoopHandlerDeps } from './loop-handlers.ts';
import { loopRunRoutes } from './loop-run-routes.ts';
import { operationRoutes } from './operation-routes.ts';
import { questionHandlers, type QuestionHandlerDeps } from './question-handlers.ts';
import { suggestionHandlers, type SuggestionHandlerDeps } from './suggestion-handlers.ts';

export type V1Deps = IdentityHandlerDeps &
  ConnectionHandlerDeps &
  QuestionHandlerDeps &
  LoopHandlerDeps &
  SuggestionHandlerDeps &
  ContactsRouteDeps &
  EvidenceIntakeRouteDeps &
  ChatRouteDeps;

export function v1Routes(deps: V1Deps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.route(
    '/',
    operationRoutes(deps, {
      ...identityHandlers(deps),
      ...connectionHandlers(deps),
      ...questionHandlers(deps),
      ...loopHandlers(deps),
      ...suggestionHandlers(deps),
      ...evidenceHandlers(deps),
    }),
  );
  app.route('/', contactsRoutes(deps));
  app.route('/', evidenceIntakeRoutes(deps));
  app.route('/', loopRunRoutes(deps));
  app.route('/', chatRoutes(deps));
  return app;
}
