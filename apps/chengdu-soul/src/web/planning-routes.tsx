/**
 * The signed-in owner's planning web: the planning form on `/`, draft review (exclude a scene,
 * confirm and publish; open drafts, the agents' too, can be reopened or discarded), and stopping
 * a saved plan's sharing after a confirmation. Every POST passes the owner steps (session, form
 * and CSRF token, and for planning writes the shared write limit) before its handler runs.
 * Planning goes through the same zod inputs and DraftService as the MCP tools, so a failure shows
 * the code an agent gets.
 */
import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '@agent-products/kit/http';
import { ToolError, invalidArguments } from '@agent-products/kit/errors';
import { htmlDocument, type SiteCookies } from '@agent-products/kit/web';
import { SESSION_COOKIE } from '../access/cookie-names.ts';
import type { OwnerSession } from '../access/owner-sessions.ts';
import type { CatalogQueries } from '../queries/catalog-queries.ts';
import type { DraftService } from '../planning/draft-service.ts';
import type { DraftView } from '../planning/draft-view.ts';
import { WEB_KEY_PREFIX, type OpenDrafts } from '../planning/open-drafts.ts';
import { cursorFrom, cursorText, type PageRepository } from '../planning/page-repository.ts';
import { ConfirmInput, ProposeInput, ReviseInput } from '../planning/proposal-input.ts';
import { DraftReviewPage } from './draft-review-page.tsx';
import { HomePage } from './home-page.tsx';
import { samplePlan } from './sample-plan.ts';
import { MessagePage } from './message-page.tsx';
import { OwnerHomePage } from './owner-home-page.tsx';
import type { OwnerSteps, OwnerVars } from './owner-steps.tsx';
import { DEFAULT_PLANNING_VALUES, planningValuesFrom, proposeArgumentsFrom, type PlanningFormValues } from './planning-form.tsx';
import { PublishedPage } from './published-page.tsx';
import { ProblemAlert, problemOf, type ServiceProblem } from './service-problem.tsx';
import { StopSharingPage } from './stop-sharing-page.tsx';

export interface PlanningRouteOptions {
  queries: CatalogQueries;
  drafts: DraftService;
  openDrafts: OpenDrafts;
  pages: PageRepository;
  cookies: SiteCookies;
  clock: () => Date;
  publicUrl: string;
  steps: OwnerSteps;
  /** Gives back a write answered from its stored answer (a resent form), which wrote nothing. */
  refundWrite: (accountId: string) => Promise<void>;
}

/** Any route's context: the page helpers only render. */
type Ctx = Context<any>;
/** Page ids are UUIDs; anything else matches no page and is not worth a query. */
const PAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Saved plans on one page of `/`, newest first; older ones are a link away. */
const SAVED_PLANS_LISTED = 20;
/** Draft references as DraftService makes them; anything else matches no draft. */
const DRAFT_REF = /^dr_[A-Za-z0-9_-]{1,64}$/;

