/**
 * The domain functions behind the hosted runtime's evidence reads (contracts/evidence-operations.ts):
 * the caller's own evidence only (no operation takes a subject). The route has already refused
 * anyone but the hosted runtime.
 */
import { liveGrantCondition } from '../auth/grants.ts';
import type { evidenceOperations } from '../contracts/evidence-operations.ts';
import { identitySnapshotPageIf } from '../evidence/identity-snapshot.ts';
import { photoEvidencePage } from '../evidence/photo-evidence.ts';
import { placeEvidencePage } from '../evidence/place-evidence.ts';
import { suggestionFeedback } from '../evidence/suggestion-feedback.ts';
import { revokedChallenge, type ApiTokenDeps } from './api-token.ts';
import type { OperationBindings } from './operation-routes.ts';
import type { AreaDeps } from './route-kit.ts';

export function evidenceHandlers(deps: AreaDeps & ApiTokenDeps): OperationBindings<(typeof evidenceOperations)[number]['name']> {
  return {
    // Read on every step of a hosted turn: the grant check and the page are one statement
    // (api-token.ts, `in-read`; evidence/identity-snapshot.ts).
    identity_read: {
      grantCheck: 'in-read',
      run: async (input, { c }) => {
        const me = c.get('principal').subject;
        const page = await identitySnapshotPageIf(deps.db, me, input, deps.now(), liveGrantCondition(c.get('grantId'), me, deps.now()));
        return page ?? revokedChallenge(deps, c.get('correlationId'));
      },
    },
    photo_evidence_read: async (input, { caller }) => photoEvidencePage(deps.db, (await caller()).andeeId, input),
    place_evidence_read: async (input, { caller }) => placeEvidencePage(deps.db, (await caller()).andeeId, input),
    suggestion_feedback_read: async (_input, { caller }) => suggestionFeedback(deps.db, (await caller()).andeeId),
  };
}
