/**
 * Evidence sent in by the andee's own first-party app, derived only (`signals:write` from a client
 * the operator declared first-party): routes with no tool, since no agent sends evidence.
 */
import { Hono, type Context } from 'hono';
import { photoIntakeInput, placeIntakeInput } from '../contracts/evidence-contracts.ts';
import { ampersandErrors } from '../errors.ts';
import { recordPhotoEvidence } from '../evidence/photo-evidence.ts';
import { recordPlaceEvidence } from '../evidence/place-evidence.ts';
import type { FirstPartyClients } from '../identity/visibility.ts';
import { requireApiToken, type ApiEnv, type ApiTokenDeps } from './api-token.ts';
import { callerOf, handle, type AreaDeps } from './route-kit.ts';

export interface EvidenceIntakeRouteDeps extends AreaDeps, ApiTokenDeps {
  firstParty: FirstPartyClients;
}

export function evidenceIntakeRoutes(deps: EvidenceIntakeRouteDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const intake = requireApiToken(deps, ['signals:write']);

  async function ownAppCaller(c: Context<ApiEnv>): Promise<string> {
    const caller = await callerOf(c, deps.andees);
    if (!(await deps.firstParty.isFirstParty(caller.clientId)))
      throw ampersandErrors.fail('first_party_only', "Evidence is sent only by the andee's own first-party app.");
    return caller.andeeId;
  }

  app.post('/v1/evidence/photos', intake, (c) =>
    handle(c, photoIntakeInput, async (input) => recordPhotoEvidence(deps.db, await ownAppCaller(c), input, deps.now())),
  );
  app.post('/v1/evidence/places', intake, (c) => handle(c, placeIntakeInput, async (input) => recordPlaceEvidence(deps.db, await ownAppCaller(c), input)));
  return app;
}
