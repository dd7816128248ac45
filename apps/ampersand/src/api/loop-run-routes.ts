/**
 * `POST /v1/loops/runs` (loops:read): a Loop's runs, or one of them, for the andee's own apps to
 * follow a turn. A route with no tool: an agent reads a Loop with loop_read. A third-party client
 * gets no ending that quotes a fact it may not see (third-party-loop-view.ts).
 */
import { Hono } from 'hono';
import * as z from 'zod';
import { ampersandErrors } from '../errors.ts';
import type { LoopOperations } from '../loops/loop-operations.ts';
import { listRuns, readRun, type RunView } from '../loops/runs.ts';
import { screenRunsForCaller } from '../loops/third-party-loop-view.ts';
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
      await deps.operations.loops.summary(caller.andeeId, input.loopId);
      const screened = (runs: RunView[]) =>
        screenRunsForCaller(deps.db, caller.andeeId, input.loopId, runs, () => deps.firstParty.isFirstParty(caller.clientId));
      if (!input.runId) return { runs: await screened(await listRuns(deps.db, input.loopId)) };
      const run = await readRun(deps.db, input.runId);
      if (!run || run.loopId !== input.loopId) throw ampersandErrors.fail('loop_not_found', `No run ${input.runId} in this Loop.`, { runId: input.runId });
      return { runs: await screened([run]) };
    }),
  );
  return app;
}
