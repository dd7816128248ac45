/**
 * The signed-in owner's saved plans: each confirmed page named by its days, who made it, when it
 * was confirmed (China time), whether its link still works (shared), ran out (expired) or was
 * withdrawn (stopped); a shared one has its link with a copy button and "Stop sharing", which
 * first asks for confirmation because it invalidates the link for everyone at once.
 */
import type { DraftOrigin } from '../planning/open-drafts.ts';
import type { SavedPage } from '../planning/page-repository.ts';
import { MADE_BY } from './open-drafts.tsx';
import { PlanName, PlanTitle, actionOnPlan, chinaTime } from './plan-name.tsx';

type SharingStatus = 'shared' | 'expired' | 'stopped';

function sharingStatus(page: SavedPage, now: Date): SharingStatus {
  if (page.stoppedAt) return 'stopped';
  return now.getTime() >= page.expiresAt.getTime() ? 'expired' : 'shared';
}

const STATUS_LABEL: Readonly<Record<SharingStatus, string>> = { shared: 'shared', expired: 'expired', stopped: 'stopped' };

export function SavedPlans(props: {
  pages: SavedPage[];
  now: Date;
  publicUrl: string;
  csrfToken: string;
  madeBy: ReadonlyMap<string, DraftOrigin>;
  /** The next, older page of plans; undefined when these are the oldest. */
  olderHref: string | undefined;
  /** These are not the newest plans (a page further down the list). */
  olderShown: boolean;
}) {
  return (
    <section id="saved-plans">
      <h2>{props.olderShown ? 'Your older saved plans' : 'Your saved plans'}</h2>
      {props.olderShown ? (
        <p class="small">
          <a href="/#saved-plans">Back to your newest plans</a>
        </p>
      ) : null}
      {props.pages.length === 0 ? (
        <p>{props.olderShown ? 'No older plans.' : 'No confirmed plans yet. A plan appears here once you confirm and publish it.'}</p>
      ) : null}
      <ul class="plans">
        {props.pages.map((page, index) => {
          const status = sharingStatus(page, props.now);
          const url = `${props.publicUrl}/p/${page.token}`;
          const origin = props.madeBy.get(page.draftRef);
          const linkId = `link-${page.pageId}`;
          const plan = { kind: 'saved plan', position: index + 1, days: page.snapshot.days } as const;
          return (
            <li class="saved-plan plan-card" data-page-id={page.pageId} data-status={status} data-made-by={origin ?? 'unknown'}>
              <PlanTitle days={page.snapshot.days} at={page.snapshot.confirmedAt} />
              <PlanName days={page.snapshot.days} />
              <p class="small">
                <span class={`tag status-${status}`}>{STATUS_LABEL[status]}</span> {origin ? <span class="tag">{MADE_BY[origin]}</span> : null} Confirmed{' '}
                {chinaTime(page.snapshot.confirmedAt)}
              </p>
              {status === 'shared' ? (
                <>
                  <p class="share">
                    <label for={linkId}>Link to share</label>
                    <input id={linkId} type="text" readonly value={url} class="share-link" />
                    <button type="button" class="quiet copy-link" data-copy={url} data-target={linkId} aria-label={actionOnPlan('Copy link', plan)} hidden>
                      Copy link
                    </button>{' '}
                    <a href={url} class="page-link" aria-label={actionOnPlan('Open the page', plan)}>
                      Open the page
                    </a>
                  </p>
                  <p class="small">Anyone holding this link can read the plan until {chinaTime(page.expiresAt)}.</p>
                  <form method="post" action="/account/stop-sharing" class="inline">
                    <input type="hidden" name="csrf" value={props.csrfToken} />
                    <input type="hidden" name="pageId" value={page.pageId} />
                    <button type="submit" class="quiet" aria-label={actionOnPlan('Stop sharing…', plan)}>
                      Stop sharing…
                    </button>
                  </form>
                </>
              ) : (
                <p class="small">
                  {status === 'expired'
                    ? `The link stopped working on ${chinaTime(page.expiresAt)}, seven days after the plan was drafted.`
                    : `You stopped sharing this plan on ${chinaTime(page.stoppedAt!)}; the link no longer works for anyone.`}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {props.olderHref ? (
        <p>
          <a href={props.olderHref} class="older-plans" rel="next">
            Older saved plans
          </a>
        </p>
      ) : null}
    </section>
  );
}
