/**
 * The domain functions behind the Loop operations (contracts/loop-operations.ts). The caller is
 * always the access token's subject. An operation that may act within a run reads the run token
 * from `X-Run-Token` and verifies it against the caller and the live run; `run_outcome` needs one.
 */
import type { hostedLoopOperations, loopOperations } from '../contracts/loop-operations.ts';
import { grantRevoked } from '../auth/grant-check.ts';
import { ampersandErrors } from '../errors.ts';
import type { FirstPartyClients } from '../identity/visibility.ts';
import type { LoopOperations } from '../loops/loop-operations.ts';
import type { RunTokens } from '../loops/run-token.ts';
import type { RunView } from '../loops/runs.ts';
import type { ApiTokenDeps } from './api-token.ts';
import type { OperationBindings, OperationCall } from './operation-routes.ts';
import type { AreaDeps } from './route-kit.ts';

export const RUN_TOKEN_HEADER = 'X-Run-Token';

export interface LoopHandlerDeps extends AreaDeps, ApiTokenDeps {
  operations: LoopOperations;
  firstParty: FirstPartyClients;
  runTokens: RunTokens;
}

type LoopOperationName = (typeof loopOperations)[number]['name'] | (typeof hostedLoopOperations)[number]['name'];

export function loopHandlers(deps: LoopHandlerDeps): OperationBindings<LoopOperationName> {
  const ops = deps.operations;
  // The caller requireApiToken loaded with its grant check: no second read of the andee.
  const me = async (call: OperationCall) => (await call.caller()).andeeId;
  const optionalRun = (call: OperationCall) => runOf(deps, call);

  return {
    // An agent's every step: one Loop outside a run has its grant check in the view's one statement
    // (api-token.ts `in-read`); the shelf and a read within a run check the grant first, as before.
    loop_read: {
      grantCheck: 'in-read',
      run: async (input, call) => {
        const { c } = call;
        const subject = c.get('principal').subject;
        const grantId = c.get('grantId');
        // Asked only when the Loop holds something a third party might not see (third-party-loop-view.ts).
        const isFirstParty = () => deps.firstParty.isFirstParty(c.get('principal').clientId);
        if (!c.req.header(RUN_TOKEN_HEADER) && (input.loopId || input.title !== undefined)) {
          return ops.readGranted(subject, input, { grantId, now: deps.now() }, isFirstParty);
        }
        if (!(await deps.grants.liveGrantAndee(grantId, subject, deps.now()))) throw grantRevoked();
        return ops.read(subject, input, await optionalRun(call), isFirstParty);
      },
    },
    loop_members: async (input, call) => ops.members(await me(call), input),
    loop_create: async (input, call) => ops.create(await me(call), input, deps.now()),
    loop_write: async (input, call) => ops.write(await me(call), input, deps.now(), await optionalRun(call)),
    loop_share: async (input, call) => ops.share(await me(call), input, deps.now()),
    loop_unshare: async (input, call) => ops.unshare(await me(call), input, deps.now()),
    loop_set_item_visibility: async (input, call) => ops.setVisibility(await me(call), input, deps.now()),
    loop_archive: async (input, call) => ops.archive(await me(call), input, deps.now()),
    run_outcome: async (input, call) => {
      const run = await optionalRun(call);
      if (!run) throw ampersandErrors.fail('run_token_invalid', `run_outcome is run-bound: send the turn's run token in ${RUN_TOKEN_HEADER}.`);
      return ops.outcome(run, input, deps.now(), call.c.get('principal').clientId);
    },

    // The hosted runtime's alone (the route refuses anyone else before these run).
    loop_pin_skill: async (input, call) => ops.pinSkill(await me(call), input, deps.now()),
    loop_compose: async (input, call) => ops.compose(await me(call), input, deps.now()),
  };
}

/** The live run the request acts within, when it carries a run token (verified against the caller). */
async function runOf(deps: Pick<LoopHandlerDeps, 'runTokens' | 'now'>, call: Pick<OperationCall, 'c'>): Promise<RunView | undefined> {
  const token = call.c.req.header(RUN_TOKEN_HEADER);
  if (!token) return undefined;
  return deps.runTokens.verify(token, call.c.get('principal').subject, deps.now());
}
