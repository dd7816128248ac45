/**
 * The answers about one draft the owner reviews: its review page (draft-review-page.tsx, with a
 * fresh key for each scene's Exclude form and for Confirm), and the page saying a draft was not
 * changed or not published and why. The review pages (planning-pages.tsx) and the draft actions
 * (planning-actions.tsx) both answer with them.
 */
import type { Context } from 'hono';
import { htmlDocument } from '@agent-products/kit/web';
import type { OwnerSession } from '../access/owner-sessions.ts';
import type { DraftView } from '../planning/draft-view.ts';
import { DraftReviewPage } from './draft-review-page.tsx';
import { formKey } from './form-key.ts';
import { MessagePage } from './message-page.tsx';
import { ProblemAlert, type ServiceProblem } from './service-problem.tsx';

/** Any route's context: the page helpers only render. */
type Ctx = Context<any>;

/** Draft references as DraftService makes them; anything else matches no draft. */
export const DRAFT_REF = /^dr_[A-Za-z0-9_-]{1,64}$/;

export function draftReviewView(c: Ctx, session: OwnerSession, draft: DraftView) {
  const exclude = Object.fromEntries(draft.days.flatMap((d) => d.scenes.map((s) => [s.cardId, formKey()])));
  return c.html(htmlDocument(<DraftReviewPage draft={draft} csrfToken={session.csrfToken} keys={{ confirm: formKey(), exclude }} />));
}

export function draftProblemView(c: Ctx, title: string, problem: ServiceProblem) {
  return c.html(
    htmlDocument(
      <MessagePage title={title}>
        <ProblemAlert problem={problem} />
        <p>If the draft changed since this page was shown, or is too old, start again from the planning form.</p>
      </MessagePage>,
    ),
    problem.status,
  );
}
