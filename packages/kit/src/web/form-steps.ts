/**
 * Middleware steps for a site's POST routes, run in this order before a handler: resume the
 * browser's session from its cookie, read the form, check the form's CSRF token against the
 * session's. Each step either passes (leaving what it found in the context) or answers with the
 * product's own refusal, so a handler runs only for a signed-in browser's own, readable form.
 * Whether a route needs a session at all, and what the refusals say, is the product's choice.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { readForm, type FormRead, type ReadFormOptions } from './read-form.ts';
import type { SiteCookies } from './site-cookies.ts';
import { tokensEqual } from './tokens-equal.ts';

/** What a page behind a session says to caches: it is this person's alone, and kept nowhere. */
export const SESSION_CACHE_CONTROL = 'private, no-store';

/** What `loadSession` leaves: the live session, or undefined with no cookie or a dead one. */
export type SessionVariables<Session> = { session: Session | undefined; sessionId: string | undefined };
export type FormVariables = { form: URLSearchParams };

export interface LoadSessionOptions<Session> {
  cookies: SiteCookies;
  cookieName: string;
  resume: (sessionId: string) => Promise<Session | undefined>;
}

/**
 * Resumes the browser's session from its cookie. Every answer to a browser with a live session
 * is marked `private, no-store`: a page behind a session shows that person's facts and carries
 * their CSRF token, and neither a shared cache nor the browser's history may keep it.
 */
export function loadSession<Session>(options: LoadSessionOptions<Session>): MiddlewareHandler<{ Variables: SessionVariables<Session> }> {
  return async (c, next) => {
    const sessionId = options.cookies.read(c, options.cookieName);
    const session = sessionId ? await options.resume(sessionId) : undefined;
    c.set('sessionId', sessionId);
    c.set('session', session);
    await next();
    if (session !== undefined) c.res.headers.set('Cache-Control', SESSION_CACHE_CONTROL);
  };
}

type Refusal<V extends object> = (c: Context<{ Variables: V }>) => Response | Promise<Response>;

/** Answers `refuse` unless `loadSession` found a live session. */
export function requireSession<Session>(refuse: Refusal<SessionVariables<Session>>): MiddlewareHandler<{ Variables: SessionVariables<Session> }> {
  return async (c, next) => {
    if (c.get('session') === undefined) return refuse(c);
    await next();
  };
}

/** Reads the URL-encoded form (see `readForm`), or answers `unreadable` with why it could not. */
export function readFormStep(
  unreadable: (c: Context, failure: Extract<FormRead, { ok: false }>) => Response | Promise<Response>,
  options: ReadFormOptions = {},
): MiddlewareHandler<{ Variables: FormVariables }> {
  return async (c, next) => {
    const read = await readForm(c.req.raw, options);
    if (!read.ok) return unreadable(c, read);
    c.set('form', read.form);
    await next();
  };
}

/**
 * The form's `field` must carry the session's own CSRF token, once; otherwise `refuse` answers
 * (also for a browser without a session, which has no token to carry). A form with the field twice
 * is refused whatever the copies hold: which copy counts would otherwise be the reader's choice,
 * and one product read the first where another read the last.
 */
export function sessionCsrfStep(
  refuse: Refusal<SessionVariables<{ csrfToken: string }> & FormVariables>,
  field = 'csrf',
): MiddlewareHandler<{ Variables: SessionVariables<{ csrfToken: string }> & FormVariables }> {
  return async (c, next) => {
    const session = c.get('session');
    const tokens = c.get('form').getAll(field);
    if (!session || tokens.length !== 1 || !tokensEqual(tokens[0], session.csrfToken)) return refuse(c);
    await next();
  };
}
