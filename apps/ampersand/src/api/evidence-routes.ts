/**
 * Evidence on the API. The hosted runtime reads it (`signals:evidence_read`, its principal only,
 * the caller's own evidence — no route takes a subject); the andee's own first-party app sends
 * it in, derived only (`signals:write` from a client the operator declared first-party).
 */
import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import type { AndeeRepository } from '../andees/andee-repository.ts';
import { isHostedRuntime } from '../auth/hosted-runtime.ts';
import { identitySnapshotPage } from '../evidence/identity-snapshot.ts';
import { photoEvidencePage, recordPhotoEvidence } from '../evidence/photo-evidence.ts';
import { placeEvidencePage, recordPlaceEvidence } from '../evidence/place-evidence.ts';
import { suggestionFeedback } from '../evidence/suggestion-feedback.ts';
import type { FirstPartyClients } from '../identity/visibility.ts';
import { ampersandErrors } from '../errors.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { requireApiToken, type ApiEnv, type ApiTokenDeps } from './api-token.ts';
import {
  identityReadInput,
  photoEvidenceInput,
  photoIntakeInput,
  placeEvidenceInput,
  placeIntakeInput,
  suggestionFeedbackInput,
} from '../contracts/evidence-contracts.ts';
import { callerOf, handle } from './route-kit.ts';

export interface EvidenceRouteDeps extends ApiTokenDeps {
  db: Kysely<AmpersandDatabase>;
  andees: AndeeRepository;
  firstParty: FirstPartyClients;
}

export function evidenceRoutes(deps: EvidenceRouteDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const read = requireApiToken(deps, ['signals:evidence_read']);
  const intake = requireApiToken(deps, ['signals:write']);

  async function runtimeCaller(c: Context<ApiEnv>): Promise<string> {
    if (!isHostedRuntime(c.get('principal'))) throw ampersandErrors.fail('hosted_runtime_only', 'Evidence is read only by the & hosted runtime.');
    return (await callerOf(c, deps.andees)).andeeId;
  }
  async function ownAppCaller(c: Context<ApiEnv>): Promise<string> {
    const caller = await callerOf(c, deps.andees);
    if (!(await deps.firstParty.isFirstParty(caller.clientId)))
      throw ampersandErrors.fail('first_party_only', "Evidence is sent only by the andee's own first-party app.");
    return caller.andeeId;
  }

  app.post('/v1/evidence/identity', read, (c) =>
    handle(c, identityReadInput, async (input) => identitySnapshotPage(deps.db, await runtimeCaller(c), input, deps.now())),
  );
  app.post('/v1/evidence/photos/read', read, (c) => handle(c, photoEvidenceInput, async (input) => photoEvidencePage(deps.db, await runtimeCaller(c), input)));
  app.post('/v1/evidence/places/read', read, (c) => handle(c, placeEvidenceInput, async (input) => placeEvidencePage(deps.db, await runtimeCaller(c), input)));
  app.post('/v1/evidence/suggestion-feedback', read, (c) =>
    handle(c, suggestionFeedbackInput, async () => suggestionFeedback(deps.db, await runtimeCaller(c))),
  );
  app.post('/v1/evidence/photos', intake, (c) =>
    handle(c, photoIntakeInput, async (input) => recordPhotoEvidence(deps.db, await ownAppCaller(c), input, deps.now())),
  );
  app.post('/v1/evidence/places', intake, (c) => handle(c, placeIntakeInput, async (input) => recordPlaceEvidence(deps.db, await ownAppCaller(c), input)));
  return app;
}
