/**
 * The signed-in owner's `/`: its loader (the current release, one page of saved plans from the
 * cursor the address names, the open drafts and who made each of them and of the plans) and its
 * view (owner-home-page.tsx, with a fresh key for the planning form). A refused proposal
 * (planning-actions.tsx) shows the same page again with the form as sent and the problem.
 */
import type { Context } from 'hono';
import { htmlDocument } from '@agent-products/kit/web';
import type { OwnerSession } from '../access/owner-sessions.ts';
import { cursorFrom, cursorText } from '../planning/page-repository.ts';
import { formKey } from './form-key.ts';
import { OwnerHomePage } from './owner-home-page.tsx';
import type { PlanningFormValues } from './planning-form.tsx';
import type { PlanningRouteOptions } from './planning-route-options.ts';
import type { ServiceProblem } from './service-problem.tsx';

/** Any route's context: the page helpers only render. */
type Ctx = Context<any>;
/** Saved plans on one page of `/`, newest first; older ones are a link away. */
const SAVED_PLANS_LISTED = 20;

export type OwnerHomeData = Awaited<ReturnType<typeof loadOwnerHome>>;

/** Everything the owner's `/` lists, from the cursor its `plans` query names. */
export async function loadOwnerHome(o: PlanningRouteOptions, c: Ctx, session: OwnerSession) {
  const release = await o.queries.currentRelease();
  const now = o.clock();
  const older = cursorFrom(c.req.query('plans'));
  const [saved, drafts] = await Promise.all([
    o.pages.listForAccount(session.accountId, { limit: SAVED_PLANS_LISTED, after: older }),
    o.openDrafts.list(session.accountId, now),
  ]);
  const pages = saved.pages;
  const madeBy = await o.openDrafts.madeBy(session.accountId, [...drafts.map((d) => d.draftRef), ...pages.map((p) => p.draftRef)]);
  return { release, now, older, saved, drafts, madeBy };
}

/** The page itself; a problem's status is the answer's (the form was refused), otherwise 200. */
export function ownerHomeView(
  c: Ctx,
  o: PlanningRouteOptions,
  session: OwnerSession,
  data: OwnerHomeData,
  values: PlanningFormValues,
  problem?: ServiceProblem,
) {
  const { release, now, older, saved, drafts, madeBy } = data;
  return c.html(
    htmlDocument(
      <OwnerHomePage
        email={session.email}
        csrfToken={session.csrfToken}
        release={release}
        values={values}
        idempotencyKey={formKey()}
        drafts={drafts}
        pages={saved.pages}
        olderPlansHref={saved.next ? `/?plans=${cursorText(saved.next)}#saved-plans` : undefined}
        olderPlansShown={older !== undefined}
        madeBy={madeBy}
        now={now}
        publicUrl={o.publicUrl}
        problem={problem}
      />,
    ),
    problem?.status ?? 200,
  );
}

/** Loads and shows the owner's `/`: the plain page, or the planning form as sent with why it was refused. */
export async function showOwnerHome(c: Ctx, o: PlanningRouteOptions, session: OwnerSession, values: PlanningFormValues, problem?: ServiceProblem) {
  return ownerHomeView(c, o, session, await loadOwnerHome(o, c, session), values, problem);
}
