/**
 * What a draft looks like to the agent and the owner: its content with the reference, revision and
 * hash to echo back, its times, and the reminder of what to review before confirming.
 */
import type { DraftContent } from './draft-content.ts';

export interface DraftView extends DraftContent {
  draftRef: string;
  revision: number;
  contentHash: string;
  status: 'draft' | 'confirmed';
  createdAt: string;
  expiresAt: string;
  review: string;
}

export interface ConfirmationView extends DraftView {
  publication: { pageUrl: string; expiresAt: string; confirmedAt: string };
}

const REVIEW_NOTE =
  'Review every day group, the visit caveats and the limitations with the traveler. This draft has no traveler URL; only confirm_chengdu_draft with this exact revision and contentHash publishes a page.';

export function draftView(
  draftRef: string,
  revision: number,
  contentHash: string,
  content: DraftContent,
  status: 'draft' | 'confirmed',
  createdAt: Date,
  expiresAt: Date,
): DraftView {
  return {
    draftRef,
    revision,
    contentHash,
    status,
    createdAt: createdAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
    ...content,
    review: REVIEW_NOTE,
  };
}
