/**
 * The Loop routes of the JSON API, one per tool, each enforcing the tool's scope again (the MCP
 * service checked it first). The caller is always the access token's subject. A route that may
 * act within a run reads the run token from `X-Run-Token` and verifies it against the caller and
 * the live run; `run_outcome` needs one.
 */
import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import * as z from 'zod';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { AndeeRepository } from '../andees/andee-repository.ts';
import { isHostedRuntime } from '../auth/hosted-runtime.ts';
import { composeLoop } from '../loops/loop-composition.ts';
import { ampersandErrors } from '../errors.ts';
import { pinSkill } from '../loops/skill-pins.ts';
import type { LoopOperations } from '../loops/loop-operations.ts';
import type { RunTokens } from '../loops/run-token.ts';
import { listRuns, readRun, type RunView } from '../loops/runs.ts';
import { requireApiToken, revokedChallenge, type ApiEnv, type ApiTokenDeps } from './api-token.ts';
import { liveGrantCondition } from '../auth/grants.ts';
import {
  loopArchiveInput,
  loopComposeInput,
  loopPinSkillInput,
  loopCreateInput,
  loopMembersInput,
  loopReadInput,
  loopShareInput,
  loopVisibilityInput,
  loopWriteInput,
  runOutcomeInput,
} from '../contracts/loop-contracts.ts';
import { callerOf, handle } from './route-kit.ts';

export const RUN_TOKEN_HEADER = 'X-Run-Token';

export interface LoopRouteDeps extends ApiTokenDeps {
  db: Kysely<AmpersandDatabase>;
  andees: AndeeRepository;
  operations: LoopOperations;
  runTokens: RunTokens;
}

const loopRunsInput = z.object({ loopId: z.string().min(1).max(100), runId: z.string().min(1).max(100).optional() }).strict();

export function loopRoutes(deps: LoopRouteDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const ops = deps.operations;
  const read = requireApiToken(deps, ['loops:read']);
  const write = requireApiToken(deps, ['loops:write']);

  // An agent's every step: one Loop outside a run has its grant check in the view's one statement
  // (api-token.ts `in-read`); the shelf and a read within a run check the grant first, as before.
  app.post('/v1/loops/read', requireApiToken(deps, ['loops:read'], { grantCheck: 'in-read' }), (c) =>
    handle(c, loopReadInput, async (input) => {
      const me = c.get('principal').subject;
      const grantId = c.get('grantId');
      if (!c.req.header(RUN_TOKEN_HEADER) && (input.loopId || input.title !== undefined)) {
        return (await ops.readGranted(me, input, liveGrantCondition(grantId, me, deps.now()))) ?? revokedChallenge(deps, c.get('correlationId'));
      }
      if (!(await deps.grants.liveGrantAndee(grantId, me, deps.now()))) return revokedChallenge(deps, c.get('correlationId'));
      return ops.read(me, input, await optionalRun(c));
    }),
  );
  app.post('/v1/loops/members', read, (c) =>
    handle(c, loopMembersInput, async (input) => ({ loopId: input.loopId, members: await ops.loops.members(await caller(c), input.loopId) })),
  );
  app.post('/v1/loops/runs', read, (c) =>
    handle(c, loopRunsInput, async (input) => {
      await ops.loops.summary(await caller(c), input.loopId);
      if (!input.runId) return { runs: await listRuns(deps.db, input.loopId) };
      const run = await readRun(deps.db, input.runId);
      if (!run || run.loopId !== input.loopId) throw ampersandErrors.fail('loop_not_found', `No run ${input.runId} in this Loop.`, { runId: input.runId });
      return { runs: [run] };
    }),
  );
  app.post('/v1/loops/create', write, (c) => handle(c, loopCreateInput, async (input) => ops.create(await caller(c), input, deps.now())));
  app.post('/v1/loops/write', write, (c) => handle(c, loopWriteInput, async (input) => ops.write(await caller(c), input, deps.now(), await optionalRun(c))));
  app.post('/v1/loops/share', write, (c) =>
    handle(c, loopShareInput, async (input) => {
      const me = await caller(c);
      const { added } = await ops.loops.share(me, input.loopId, input.tag, deps.now());
      return { loopId: input.loopId, tag: `&${input.tag.replace(/^&/, '').toLowerCase()}`, changed: added, members: await ops.loops.members(me, input.loopId) };
    }),
  );
  app.post('/v1/loops/unshare', write, (c) =>
    handle(c, loopShareInput, async (input) => {
      const me = await caller(c);
      const { removed } = await ops.loops.unshare(me, input.loopId, input.tag, deps.now());
      return {
        loopId: input.loopId,
        tag: `&${input.tag.replace(/^&/, '').toLowerCase()}`,
        changed: removed,
        members: await ops.loops.members(me, input.loopId),
      };
    }),
  );
  app.post('/v1/loops/item-visibility', write, (c) => handle(c, loopVisibilityInput, async (input) => ops.setVisibility(await caller(c), input, deps.now())));
  app.post('/v1/loops/archive', write, (c) =>
    handle(c, loopArchiveInput, async (input) => ({ loop: await ops.loops.archive(await caller(c), input.loopId, input.archived ?? true, deps.now()) })),
  );
  // Hosted-runtime only: authoring the Loop's skill and composing its surface are first-party.
  app.post('/v1/loops/pin-skill', write, (c) =>
    handle(c, loopPinSkillInput, async (input) => {
      const me = await hostedCaller(c);
      await ops.loops.requireOwner(me, input.loopId);
      return pinSkill(deps.db, input.loopId, input.content, input.outcomeSpec, deps.now());
    }),
  );
  app.post('/v1/loops/compose', write, (c) =>
    handle(c, loopComposeInput, async (input) => {
      const me = await hostedCaller(c);
      await ops.loops.requireOwner(me, input.loopId);
      return composeLoop(deps.db, input.loopId, input, deps.now());
    }),
  );
  app.post('/v1/runs/outcome', write, (c) =>
    handle(c, runOutcomeInput, async (input) => {
      const run = await optionalRun(c);
      if (!run) throw ampersandErrors.fail('run_token_invalid', `run_outcome is run-bound: send the turn's run token in ${RUN_TOKEN_HEADER}.`);
      return ops.outcome(run, input, deps.now());
    }),
  );

  // The caller requireApiToken loaded with its grant check: no second read of the andee.
  async function caller(c: Context<ApiEnv>): Promise<string> {
    return (await callerOf(c, deps.andees)).andeeId;
  }

  async function hostedCaller(c: Context<ApiEnv>): Promise<string> {
    if (!isHostedRuntime(c.get('principal')))
      throw ampersandErrors.fail(
        'hosted_runtime_only',
        'Only the & hosted runtime may author a Loop skill or compose its surface; public OAuth clients cannot.',
      );
    return caller(c);
  }

  async function optionalRun(c: Context<ApiEnv>): Promise<RunView | undefined> {
    const token = c.req.header(RUN_TOKEN_HEADER);
    if (!token) return undefined;
    return deps.runTokens.verify(token, c.get('principal').subject, deps.now());
  }

  return app;
}
