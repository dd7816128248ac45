/**
 * The andee's browser session: an HttpOnly, SameSite=Lax cookie (Lax, so arriving at the approval
 * page from a client's redirect keeps the session), Secure whenever the site is served over HTTPS.
 * Forms that change something carry the session's CSRF token and are refused without it.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '@agent-products/kit/http';
import type { WebSession, WebSessions } from '../andees/web-sessions.ts';

export const SESSION_COOKIE = 'amp_session';

export type WebEnv = AppEnv & { Variables: AppEnv['Variables'] & { session: WebSession | undefined; sessionId: string | undefined } };

export function loadSession(sessions: WebSessions, now: () => Date): MiddlewareHandler<WebEnv> {
  return async (c, next) => {
    const sessionId = getCookie(c, SESSION_COOKIE);
    c.set('sessionId', sessionId);
    c.set('session', sessionId ? await sessions.resume(sessionId, now()) : undefined);
    await next();
  };
}

export function startSession(c: Context<WebEnv>, sessionId: string, expiresAt: Date, secure: boolean): void {
  setCookie(c, SESSION_COOKIE, sessionId, { httpOnly: true, sameSite: 'Lax', secure, path: '/', expires: expiresAt });
}

export function endSession(c: Context<WebEnv>, secure: boolean): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure });
}

export function csrfValid(session: WebSession | undefined, submitted: unknown): session is WebSession {
  return session !== undefined && typeof submitted === 'string' && submitted.length > 0 && submitted === session.csrfToken;
}
