/**
 * The andee's web app inside the API process's Hono app: the stylesheet, the browser session
 * (the kit's, resumed for every page), every page and form, and "not found" as an & error. The
 * API process mounts it after its JSON routes; refusals thrown by the pages are rendered by the
 * app's one error handler (`webErrorRendering`, problem-page.tsx).
 */
import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type Provider from 'oidc-provider';
import type { AppEnv } from '@agent-products/kit/http';
import { PAGE_CSP, SiteCookies } from '@agent-products/kit/web';
import type { WebSessions } from '../andees/web-sessions.ts';
import type { AuthRateLimits } from '../auth/rate-limits.ts';
import type { ClientAddressOf } from '../auth/client-address.ts';
import type { Grants } from '../auth/grants.ts';
import { InteractionApprovals } from '../auth/interaction-approvals.ts';
import { fail } from '../errors.ts';
import type { FirstPartyClients } from '../identity/visibility.ts';
import type { LoopOperations } from '../loops/loop-operations.ts';
import type { TurnEngine } from '../loops/turn-engine.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { approvalRoutes } from './approval-routes.tsx';
import { appsRoutes } from './apps-routes.tsx';
import { chatWebRoutes } from './chat-routes.tsx';
import { connectionsRoutes } from './connections-routes.tsx';
import { loopWebRoutes } from './loop-routes.tsx';
import { notificationsRoutes } from './notifications-routes.tsx';
import { questionsRoutes } from './questions-routes.tsx';
import { reviewRoutes } from './review-routes.tsx';
import { signInRoutes } from './sign-in-routes.tsx';
import { SITE_CSS, SITE_CSS_PATH } from '../shell/site-css.ts';
import { mountAppAssets } from '../shell/app-assets.ts';
import { frontDoorRoutes } from './front-door.tsx';
import { homeRoutes } from './home-routes.tsx';
import { somethingWaits, whatWaits } from '../identity/what-waits.ts';
import { TIME_ZONE_SCRIPT, TIME_ZONE_SCRIPT_PATH } from '../shell/time-zone-script.ts';
import type { AndeePagesDeps } from './web-deps.ts';
import { loadAndeeSession } from './web-session.ts';

export interface WebAppDeps extends AndeePagesDeps {
  db: Kysely<AmpersandDatabase>;
  sessions: WebSessions;
  limits: AuthRateLimits;
  addressOf: ClientAddressOf;
  provider: Provider;
  grants: Grants;
  operations: LoopOperations;
  engine: TurnEngine;
  firstParty: FirstPartyClients;
  /** The API's public URL: the issuer, and whether cookies are `__Host-` (https). */
  publicUrl: string;
  mcpUrl: string;
  devMailbox: boolean;
}

export function mountWebApp(app: Hono<AppEnv>, deps: WebAppDeps): void {
  const cookies = new SiteCookies(deps.publicUrl);
  app.get(SITE_CSS_PATH, (c) => c.body(SITE_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }));
  app.get(TIME_ZONE_SCRIPT_PATH, (c) =>
    c.body(TIME_ZONE_SCRIPT, 200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600' }),
  );
  mountAppAssets(app);
  // &'s pages run one script of its own (time-zone.tsx), so their policy allows scripts from
  // this origin only; a page that sets its own policy (the approval page) keeps it.
  app.use('*', async (c, next) => {
    await next();
    if ((c.res.headers.get('content-type') ?? '').startsWith('text/html') && !c.res.headers.has('Content-Security-Policy'))
      c.res.headers.set('Content-Security-Policy', `${PAGE_CSP}; script-src 'self'`);
  });
  app.use('*', loadAndeeSession(deps.sessions, cookies, deps.now));
  app.route(
    '/',
    signInRoutes({
      db: deps.db,
      andees: deps.andees,
      sessions: deps.sessions,
      limits: deps.limits,
      addressOf: deps.addressOf,
      cookies,
      publicUrl: deps.publicUrl,
      devMailbox: deps.devMailbox,
      now: deps.now,
    }),
  );
  app.route(
    '/',
    approvalRoutes({
      provider: deps.provider,
      approvals: new InteractionApprovals(deps.db),
      publicUrl: deps.publicUrl,
      resource: deps.mcpUrl,
      tagOf: async (andeeId) => (await deps.andees.byId(andeeId))?.tag,
      addressOf: deps.addressOf,
      now: deps.now,
    }),
  );
  app.route('/', frontDoorRoutes({ mcpUrl: deps.mcpUrl, waitsFor: async (andeeId) => somethingWaits(await whatWaits(deps, andeeId)) }));
  app.route('/', homeRoutes(deps));
  app.route('/', appsRoutes({ grants: deps.grants, now: deps.now }));
  app.route('/', loopWebRoutes({ db: deps.db, operations: deps.operations, engine: deps.engine, now: deps.now }));
  app.route('/', chatWebRoutes({ db: deps.db, engine: deps.engine, firstParty: deps.firstParty, now: deps.now }));
  app.route('/', reviewRoutes(deps));
  app.route('/', connectionsRoutes(deps));
  app.route('/', questionsRoutes(deps));
  app.route('/', notificationsRoutes(deps));
  app.notFound((c) => {
    throw fail('not_found', c.req.path.startsWith('/v1/') ? `No route ${c.req.method} ${c.req.path}.` : 'There is no page here.');
  });
}
