/** `/privacy`: what this service keeps, for how long, and how to ask for removal. */
import { ChengduPage } from './layout.tsx';

export function PrivacyPage() {
  return (
    <ChengduPage title="Privacy" description="What Chengdu Soul stores and how to ask for removal.">
      <h1>Privacy 隐私</h1>
      <h2>What the public catalog stores</h2>
      <p>
        Searching scenes and reading overviews, on this site or through an agent, needs no account and stores nothing about you. Our
        server logs each request’s method, path, status, timing and a correlation id for up to 30 days to keep the service running;
        they never contain credentials, and private page links are shortened in them so a log reader cannot open a plan.
      </p>
      <h2>Plans</h2>
      <p>
        When a plan is confirmed, its page is an unlisted link that anyone holding it can read. Links expire seven days after the draft
        was created, and the signed-in owner can stop sharing a plan at any time, which invalidates the link for everyone. Plan pages
        are never indexed by search engines.
      </p>
      <p>
        We do not ask for or keep conversation history, passports, payment details or hotel details. Please do not send them.
      </p>
      <h2>Removal and feedback</h2>
      <p>
        To ask for removal of data about you, or to send feedback, write to the operator of this server with the plan link or the
        date of your request. Each request is handled manually and answered.
      </p>
    </ChengduPage>
  );
}
