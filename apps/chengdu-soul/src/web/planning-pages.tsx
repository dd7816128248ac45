/**
 * The planning web's pages (reads: no form, no write): `/` (the owner's home, or the visitor's
 * front page), an open draft reopened for review from the list on `/`, and `/plan`, the review of
 * the newest open draft.
 */
import type { Context, Hono } from 'hono';
import type { AppEnv } from '@agent-products/kit/http';
import { htmlDocument } from '@agent-products/kit/web';
import { SESSION_COOKIE } from '../access/cookie-names.ts';
import { DRAFT_REF, draftReviewView } from './draft-review.tsx';
import { HomePage } from './home-page.tsx';
import { MessagePage } from './message-page.tsx';
import { showOwnerHome } from './owner-home.tsx';
import { DEFAULT_PLANNING_VALUES } from './planning-form.tsx';
import type { PlanningRouteOptions } from './planning-route-options.ts';
import { samplePlan } from './sample-plan.ts';

export function mountPlanningPages(app: Hono<AppEnv>, o: PlanningRouteOptions): void {
  const { loadOwner } = o.steps;

  app.get('/', loadOwner, async (c) => {
    const session = c.var.session;
    if (session) return showOwnerHome(c, o, session, DEFAULT_PLANNING_VALUES);
    // A cookie whose session ended (expired, signed out elsewhere, approval withdrawn) is dropped.
    if (c.var.sessionId) o.cookies.clear(c, SESSION_COOKIE);
    return visitorHome(c, o);
  });

  // An open draft, reopened for review from the list on `/` (a read: no form, no write).
  app.get('/plan/drafts/:draftRef', loadOwner, async (c) => {
    const session = c.var.session;
    if (!session) return c.redirect('/', 303);
    const draftRef = c.req.param('draftRef');
    const draft = DRAFT_REF.test(draftRef) ? await o.openDrafts.find(session.accountId, draftRef, o.clock()) : undefined;
    if (draft) return draftReviewView(c, session, draft);
    return c.html(
      htmlDocument(
        <MessagePage title="No open draft here">
          <p>
            This draft is not yours, was confirmed (its page is under your saved plans) or has expired. <a href="/">Back to planning</a>
          </p>
        </MessagePage>,
      ),
      404,
    );
  });

  // `/plan` is the review of the newest open draft, so reloading or bookmarking the page a
  // proposal answered keeps the draft on screen; with none open it leads back to the form. The
  // other review pages answer POSTs, and opening their address leads to `/plan`.
  app.get('/plan', loadOwner, async (c) => {
    const session = c.var.session;
    if (!session) return c.redirect('/', 303);
    const [newest] = await o.openDrafts.list(session.accountId, o.clock());
    return newest ? draftReviewView(c, session, newest) : c.redirect('/', 303);
  });
  app.get('/plan/*', (c) => c.redirect('/plan', 303));
}

/** The front page for a visitor: what the catalog holds and a sample plan, or the page without them while the catalog cannot be read. */
async function visitorHome(c: Context<any>, o: PlanningRouteOptions) {
  const release = await o.queries.currentRelease().catch(() => undefined);
  return c.html(
    htmlDocument(<HomePage catalogVersion={release?.catalogVersion} sceneCount={release?.scenes.length} sample={release ? samplePlan(release) : undefined} />),
  );
}
