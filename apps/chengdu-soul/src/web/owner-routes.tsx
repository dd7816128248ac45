/**
 * The owner's web: sign-in with a one-time link, the planning form on `/`, draft review (exclude
 * a scene, confirm and publish; open drafts, the agents' too, can be reopened or discarded),
 * stopping a saved plan's sharing after a confirmation, and sign-out. Every POST needs
 * the session cookie and its CSRF token, checked before anything runs. Planning goes through the
 * same zod inputs and DraftService as the MCP tools, so a failure shows the code an agent gets.
 */
import { randomBytes } from 'node:crypto';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppEnv, RateLimitOutcome } from '@agent-products/kit/http';
import { ToolError, invalidArguments } from '@agent-products/kit/mcp';
import { cookieMaxAge, htmlDocument, readForm, tokensEqual, type SiteCookies } from '@agent-products/kit/web';
import type { OwnerSession, OwnerSessions } from '../access/owner-sessions.ts';
import { refuseAgentCredentials } from '../access/refuse-agent-credentials.ts';
import type { SignInLinks } from '../access/sign-in-links.ts';
import { SESSION_COOKIE } from '../access/cookie-names.ts';
import type { CatalogQueries } from '../catalog/catalog-queries.ts';
import type { DraftService } from '../planning/draft-service.ts';
import type { DraftView } from '../planning/draft-view.ts';
import { WEB_KEY_PREFIX, type OpenDrafts } from '../planning/open-drafts.ts';
import type { PageRepository } from '../planning/page-repository.ts';
import { ConfirmInput, ProposeInput, ReviseInput } from '../planning/proposal-input.ts';
import { DraftReviewPage } from './draft-review-page.tsx';
import { HomePage } from './home-page.tsx';
import { FormRefusedPage, MessagePage } from './message-page.tsx';
import { OwnerHomePage } from './owner-home-page.tsx';
import { DEFAULT_PLANNING_VALUES, planningValuesFrom, proposeArgumentsFrom, type PlanningFormValues } from './planning-form.tsx';
import { PublishedPage } from './published-page.tsx';
import { ProblemAlert, problemOf, type ServiceProblem } from './service-problem.tsx';
import { SignInPage, signInFailureStatus } from './sign-in-page.tsx';
import { StopSharingPage } from './stop-sharing-page.tsx';

export interface OwnerWebOptions {
  queries: CatalogQueries;
  drafts: DraftService;
  openDrafts: OpenDrafts;
  pages: PageRepository;
  sessions: OwnerSessions;
  signInLinks: SignInLinks;
  cookies: SiteCookies;
  clock: () => Date;
  publicUrl: string;
  /** The per-owner planning write limit the MCP tools use, so the web cannot bypass it. */
  consumeWrite: (accountId: string) => Promise<RateLimitOutcome>;
  /** Names this server in the refusal of an Agent credential. */
  realm: string;
}

/** Answers about one owner or carrying a secret: never cached or indexed, never a referrer to another site. */
const PRIVATE_PATHS = ['/plan', '/plan/*', '/account/*', '/signin', '/signin/*', '/signout'];

type Ctx = Context<AppEnv>;
/** Page ids are UUIDs; anything else matches no page and is not worth a query. */
const PAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Draft references as DraftService makes them; anything else matches no draft. */
const DRAFT_REF = /^dr_[A-Za-z0-9_-]{1,64}$/;

