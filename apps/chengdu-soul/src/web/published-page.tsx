/** What the owner sees after confirming: the unlisted page link, how long it works, how to stop it. */
import type { ConfirmationView } from '../planning/draft-view.ts';
import { ChengduPage } from './layout.tsx';
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
      <p>
        Anyone holding this unlisted link can read the plan until {chinaTime(publication.expiresAt)}. Share it only with the people travelling; stop sharing at
        any time from your saved plans on <a href="/#saved-plans">the start page</a>, which invalidates the link for everyone.
      </p>
    </ChengduPage>
  );
}
