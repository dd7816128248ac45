/**
 * The signed-in owner's drafts waiting for review, whether proposed here or by one of the
 * owner's agents: each named by its days, who made it and when (China time), until when it can
 * be confirmed, a link that reopens it for review (exclude scenes, confirm and publish) and a
 * button that discards it.
 */
import type { DraftOrigin } from '../planning/open-drafts.ts';
import type { DraftView } from '../planning/draft-view.ts';
import { PlanName, PlanTitle, actionOnPlan, chinaTime } from './plan-name.tsx';

export const MADE_BY: Readonly<Record<DraftOrigin, string>> = { web: 'made here', agent: 'made by your agent' };

export function OpenDraftsList(props: { drafts: DraftView[]; madeBy: ReadonlyMap<string, DraftOrigin>; csrfToken: string }) {
  return (
    <section id="open-drafts">
      <h2>Drafts waiting for review</h2>
      {props.drafts.length === 0 ? <p>No open drafts. Drafts you or your agents propose appear here until they are confirmed or expire.</p> : null}
      <ul class="plans">
        {props.drafts.map((draft, index) => {
          const { preferences } = draft;
          const origin = props.madeBy.get(draft.draftRef);
          const plan = { kind: 'draft', position: index + 1, days: draft.days } as const;
          return (
            <li class="open-draft plan-card" data-draft-ref={draft.draftRef} data-made-by={origin ?? 'unknown'}>
              <PlanTitle days={draft.days} at={draft.createdAt} />
              <PlanName days={draft.days} />
              <p class="small">
                {origin ? <span class="tag">{MADE_BY[origin]}</span> : null} Proposed {chinaTime(draft.createdAt)} · {preferences.dayCount} day
                {preferences.dayCount > 1 ? 's' : ''}, {preferences.rhythm}, {preferences.discovery}, {preferences.atmosphere} · revision {draft.revision}
              </p>
              <div class="actions">
                <a href={`/plan/drafts/${draft.draftRef}`} class="review-link button-link" aria-label={actionOnPlan('Review and confirm', plan)}>
                  Review and confirm
                </a>
                <form method="post" action="/plan/discard" class="inline">
                  <input type="hidden" name="csrf" value={props.csrfToken} />
                  <input type="hidden" name="draftRef" value={draft.draftRef} />
                  <button type="submit" class="quiet" aria-label={actionOnPlan('Discard draft', plan)}>
                    Discard draft
                  </button>
                </form>
              </div>
              <p class="small">Can be confirmed until {chinaTime(draft.expiresAt)}.</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
