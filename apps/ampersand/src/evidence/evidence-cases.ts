/**
 * The evidence use cases, read by the & hosted runtime for the andee it acts for: the identity
 * snapshot (its grant check carried by its one statement, identity-snapshot.ts), photo and place
 * evidence, and the feedback on earlier suggestions. Only the caller's own evidence; no operation
 * takes a subject.
 */
import type { Kysely } from 'kysely';
import { grantRevoked, type GrantCheck } from '../auth/grant-check.ts';
import type { OperationInput, OperationOutput } from '../contracts/operations.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { identitySnapshotPageIf } from './identity-snapshot.ts';
import { photoEvidencePage } from './photo-evidence.ts';
import { placeEvidencePage } from './place-evidence.ts';
import { suggestionFeedback } from './suggestion-feedback.ts';

export function evidenceCases(deps: { db: Kysely<AmpersandDatabase> }) {
  return {
    async identity(andeeId: string, input: OperationInput<'identity_read'>, grant: GrantCheck): Promise<OperationOutput<'identity_read'>> {
      const page = await identitySnapshotPageIf(deps.db, andeeId, input, grant.now, { grantId: grant.grantId });
      if (!page) throw grantRevoked();
      return page;
    },
    photos: (andeeId: string, input: OperationInput<'photo_evidence_read'>) => photoEvidencePage(deps.db, andeeId, input),
    places: (andeeId: string, input: OperationInput<'place_evidence_read'>) => placeEvidencePage(deps.db, andeeId, input),
    feedback: (andeeId: string) => suggestionFeedback(deps.db, andeeId),
  };
}
