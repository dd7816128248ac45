/**
 * The owner's web: sign-in and sign-out (`sign-in-routes.tsx`) and the planning pages
 * (`planning-routes.tsx`), behind the same answers for every private path: an Agent credential
 * is refused before anything runs, and nothing about one owner is cached, indexed or sent on as a
 * referrer. Both route sets share the owner steps (`owner-steps.tsx`).
 */
import type { Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from '@agent-products/kit/http';
import type { RateLimitOutcome } from '@agent-products/kit/store';
import type { SiteCookies } from '@agent-products/kit/web';
import type { OwnerSessions } from '../access/owner-sessions.ts';
import { refuseAgentCredentials } from '../access/refuse-agent-credentials.ts';
import type { SignInLinks } from '../access/sign-in-links.ts';
import type { CatalogQueries } from '../queries/catalog-queries.ts';
import type { DraftService } from '../planning/draft-service.ts';
import type { OpenDrafts } from '../planning/open-drafts.ts';
import type { PageRepository } from '../planning/page-repository.ts';
import { ownerSteps } from './owner-steps.tsx';
import { registerPlanningRoutes } from './planning-routes.tsx';
import { registerSignInRoutes } from './sign-in-routes.tsx';

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
  /** Gives back one write that did not use the allowance (refused at the limit, or answered from storage). */
  refundWrite: (accountId: string) => Promise<void>;
  /** Names this server in the refusal of an Agent credential. */
  realm: string;
}

/** Answers about one owner or carrying a secret: never cached or indexed, never a referrer to another site. */
const PRIVATE_PATHS = ['/plan', '/plan/*', '/account/*', '/signin', '/signin/*', '/signout'];

export function registerOwnerRoutes(app: Hono<AppEnv>, o: OwnerWebOptions): void {
  const refuseCredentials = refuseAgentCredentials(o.realm);
  app.use('/', refuseCredentials, varyByOwner);
  for (const path of PRIVATE_PATHS) app.use(path, refuseCredentials, privateAnswer);

  const steps = ownerSteps(o);
  registerPlanningRoutes(app, { ...o, steps });
  registerSignInRoutes(app, { ...o, steps });
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
