/**
 * The andee's browser session, on the kit's web room: the session cookie is a `SiteCookies`
 * cookie (HttpOnly, SameSite=Lax — so arriving at the approval page from a client's redirect
 * keeps the session — and Secure with the `__Host-` prefix when & is served over https), resumed
 * by the kit's `loadSession` (which marks every answer to a signed-in browser `private,
 * no-store`). The steps a page or form runs after it are in form-steps.ts.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '@agent-products/kit/http';
import { cookieMaxAge, loadSession, type SiteCookies, type StartedSession } from '@agent-products/kit/web';
import type { WebSession, WebSessions } from '../andees/web-sessions.ts';

export const SESSION_COOKIE = 'amp_session';

export type WebEnv = AppEnv & { Variables: AppEnv['Variables'] & { session: WebSession | undefined; sessionId: string | undefined } };

export function loadAndeeSession(sessions: WebSessions, cookies: SiteCookies, now: () => Date): MiddlewareHandler<WebEnv> {
  // The kit's step sets only `session` and `sessionId`, which WebEnv declares beside the app's own variables.
  return loadSession<WebSession>({
    cookies,
    cookieName: SESSION_COOKIE,
    resume: (sessionId) => sessions.resume(sessionId, now()),
  }) as unknown as MiddlewareHandler<WebEnv>;
}

export function startSession(c: Context<WebEnv>, cookies: SiteCookies, started: StartedSession, now: Date): void {
  cookies.write(c, SESSION_COOKIE, started.sessionId, cookieMaxAge(started, now));
}

/** Any page's context, a form's included (its environment is WebEnv's and more). */
export function endSession<E extends WebEnv>(c: Context<E>, cookies: SiteCookies): void {
  cookies.clear(c, SESSION_COOKIE);
}