export function registerOwnerRoutes(app: Hono<AppEnv>, o: OwnerWebOptions): void {
  const refuseCredentials = refuseAgentCredentials(o.realm);
  app.use('/', refuseCredentials, varyByOwner);
  for (const path of PRIVATE_PATHS) app.use(path, refuseCredentials, privateAnswer);

  async function currentOwner(c: Ctx): Promise<OwnerSession | undefined> {
    const sessionId = o.cookies.read(c, SESSION_COOKIE);
    return sessionId ? o.sessions.resume(sessionId, o.clock()) : undefined;
  }

  /** The signed-in owner and the POSTed form, or the refusal to answer instead. */
  async function ownerForm(c: Ctx): Promise<{ session: OwnerSession; form: URLSearchParams } | Response> {
    const session = await currentOwner(c);
    if (!session) {
      return c.html(
        htmlDocument(
          <MessagePage title="You are not signed in">
            <p>
              Your session has ended, or this browser never signed in. Nothing was changed. Ask the operator for a new sign-in link.
            </p>
          </MessagePage>,
        ),
        403,
      );
    }
    const read = await readForm(c.req.raw);
    if (!read.ok) {
      return c.html(
        htmlDocument(
          <MessagePage title="This form could not be read">
            <p>{read.message}</p>
          </MessagePage>,
        ),
        read.status,
      );
    }
    if (!tokensEqual(read.form.get('csrf'), session.csrfToken)) return c.html(htmlDocument(<FormRefusedPage />), 403);
    return { session, form: read.form };
  }

  /** `ownerForm` for a planning write, which also counts against the owner's shared write limit. */
  async function ownerWrite(c: Ctx): Promise<{ session: OwnerSession; form: URLSearchParams } | Response> {
    const auth = await ownerForm(c);
    if (auth instanceof Response) return auth;
    const limit = await o.consumeWrite(auth.session.accountId);
    if (limit.allowed) return auth;
    return c.html(
      htmlDocument(
        <MessagePage title="Too many planning changes right now">
          <p>
            Your agents and this page together reached the per-minute limit for planning changes. Nothing was changed; go back and
            send the form again in {limit.retryAfterSeconds} seconds.
          </p>
        </MessagePage>,
      ),
      429,
      { 'Retry-After': String(limit.retryAfterSeconds) },
    );
  }

  async function ownerHome(c: Ctx, session: OwnerSession, values: PlanningFormValues, problem?: ServiceProblem) {
    const release = await o.queries.currentRelease();
    const now = o.clock();
    const [pages, drafts] = await Promise.all([o.pages.listForAccount(session.accountId), o.openDrafts.list(session.accountId, now)]);
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
          madeBy={madeBy}
          now={now}
          publicUrl={o.publicUrl}
          problem={problem}
        />,
      ),
      problem?.status ?? 200,
    );
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

  app.get('/', async (c) => {
    const session = await currentOwner(c);
    if (session) return ownerHome(c, session, DEFAULT_PLANNING_VALUES);
    // A cookie whose session ended (expired, signed out elsewhere, approval withdrawn) is dropped.
    if (o.cookies.read(c, SESSION_COOKIE)) o.cookies.clear(c, SESSION_COOKIE);
    const release = await o.queries.currentRelease().catch(() => undefined);
    return c.html(htmlDocument(<HomePage catalogVersion={release?.catalogVersion} sceneCount={release?.scenes.length} />));
  });

  // An open draft, reopened for review from the list on `/` (a read: no form, no write).
  app.get('/plan/drafts/:draftRef', async (c) => {
    const session = await currentOwner(c);
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

  // The other review pages are answers to POSTs; opening their address directly leads back to the form.
  app.get('/plan', (c) => c.redirect('/', 303));
  app.get('/plan/*', (c) => c.redirect('/', 303));

  app.post('/plan', async (c) => {
    const auth = await ownerWrite(c);
    if (auth instanceof Response) return auth;
    const values = planningValuesFrom(auth.form);
    const args = proposeArgumentsFrom(values, auth.form.get('catalogVersion') ?? '', auth.form.get('idempotencyKey') ?? '');
    const parsed = ProposeInput.safeParse(args);
    if (!parsed.success) return ownerHome(c, auth.session, values, problemOf(invalidArguments(parsed.error)));
    try {
      return review(c, auth.session, await o.drafts.propose(auth.session.accountId, parsed.data, o.clock()));
    } catch (error) {
      if (error instanceof ToolError) return ownerHome(c, auth.session, values, problemOf(error));
      throw error;
    }
  });

  app.post('/plan/exclude', async (c) => {
    const auth = await ownerWrite(c);
    if (auth instanceof Response) return auth;
    const parsed = ReviseInput.safeParse({
      ...draftPointerFrom(auth.form),
      revisionIntent: { type: 'exclude_card', cardId: auth.form.get('cardId') ?? '' },
    });
    if (!parsed.success) return draftProblem(c, 'The draft was not changed', problemOf(invalidArguments(parsed.error)));
    try {
      return review(c, auth.session, await o.drafts.revise(auth.session.accountId, parsed.data, o.clock()));
    } catch (error) {
      if (error instanceof ToolError) return draftProblem(c, 'The draft was not changed', problemOf(error));
      throw error;
    }
  });

  app.post('/plan/confirm', async (c) => {
    const auth = await ownerWrite(c);
    if (auth instanceof Response) return auth;
    const parsed = ConfirmInput.safeParse({ ...draftPointerFrom(auth.form), confirmation: { action: 'publish' } });
    if (!parsed.success) return draftProblem(c, 'The draft was not published', problemOf(invalidArguments(parsed.error)));
    try {
      const confirmation = await o.drafts.confirm(auth.session.accountId, parsed.data, o.clock());
      return c.html(htmlDocument(<PublishedPage confirmation={confirmation} />));
    } catch (error) {
      if (error instanceof ToolError) return draftProblem(c, 'The draft was not published', problemOf(error));
      throw error;
    }
  });

  app.post('/plan/discard', async (c) => {
    const auth = await ownerWrite(c);
    if (auth instanceof Response) return auth;
    // Only the owner's own open drafts match; one already confirmed, expired or discarded is left as it is. The list shows the outcome.
    const draftRef = auth.form.get('draftRef') ?? '';
    if (DRAFT_REF.test(draftRef)) await o.openDrafts.discard(auth.session.accountId, draftRef, o.clock());
    return c.redirect('/#open-drafts', 303);
  });

  app.post('/account/stop-sharing', async (c) => {
    const auth = await ownerForm(c);
    if (auth instanceof Response) return auth;
    // Only the owner's own pages match; an already stopped page stays stopped. The list shows the outcome.
    const pageId = auth.form.get('pageId') ?? '';
    if (!PAGE_ID.test(pageId)) return c.redirect('/#saved-plans', 303);
    if (auth.form.get('confirmed') !== 'yes') {
      const page = (await o.pages.listForAccount(auth.session.accountId)).find((p) => p.pageId === pageId && !p.stoppedAt);
      if (page) return c.html(htmlDocument(<StopSharingPage page={page} csrfToken={auth.session.csrfToken} />));
      return c.redirect('/#saved-plans', 303);
    }
    await o.pages.stopSharing(pageId, auth.session.accountId, o.clock());
    return c.redirect('/#saved-plans', 303);
  });

  app.get('/signin/:token', async (c) => {
    const token = c.req.param('token');
    const state = await o.signInLinks.state(token, o.clock());
    return c.html(htmlDocument(<SignInPage token={token} state={state} />), state === 'valid' ? 200 : signInFailureStatus(state));
  });

  app.post('/signin', async (c) => {
    const read = await readForm(c.req.raw);
    const token = read.ok ? (read.form.get('token') ?? '') : '';
    const now = o.clock();
    const started = await o.sessions.signIn(token, now);
    if ('failure' in started) {
      return c.html(htmlDocument(<SignInPage token={token} state={started.failure} />), signInFailureStatus(started.failure));
    }
    // The session id is always new, so an id planted in the browser beforehand never becomes signed in;
    // the browser's previous session, if any, ends here.
    const previous = o.cookies.read(c, SESSION_COOKIE);
    if (previous) await o.sessions.signOut(previous);
    o.cookies.write(c, SESSION_COOKIE, started.sessionId, cookieMaxAge(started, now));
    return c.redirect('/', 303);
  });

  app.post('/signout', async (c) => {
    const sessionId = o.cookies.read(c, SESSION_COOKIE);
    if (sessionId && (await currentOwner(c))) {
      const auth = await ownerForm(c);
      if (auth instanceof Response) return auth;
      await o.sessions.signOut(sessionId);
    }
    o.cookies.clear(c, SESSION_COOKIE);
    return c.redirect('/', 303);
  });
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

const privateAnswer: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
  c.res.headers.set('X-Robots-Tag', 'noindex, nofollow');
  // Not no-referrer: under it a browser sends `Origin: null` with the page's own form posts, which the Origin check refuses.
  c.res.headers.set('Referrer-Policy', 'same-origin');
};

/** `/` differs for the signed-in owner; no shared cache may keep either version. */
const varyByOwner: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'private, no-store');
  c.res.headers.set('Vary', 'Cookie');
  // Signed in, `/` is the owner's own page: the same policy as every other private answer.
  c.res.headers.set('Referrer-Policy', 'same-origin');
};
