/**
 * Signing in and out of the owner's web: the one-time link's page, the POST that spends it and
 * starts a session, and sign-out (which, for a live session, needs the session's CSRF token, so
 * another site cannot sign the owner out).
 */
import type { Hono } from 'hono';
import type { AppEnv } from '@agent-products/kit/http';
import { cookieMaxAge, htmlDocument, readForm, type SiteCookies } from '@agent-products/kit/web';
import { SESSION_COOKIE } from '../access/cookie-names.ts';
import type { OwnerSessions } from '../access/owner-sessions.ts';
import type { SignInLinks } from '../access/sign-in-links.ts';
import type { OwnerSteps } from './owner-steps.tsx';
import { SignInPage, signInFailureStatus } from './sign-in-page.tsx';

export interface SignInRouteOptions {
  sessions: OwnerSessions;
  signInLinks: SignInLinks;
  cookies: SiteCookies;
  clock: () => Date;
  steps: OwnerSteps;
}

export function registerSignInRoutes(app: Hono<AppEnv>, o: SignInRouteOptions): void {
  const { loadOwner, ownerFormIfSignedIn } = o.steps;

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

  app.post(
    '/signout',
    loadOwner,
    // A browser with no live session has nothing to end but its cookie; a live one proves the form is its own.
    ownerFormIfSignedIn,
    async (c) => {
      if (c.var.session && c.var.sessionId) await o.sessions.signOut(c.var.sessionId);
      o.cookies.clear(c, SESSION_COOKIE);
      return c.redirect('/', 303);
    },
  );
}
