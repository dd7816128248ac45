/**
 * What the owner sees after confirming: the unlisted page link, how long it works, how to stop it,
 * and the two ways to pass it on from here: Copy, and Share where the browser has a share sheet
 * (the Web Share API, on most phones). Both buttons come from the owner's script and stay hidden
 * without it; the link is then in a field to select and copy.
 */
import type { ConfirmationView } from '../planning/draft-view.ts';
import { ChengduPage } from './layout.tsx';
import { OWNER_SCRIPT_PATH } from './owner-script.ts';
import { PlanName, chinaTime } from './plan-name.tsx';

export function PublishedPage({ confirmation }: { confirmation: ConfirmationView }) {
  const { publication } = confirmation;
  return (
    <ChengduPage title="Plan published" robots="noindex">
      <h1>Plan published</h1>
      <p>
        <PlanName days={confirmation.days} />
      </p>
      <p>
        Your page:{' '}
        <a href={publication.pageUrl} class="page-link">
          {publication.pageUrl}
        </a>
      </p>
      <p class="share">
        <label for="published-link">Link to share</label>
        <input id="published-link" type="text" readonly value={publication.pageUrl} class="share-link" />
        <button type="button" class="copy-link" data-copy={publication.pageUrl} data-target="published-link" hidden>
          Copy link
        </button>{' '}
        <button type="button" class="quiet" data-share={publication.pageUrl} data-share-title="Your Chengdu days" hidden>
          Share
        </button>
      </p>
      <p>
        Anyone holding this unlisted link can read the plan until {chinaTime(publication.expiresAt)}. Share it only with the people travelling; stop sharing at
        any time from your saved plans on <a href="/#saved-plans">the start page</a>, which invalidates the link for everyone.
      </p>
      <script src={OWNER_SCRIPT_PATH} defer />
    </ChengduPage>
  );
}
