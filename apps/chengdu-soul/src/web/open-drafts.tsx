/**
 * The signed-in owner's drafts waiting for review, whether proposed here or by one of the
 * owner's agents: what each holds, until when it can be confirmed, and a link that reopens it for
 * review (exclude scenes, confirm and publish).
 */
import type { DraftView } from '../planning/draft-view.ts';

export function OpenDraftsList(props: { drafts: DraftView[] }) {
  return (
    <section id="open-drafts">
      <h2>Drafts waiting for review</h2>
      {props.drafts.length === 0 ? <p>No open drafts. Drafts you or your agents propose appear here until they are confirmed or expire.</p> : null}
      <ul class="results">
        {props.drafts.map((draft) => {
          const { preferences } = draft;
          return (
            <li class="open-draft" data-draft-ref={draft.draftRef}>
              <strong>
                {preferences.dayCount} {preferences.rhythm} day{preferences.dayCount > 1 ? 's' : ''}
              </strong>
              , {preferences.discovery}, {preferences.atmosphere}; revision {draft.revision}, proposed {draft.createdAt.slice(0, 16).replace('T', ' ')} UTC
              <div>
                {draft.days
                  .flatMap((d) => d.scenes)
                  .map((s) => (
                    <span class="plan-scene">
                      {s.name.en}{' '}
                      <span class="zh" lang="zh-CN">
                        {s.name.zh}
                      </span>
                    </span>
                  ))}
              </div>
              <p>
                <a href={`/plan/drafts/${draft.draftRef}`} class="review-link">
                  Review and confirm
                </a>{' '}
                <small>until {draft.expiresAt.slice(0, 16).replace('T', ' ')} UTC</small>
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
