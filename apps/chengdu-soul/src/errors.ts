/**
 * Chengdu Soul's error table: the platform codes plus the product's own. Every tool failure and
 * every web error page draws its code from here.
 */
import { defineErrorTable } from '@agent-products/kit/errors';

export const chengduErrors = defineErrorTable({
  catalog_unavailable: { status: 503, retryable: true, meaning: 'No catalog release is published yet, or it cannot be read right now.' },
  stale_catalog_version: {
    status: 409,
    retryable: false,
    meaning: 'The catalogVersion was replaced by a newer release; details.currentCatalogVersion names it.',
  },
  unknown_catalog_version: {
    status: 422,
    retryable: false,
    meaning: 'No release with this catalogVersion exists; details.currentCatalogVersion names the current one.',
  },
  unknown_card_id: { status: 422, retryable: false, meaning: 'No scene with this cardId exists in the current release.' },
  unknown_card_ids: {
    status: 422,
    retryable: false,
    meaning: 'Some required or excluded cardIds do not exist in the catalog version; details.cardIds lists every one.',
  },
  duplicate_card_ids: {
    status: 422,
    retryable: false,
    meaning: 'A cardId is required more than once; details.cardIds lists them. Send unique requiredCardIds.',
  },
  mixed_catalog_versions: {
    status: 422,
    retryable: false,
    meaning: 'sceneSelection combines selections from different catalog versions; details.byVersion lists them.',
  },
  selection_conflict: { status: 422, retryable: false, meaning: 'A cardId is both required and excluded; details.cardIds lists every one.' },
  too_many_required_scenes: {
    status: 422,
    retryable: false,
    meaning:
      'The required scenes do not fit the days asked for: more than dayCount × scenes per day, or no doable split (scenes over 30 km apart, an outing that takes its own day, an overnight outing, two evening activities). details.fewestDays is the fewest days at this rhythm that would hold them, details.doableDays one such split, details.apart every pair that cannot share a day and why; details.cardIds and details.capacity as before.',
  },
  draft_not_found: { status: 404, retryable: false, meaning: 'No draft with this draftRef belongs to this account.' },
  revision_conflict: {
    status: 409,
    retryable: false,
    meaning: 'The draft changed since expectedRevision/expectedContentHash; details carries the current ones. Review the draft again.',
  },
  card_not_in_draft: { status: 422, retryable: false, meaning: 'The cardId to exclude is not a scene of the current draft revision.' },
  draft_catalog_stale: { status: 409, retryable: false, meaning: 'The draft was made from an older catalog release; propose afresh with the current catalog.' },
  draft_already_confirmed: { status: 409, retryable: false, meaning: 'The draft is already confirmed; it cannot be revised or confirmed again.' },
  draft_expired: { status: 410, retryable: false, meaning: 'The draft is more than seven days old; propose afresh.' },
});

export const fail = chengduErrors.fail;
