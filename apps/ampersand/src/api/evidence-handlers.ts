/**
 * The hosted runtime's evidence reads (contracts/evidence-operations.ts) bound to their use cases
 * (evidence/evidence-cases.ts) with the token's andee. The route has already refused anyone but
 * the hosted runtime.
 */
import type { evidenceOperations } from '../contracts/evidence-operations.ts';
import { evidenceCases } from '../evidence/evidence-cases.ts';
import type { ApiTokenDeps } from './api-token.ts';
import type { OperationBindings } from './operation-routes.ts';
import type { AreaDeps } from './route-kit.ts';

export function evidenceHandlers(deps: AreaDeps & ApiTokenDeps): OperationBindings<(typeof evidenceOperations)[number]['name']> {
  const cases = evidenceCases(deps);
  return {
    // Read on every step of a hosted turn: the grant check and the page are one statement
    // (api-token.ts, `in-read`; evidence/identity-snapshot.ts).
    identity_read: {
      grantCheck: 'in-read',
      run: (input, { c }) => {
        const now = deps.now();
        return cases.identity(c.get('principal').subject, input, { grantId: c.get('grantId'), now });
      },
    },
    photo_evidence_read: async (input, { caller }) => cases.photos((await caller()).andeeId, input),
    place_evidence_read: async (input, { caller }) => cases.places((await caller()).andeeId, input),
    suggestion_feedback_read: async (_input, { caller }) => cases.feedback((await caller()).andeeId),
  };
}
