/**
 * Chengdu Soul's error table: the platform codes plus the product's own. Every tool failure and
 * every web error page draws its code from here.
 */
import { defineErrorTable } from '@agent-products/kit/mcp';

export const chengduErrors = defineErrorTable({
  catalog_unavailable: { retryable: true, meaning: 'No catalog release is published yet, or it cannot be read right now.' },
  stale_catalog_version: { retryable: false, meaning: 'The catalogVersion was replaced by a newer release; details.currentCatalogVersion names it.' },
  unknown_catalog_version: { retryable: false, meaning: 'No release with this catalogVersion exists; details.currentCatalogVersion names the current one.' },
  unknown_card_id: { retryable: false, meaning: 'No scene with this cardId exists in the current release.' },
});

export const fail = chengduErrors.fail;
