/**
 * The JSON API the MCP service forwards tool calls to, composed from one route file per area.
 * Each route has the scope the tool catalog gives it, the input contract the tool advertises,
 * and errors in the one error shape. The caller is always the token's subject; no route takes an
 * andee id.
 */
import { Hono } from 'hono';
import type { ApiEnv } from './api-token.ts';
import { connectionRoutes, type ConnectionRouteDeps } from './connection-routes.ts';
import { identityRoutes, type IdentityRouteDeps } from './identity-routes.ts';
import { questionRoutes, type QuestionRouteDeps } from './question-routes.ts';

export type V1Deps = IdentityRouteDeps & ConnectionRouteDeps & QuestionRouteDeps;

export function v1Routes(deps: V1Deps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.route('/', identityRoutes(deps));
  app.route('/', connectionRoutes(deps));
  app.route('/', questionRoutes(deps));
  return app;
}
