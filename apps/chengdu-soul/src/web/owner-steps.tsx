/**
 * The steps before an owner's handler runs, as Hono middleware in the order they apply: resume
 * the owner's session, refuse a browser that is not signed in, read the form and check its CSRF
 * token, and count a planning write against the owner's shared write limit (the one the MCP
 * tools use, so the web cannot bypass it). Each refusal is a page saying that nothing changed.
 * `signedIn` hands a handler behind them the session and form they left.
 */
import type { MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import type { RateLimitOutcome } from '@agent-products/kit/store';
import {
  htmlDocument,
  loadSession,
  readFormStep,
  requireSession,
  sessionCsrfStep,
  type FormVariables,
  type SessionVariables,
  type SiteCookies,
} from '@agent-products/kit/web';
import { SESSION_COOKIE } from '../access/cookie-names.ts';
import type { OwnerSession, OwnerSessions } from '../access/owner-sessions.ts';
import { FormRefusedPage, MessagePage } from './message-page.tsx';

/** What the steps leave in the context for the handlers after them. */
type SessionEnv = { Variables: SessionVariables<OwnerSession> };
type FormEnv = { Variables: SessionVariables<OwnerSession> & FormVariables };
/** What a handler after every step reads from its context. */
export type OwnerVars = { var: SessionVariables<OwnerSession> & FormVariables };

export interface OwnerStepOptions {
  sessions: OwnerSessions;
  cookies: SiteCookies;
  clock: () => Date;
  consumeWrite: (accountId: string) => Promise<RateLimitOutcome>;
  /** Gives back one write that did not use the allowance (refused at the limit, or a replay). */
  refundWrite: (accountId: string) => Promise<void>;
}

export interface OwnerSteps {
  /** Leaves the signed-in owner's session (or undefined) in `session`. */
  loadOwner: MiddlewareHandler<SessionEnv>;
  /** 403 for a browser that is not signed in. */
  requireOwner: MiddlewareHandler<SessionEnv>;
  /** The owner's readable form carrying the session's CSRF token, left in `form`. */
  ownerForm: MiddlewareHandler<FormEnv>;
  /** `ownerForm` for a browser with a live session; one without has nothing to prove. */
  ownerFormIfSignedIn: MiddlewareHandler<FormEnv>;
  /** A planning write within the owner's per-minute limit. */
  writeLimit: MiddlewareHandler<SessionEnv>;
}

export function ownerSteps(o: OwnerStepOptions): OwnerSteps {
  const loadOwner = loadSession<OwnerSession>({
    cookies: o.cookies,
    cookieName: SESSION_COOKIE,
    resume: (sessionId) => o.sessions.resume(sessionId, o.clock()),
  });
  const requireOwner = requireSession<OwnerSession>((c) =>
    c.html(
      htmlDocument(
        <MessagePage title="You are not signed in">
          <p>Your session has ended, or this browser never signed in. Nothing was changed. Ask the operator for a new sign-in link.</p>
        </MessagePage>,
      ),
      403,
    ),
  );
  // As sent: the owner's fields are ids and choices matched against the owner's own rows, so a
  // NUL in one matches nothing and changes nothing (owner-web.test.ts pins that answer).
  const readOwnerForm = readFormStep(
    (c, failure) =>
      c.html(
        htmlDocument(
          <MessagePage title="This form could not be read">
            <p>{failure.message}</p>
          </MessagePage>,
        ),
        failure.status,
      ),
    { text: 'as-sent' },
  );
  const checkCsrf = sessionCsrfStep((c) => c.html(htmlDocument(<FormRefusedPage />), 403));
  const writeLimit: MiddlewareHandler<SessionEnv> = async (c, next) => {
    const session = c.var.session;
    if (!session) throw new TypeError('writeLimit runs after requireOwner.');
    const limit = await o.consumeWrite(session.accountId);
    if (limit.allowed) return next();
    // A refused write uses none of the allowance (as for the tools).
    await o.refundWrite(session.accountId);
    return c.html(
      htmlDocument(
        <MessagePage title="Too many planning changes right now">
          <p>
            Your agents and this page together reached the per-minute limit for planning changes. Nothing was changed; go back and send the form again in{' '}
            {limit.retryAfterSeconds} seconds.
          </p>
        </MessagePage>,
      ),
      429,
      { 'Retry-After': String(limit.retryAfterSeconds) },
    );
  };
  const ownerForm = every(readOwnerForm, checkCsrf) as MiddlewareHandler<FormEnv>;
  const ownerFormIfSignedIn: MiddlewareHandler<FormEnv> = async (c, next) => (c.var.session ? ownerForm(c, next) : next());
  return { loadOwner, requireOwner, ownerForm, ownerFormIfSignedIn, writeLimit };
}

/** The session and form the owner steps left; a handler behind `requireOwner` always has both. */
export function signedIn(c: OwnerVars): { session: OwnerSession; form: URLSearchParams } {
  const session = c.var.session;
  if (!session) throw new TypeError('This handler runs only after requireOwner.');
  return { session, form: c.var.form };
}