export function registerPlanningRoutes(app: Hono<AppEnv>, o: PlanningRouteOptions): void {
  const { loadOwner, requireOwner, ownerForm, writeLimit } = o.steps;

  async function ownerHome(c: Ctx, session: OwnerSession, values: PlanningFormValues, problem?: ServiceProblem) {
    const release = await o.queries.currentRelease();
    const now = o.clock();
    const older = cursorFrom(c.req.query('plans'));
    const [saved, drafts] = await Promise.all([
      o.pages.listForAccount(session.accountId, { limit: SAVED_PLANS_LISTED, after: older }),
      o.openDrafts.list(session.accountId, now),
    ]);
    const pages = saved.pages;
    const madeBy = await o.openDrafts.madeBy(session.accountId, [...drafts.map((d) => d.draftRef), ...pages.map((p) => p.draftRef)]);
    return c.html(
      htmlDocument(
        <OwnerHomePage
          email={session.email}
          csrfToken={session.csrfToken}
          release={release}
          values={values}
          idempotencyKey={formKey()}
          drafts={drafts}
          pages={pages}
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

  /** Runs a planning write; one answered from storage (a resent form) wrote nothing, so its write goes back to the allowance. */
  async function counted<R>(session: OwnerSession, write: (onReplay: () => void) => Promise<R>): Promise<R> {
    let replay = false;
    const answer = await write(() => {
      replay = true;
    });
    if (replay) await o.refundWrite(session.accountId);
    return answer;
  }

  function review(c: Ctx, session: OwnerSession, draft: DraftView) {
    const exclude = Object.fromEntries(draft.days.flatMap((d) => d.scenes.map((s) => [s.cardId, formKey()])));
    return c.html(htmlDocument(<DraftReviewPage draft={draft} csrfToken={session.csrfToken} keys={{ confirm: formKey(), exclude }} />));
  }

  function draftProblem(c: Ctx, title: string, problem: ServiceProblem) {
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

  app.get('/', loadOwner, async (c) => {
    const session = c.var.session;
    if (session) return ownerHome(c, session, DEFAULT_PLANNING_VALUES);
    // A cookie whose session ended (expired, signed out elsewhere, approval withdrawn) is dropped.
    if (c.var.sessionId) o.cookies.clear(c, SESSION_COOKIE);
    const release = await o.queries.currentRelease().catch(() => undefined);
    return c.html(
      htmlDocument(
        <HomePage catalogVersion={release?.catalogVersion} sceneCount={release?.scenes.length} sample={release ? samplePlan(release) : undefined} />,
      ),
    );
  });

  // An open draft, reopened for review from the list on `/` (a read: no form, no write).
  app.get('/plan/drafts/:draftRef', loadOwner, async (c) => {
    const session = c.var.session;
    if (!session) return c.redirect('/', 303);
    const draftRef = c.req.param('draftRef');
    const draft = DRAFT_REF.test(draftRef) ? await o.openDrafts.find(session.accountId, draftRef, o.clock()) : undefined;
    if (draft) return review(c, session, draft);
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
    return newest ? review(c, session, newest) : c.redirect('/', 303);
  });
  app.get('/plan/*', (c) => c.redirect('/plan', 303));

  app.post('/plan', loadOwner, requireOwner, ownerForm, writeLimit, async (c) => {
    const { session, form } = signedIn(c);
    const values = planningValuesFrom(form);
    const args = proposeArgumentsFrom(values, form.get('catalogVersion') ?? '', form.get('idempotencyKey') ?? '');
    const parsed = ProposeInput.safeParse(args);
    if (!parsed.success) return ownerHome(c, session, values, problemOf(invalidArguments(parsed.error)));
    try {
      return review(c, session, await counted(session, (onReplay) => o.drafts.propose(session.accountId, parsed.data, o.clock(), onReplay)));
    } catch (error) {
      if (error instanceof ToolError) return ownerHome(c, session, values, problemOf(error));
      throw error;
    }
  });

  app.post('/plan/exclude', loadOwner, requireOwner, ownerForm, writeLimit, async (c) => {
    const { session, form } = signedIn(c);
    const parsed = ReviseInput.safeParse({
      ...draftPointerFrom(form),
      revisionIntent: { type: 'exclude_card', cardId: form.get('cardId') ?? '' },
    });
    if (!parsed.success) return draftProblem(c, 'The draft was not changed', problemOf(invalidArguments(parsed.error)));
    try {
      return review(c, session, await counted(session, (onReplay) => o.drafts.revise(session.accountId, parsed.data, o.clock(), onReplay)));
    } catch (error) {
      if (error instanceof ToolError) return draftProblem(c, 'The draft was not changed', problemOf(error));
      throw error;
    }
  });

  app.post('/plan/confirm', loadOwner, requireOwner, ownerForm, writeLimit, async (c) => {
    const { session, form } = signedIn(c);
    const parsed = ConfirmInput.safeParse({ ...draftPointerFrom(form), confirmation: { action: 'publish' } });
    if (!parsed.success) return draftProblem(c, 'The draft was not published', problemOf(invalidArguments(parsed.error)));
    try {
      const confirmation = await counted(session, (onReplay) => o.drafts.confirm(session.accountId, parsed.data, o.clock(), onReplay));
      return c.html(htmlDocument(<PublishedPage confirmation={confirmation} />));
    } catch (error) {
      if (error instanceof ToolError) return draftProblem(c, 'The draft was not published', problemOf(error));
      throw error;
    }
  });

  app.post('/plan/discard', loadOwner, requireOwner, ownerForm, writeLimit, async (c) => {
    const { session, form } = signedIn(c);
    // Only the owner's own open drafts match; one already confirmed, expired or discarded is left as it is. The list shows the outcome.
    const draftRef = form.get('draftRef') ?? '';
    if (DRAFT_REF.test(draftRef)) await o.openDrafts.discard(session.accountId, draftRef, o.clock());
    return c.redirect('/#open-drafts', 303);
  });

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

/** The session and form the owner steps left; a handler behind `requireOwner` always has both. */
function signedIn(c: OwnerVars): { session: OwnerSession; form: URLSearchParams } {
  const session = c.var.session;
  if (!session) throw new TypeError('This handler runs only after requireOwner.');
  return { session, form: c.var.form };
}

function draftPointerFrom(form: URLSearchParams) {
  return {
    draftRef: form.get('draftRef') ?? '',
    expectedRevision: Number(form.get('expectedRevision')),
    expectedContentHash: form.get('expectedContentHash') ?? '',
    idempotencyKey: form.get('idempotencyKey') ?? '',
  };
}

/** A new idempotency key for one rendered form: sending that form twice repeats one action. */
function formKey(): string {
  return `${WEB_KEY_PREFIX}${randomBytes(18).toString('base64url')}`;
}
