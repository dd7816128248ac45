/**
 * Stopping a saved plan's sharing: the owner's Stop sharing button asks first on a page of its
 * own (stop-sharing-page.tsx), whose form confirms; only then is the page's link withdrawn. Behind
 * the owner steps (session, form and CSRF token); not a planning write, so not counted against
 * the planning limit.
 */
import type { Hono } from 'hono';
import type { AppEnv } from '@agent-products/kit/http';
import { htmlDocument } from '@agent-products/kit/web';
import { signedIn } from './owner-steps.tsx';
import type { PlanningRouteOptions } from './planning-route-options.ts';
import { StopSharingPage } from './stop-sharing-page.tsx';

/** Page ids are UUIDs; anything else matches no page and is not worth a query. */
const PAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function mountStopSharing(app: Hono<AppEnv>, o: PlanningRouteOptions): void {
  const { loadOwner, requireOwner, ownerForm } = o.steps;

  app.post('/account/stop-sharing', loadOwner, requireOwner, ownerForm, async (c) => {
    const { session, form } = signedIn(c);
    // Only the owner's own pages match; an already stopped page stays stopped. The list shows the outcome.
    const pageId = form.get('pageId') ?? '';
    if (!PAGE_ID.test(pageId)) return c.redirect('/#saved-plans', 303);
    if (form.get('confirmed') !== 'yes') {
      const page = await o.pages.findForAccount(session.accountId, pageId);
      if (page && !page.stoppedAt) return c.html(htmlDocument(<StopSharingPage page={page} csrfToken={session.csrfToken} />));
      return c.redirect('/#saved-plans', 303);
    }
    await o.pages.stopSharing(pageId, session.accountId, o.clock());
    return c.redirect('/#saved-plans', 303);
  });
}
