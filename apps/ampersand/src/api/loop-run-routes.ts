/**
 * `POST /v1/loops/runs` (loops:read): a Loop's runs, or one of them, for the andee's own apps to
 * follow a turn. A route with no tool: an agent reads a Loop with loop_read. A third-party client
 * gets no ending that quotes a fact it may not see (third-party-loop-view.ts).
 */
import { Hono } from 'hono';
import * as z from 'zod';
import type { LoopOperations } from '../loops/loop-operations.ts';
import type { FirstPartyClients } from '../identity/visibility.ts';
import { requireApiToken, type ApiEnv, type ApiTokenDeps } from './api-token.ts';
import { callerOf, handle, type AreaDeps } from './route-kit.ts';

export interface LoopRunRouteDeps extends AreaDeps, ApiTokenDeps {
  operations: LoopOperations;
  firstParty: FirstPartyClients;
}

const loopRunsInput = z.object({ loopId: z.string().min(1).max(100), runId: z.string().min(1).max(100).optional() }).strict();

export function loopRunRoutes(deps: LoopRunRouteDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.post('/v1/loops/runs', requireApiToken(deps, ['loops:read']), (c) =>
    handle(c, loopRunsInput, async (input) => {
      const caller = await callerOf(c, deps.andees);
      return deps.operations.runs(caller.andeeId, input, () => deps.firstParty.isFirstParty(caller.clientId));
    }),
  );
  return app;
}
