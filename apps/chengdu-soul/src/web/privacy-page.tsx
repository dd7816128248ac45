/**
 * `/privacy`: what this service keeps and for how long, and the feedback and data-removal forms
 * (no sign-in needed; CSRF-protected). Every retention period stated here is enforced in code.
 */
import { SESSION_DAYS } from '../access/owner-sessions.ts';
import { SIGN_IN_LINK_MINUTES } from '../access/sign-in-links.ts';
import { PRIVACY_RETENTION_DAYS } from '../privacy/privacy-requests.ts';
import { ChengduPage } from './layout.tsx';
import { ProblemAlert, type ServiceProblem } from './service-problem.tsx';

export interface PrivacyForms {
  csrfToken: string;
  feedback: { submissionId: string; message: string; contact: string; problem?: ServiceProblem | undefined };
  removal: { submissionId: string; contact: string; details: string; problem?: ServiceProblem | undefined };
}

export function PrivacyPage({ forms }: { forms: PrivacyForms }) {
  return (
    <ChengduPage title="Privacy" description="What Chengdu Soul stores, for how long, and how to ask for removal.">
      <h1>Privacy 隐私</h1>
      <h2>What the public catalog stores</h2>
      <p>
        Searching scenes and reading overviews, on this site or through an agent, needs no account and stores nothing about you. Our server logs each request’s
        method, path, status, timing and a correlation id for up to 30 days to keep the service running; they never contain credentials or cookies, and private
        page and sign-in links are shortened in them so a log reader cannot open them.
      </p>
      <h2>Plans</h2>
      <p>
        Planning stores the draft (the chosen days, rhythm, preferences, required and excluded scenes) and each revision of it. When a plan is confirmed, its
        page is an unlisted link that anyone holding it can read. Links expire seven days after the draft was created, and the signed-in owner can stop sharing
        a plan at any time, which invalidates the link for everyone. Plan pages are never indexed by search engines. Drafts and page snapshots stay in the
        database after their link stops working, so the owner can still see them listed; on a removal request the operator deletes the plan, its revisions, its
        page and every stored answer that names it.
      </p>
      <p>We do not ask for or keep conversation history, passports, payment details or hotel details. Please do not send them.</p>
      <h2>Sign-in and sessions</h2>
      <p>
        The owner signs in with a one-time link from the operator, valid for {SIGN_IN_LINK_MINUTES} minutes. Signing in sets one cookie, used only to keep you
        signed in: it is HttpOnly, never readable by scripts or other sites, and the session ends after {SESSION_DAYS} days or when you sign out. We keep only a
        hash of the link and of the session id, the account it belongs to and when it expires. The forms on this page set a short-lived cookie that only proves
        a form came from this page.
      </p>
      <h2>Removal and feedback</h2>
      <p>
        To ask for removal of data about you, or to send feedback, use the forms below. We store what you write, the contact you give and the time, and nothing
        else (no IP address). Each removal request is handled manually by the operator and answered at the contact you give. Feedback and removal requests are
        deleted {PRIVACY_RETENTION_DAYS} days after they arrive.
      </p>
      <form method="post" action="/privacy/feedback" class="privacy-form" id="feedback">
        <h3>Send feedback</h3>
        {forms.feedback.problem ? <ProblemAlert problem={forms.feedback.problem} /> : null}
        <input type="hidden" name="csrf" value={forms.csrfToken} />
        <input type="hidden" name="submissionId" value={forms.feedback.submissionId} />
        <label>
          Your feedback
          <textarea name="message" rows={5} maxlength={4000} required>
            {forms.feedback.message}
          </textarea>
        </label>
        <label>
          Contact (optional, if you would like an answer)
          <input type="text" name="contact" maxlength={200} value={forms.feedback.contact} />
        </label>
        <button type="submit">Send feedback</button>
      </form>
      <form method="post" action="/privacy/removal" class="privacy-form" id="removal">
        <h3>Ask for data removal</h3>
        {forms.removal.problem ? <ProblemAlert problem={forms.removal.problem} /> : null}
        <input type="hidden" name="csrf" value={forms.csrfToken} />
        <input type="hidden" name="submissionId" value={forms.removal.submissionId} />
        <label>
          What should be removed (for example the plan link, or the date you used the service)
          <textarea name="details" rows={4} maxlength={4000} required>
            {forms.removal.details}
          </textarea>
        </label>
        <label>
          How the operator can reach you
          <input type="text" name="contact" maxlength={200} required value={forms.removal.contact} />
        </label>
        <button type="submit">Send removal request</button>
      </form>
    </ChengduPage>
  );
}

export function PrivacyThanksPage({ sent }: { sent: 'feedback' | 'removal' }) {
  return (
    <ChengduPage title="Thank you" robots="noindex">
      <h1>Thank you</h1>
      {sent === 'feedback' ? (
        <p>Your feedback is stored and the operator will read it.</p>
      ) : (
        <p>Your removal request is stored. The operator handles each one by hand and answers at the contact you gave.</p>
      )}
      <p>
        <a href="/privacy">Back to privacy</a>
      </p>
    </ChengduPage>
  );
}
