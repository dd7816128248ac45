/**
 * The signed-in owner's saved plans: each confirmed page with whether its link still works
 * (shared), ran out (expired) or was withdrawn (stopped), and a button to stop sharing it, which
 * invalidates the link for everyone at once.
 */
import type { SavedPage } from '../planning/page-repository.ts';

type SharingStatus = 'shared' | 'expired' | 'stopped';

function sharingStatus(page: SavedPage, now: Date): SharingStatus {
  if (page.stoppedAt) return 'stopped';
  return now.getTime() >= page.expiresAt.getTime() ? 'expired' : 'shared';
}

export function SavedPlans(props: { pages: SavedPage[]; now: Date; publicUrl: string; csrfToken: string }) {
  return (
    <section id="saved-plans">
      <h2>Your saved plans</h2>
      {props.pages.length === 0 ? <p>No confirmed plans yet. A plan appears here once you confirm and publish it.</p> : null}
      <ul class="results">
        {props.pages.map((page) => {
          const status = sharingStatus(page, props.now);
          const { preferences } = page.snapshot;
          const url = `${props.publicUrl}/p/${page.token}`;
          return (
            <li class="saved-plan" data-page-id={page.pageId} data-status={status}>
              <strong>
                {preferences.dayCount} {preferences.rhythm} day{preferences.dayCount > 1 ? 's' : ''}
              </strong>
              , confirmed {page.snapshot.confirmedAt.slice(0, 10)} <span class="tag">{status}</span>
              <div>
                {page.snapshot.days
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
              {status === 'shared' ? (
                <p>
                  <a href={url} class="page-link">
                    {url}
                  </a>
                  <br />
                  <small>Anyone holding this link can read the plan until {page.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.</small>
                </p>
              ) : (
                <p>
                  <small>
                    {status === 'expired'
                      ? `The link stopped working on ${page.expiresAt.toISOString().slice(0, 10)}, seven days after the plan was drafted.`
                      : `You stopped sharing this plan on ${page.stoppedAt!.toISOString().slice(0, 10)}; the link no longer works for anyone.`}
                  </small>
                </p>
              )}
              {status === 'shared' ? (
                <form method="post" action="/account/stop-sharing" class="inline">
                  <input type="hidden" name="csrf" value={props.csrfToken} />
                  <input type="hidden" name="pageId" value={page.pageId} />
                  <button type="submit">Stop sharing</button>
                </form>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
