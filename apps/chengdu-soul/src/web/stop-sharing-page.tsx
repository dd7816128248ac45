/**
 * The question "Stop sharing" asks before it acts: stopping invalidates the link for everyone at
 * once and cannot be undone, so the owner sees which plan it is and confirms with a second
 * button; going back changes nothing.
 */
import type { SavedPage } from '../planning/page-repository.ts';
import { MessagePage } from './message-page.tsx';
import { PlanName } from './plan-name.tsx';

export function StopSharingPage(props: { page: SavedPage; csrfToken: string }) {
  return (
    <MessagePage title="Stop sharing this plan?">
      <p>
        <PlanName days={props.page.snapshot.days} />
      </p>
      <p>
        Anyone who has the link — including people you already sent it to — will no longer be able to open the plan. This cannot be undone: to share the plan
        again, make a new one.
      </p>
      <form method="post" action="/account/stop-sharing" class="inline">
        <input type="hidden" name="csrf" value={props.csrfToken} />
        <input type="hidden" name="pageId" value={props.page.pageId} />
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit">Yes, stop sharing</button>
      </form>{' '}
      <a href="/#saved-plans">Keep sharing</a>
    </MessagePage>
  );
}
