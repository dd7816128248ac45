/**
 * The domain functions behind the hosted runtime's evidence reads (contracts/evidence-operations.ts):
 * the caller's own evidence only (no operation takes a subject). The route has already refused
 * anyone but the hosted runtime.
 */
import type { evidenceOperations } from '../contracts/evidence-operations.ts';
import { identitySnapshotPage } from '../evidence/identity-snapshot.ts';
import { photoEvidencePage } from '../evidence/photo-evidence.ts';
import { placeEvidencePage } from '../evidence/place-evidence.ts';
import { suggestionFeedback } from '../evidence/suggestion-feedback.ts';
import type { OperationBindings } from './operation-routes.ts';
import type { AreaDeps } from './route-kit.ts';

export function evidenceHandlers(deps: AreaDeps): OperationBindings<(typeof evidenceOperations)[number]['name']> {
  return {
    identity_read: async (input, { caller }) => identitySnapshotPage(deps.db, (await caller()).andeeId, input, deps.now()),
    photo_evidence_read: async (input, { caller }) => photoEvidencePage(deps.db, (await caller()).andeeId, input),
    place_evidence_read: async (input, { caller }) => placeEvidencePage(deps.db, (await caller()).andeeId, input),
    suggestion_feedback_read: async (_input, { caller }) => suggestionFeedback(deps.db, (await caller()).andeeId),
  };
}
