/** Text renderings of drafts and confirmations that read well alone. */
import type { ConfirmationView, DraftView } from '../planning/draft-view.ts';

export function renderDraft(draft: DraftView): string {
  const days = draft.days.map(
    (day) =>
      `Day ${day.day}:\n` +
      (day.scenes.length === 0
        ? '  (no scene)'
        : day.scenes
            .map(
              (s) =>
                `  - ${s.name.en} (${s.name.zh}) [${s.placement}${s.selectionOnly ? ', optional outing' : ''}${s.usuallyOvernight ? ', usually overnight: plan the night away, not a same-day return' : ''}] — ${s.visitCaveat}`,
            )
            .join('\n')),
  );
  return [
    `Draft ${draft.draftRef} revision ${draft.revision} (contentHash ${draft.contentHash}), catalog ${draft.catalogVersion}, ${draft.preferences.dayCount} ${draft.preferences.rhythm} day(s).`,
    ...days,
    ...(draft.openSlots > 0 ? [`${draft.openSlots} slot(s) left open: not enough eligible scenes.`] : []),
    'Limitations:',
    ...draft.limitations.map((l) => `  - ${l}`),
    draft.review,
  ].join('\n');
}

export function renderConfirmation(confirmation: ConfirmationView): string {
  return [
    `Confirmed draft ${confirmation.draftRef} revision ${confirmation.revision}.`,
    `Traveler page (unlisted; anyone with the link can read it; do not log or share it publicly): ${confirmation.publication.pageUrl}`,
    `The link expires ${confirmation.publication.expiresAt}.`,
    'Present the page without rewriting its destination facts.',
  ].join('\n');
}
