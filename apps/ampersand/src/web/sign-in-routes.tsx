/**
 * Sign-up and sign-in on the web. Sign-up asks only for a tag and a name and signs the new andee
 * in at once (there is no address to confirm), then shows the next step. Signing in again is by
 * one-time link only: & sends no e-mail, so the link is printed by the operator CLI or, on a
 * local development server, shown in the dev mailbox (/dev/mailbox: dev-mailbox-gate.ts) — and the
 * pages say exactly that, never "check your mailbox". `next` keeps a pending approval across
 * sign-in and sign-up.
 */
import { mailboxAllowedFor, mailboxOpenTo } from './dev-mailbox-gate.ts';
import { Hono, type Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Kysely } from 'kysely';
import type { AndeeRepository } from '../andees/andee-repository.ts';
import type { SignInFailure, WebSessions } from '../andees/web-sessions.ts';
import { parseTag } from '../andees/tags.ts';
import { tagFromAddress, type AuthLimitName, type AuthRateLimits } from '../auth/rate-limits.ts';
import type { ClientAddressOf } from '../auth/client-address.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { SiteCookies } from '@agent-products/kit/web';
import { fail } from '../errors.ts';
import { renderPage } from '../shell/layout.tsx';
import { formFields, postedForm, signedForm } from './form-steps.ts';
import { endSession, startSession, type WebEnv } from './web-session.ts';

export interface SignInDeps {
  db: Kysely<AmpersandDatabase>;
  andees: AndeeRepository;
  sessions: WebSessions;
  limits: AuthRateLimits;
  /** The client address the limits count by (auth/client-address.ts). */
  addressOf: ClientAddressOf;
  cookies: SiteCookies;
  publicUrl: string;
  devMailbox: boolean;
  now: () => Date;
}

/** Only a local path may follow sign-in, never another site. */
export function safeNext(next: unknown): string {
  return typeof next === 'string' && /^\/(?![/\\])[\w\-./?=&%~]*$/.test(next) ? next : '/';
}

export function signInLink(publicUrl: string, token: string, next = '/'): string {
  const url = new URL(`/sign-in/link/${token}`, publicUrl);
  if (next !== '/') url.searchParams.set('next', next);
  return url.href;
}

export function signInForm(next: string, message?: string) {
  return (
    <>
      {message ? (
        <p class="notice" role="status">
          {message}
        </p>
      ) : null}
      <form method="post" action="/sign-in" class="card">
        <input type="hidden" name="next" value={next} />
        <label>
          Your &tag <input type="text" name="tag" required autocomplete="username" placeholder="&yourtag" />
        </label>
        <button type="submit" class="primary">
          Get a sign-in link
        </button>
      </form>
      <p>
        New to &? <a href={withNext('/sign-up', next)}>Create your &tag</a>
      </p>
    </>
  );
}

function withNext(path: string, next: string): string {
  return next === '/' ? path : `${path}?next=${encodeURIComponent(next)}`;
}

function signUpForm(next: string) {
  return (
    <form method="post" action="/sign-up" class="card">
      <input type="hidden" name="next" value={next} />
      <label>
        Choose a &tag <input type="text" name="tag" required autocomplete="username" placeholder="&yourtag" aria-describedby="tag-rules" />
      </label>
      <p class="meta" id="tag-rules">
        Letters, digits and underscores. It is how people and apps find you.
      </p>
      <label>
        Your name <input type="text" name="displayName" required autocomplete="name" />
      </label>
      <button type="submit" class="primary">
        Create my &tag
      </button>
    </form>
  );
}

/** The sign-in page: the &tag form that makes a one-time link. */
function signInPage(next: string): string {
  return renderPage(
    'Sign in',
    <>
      <h1>Sign in to &</h1>
      {signInForm(next)}
    </>,
  );
}

/** The sign-up page: a new &tag and a display name, nothing else. */
function signUpPage(next: string): string {
  return renderPage(
    'Create your &tag',
    <>
      <h1>Create your &tag</h1>
      <p>Your &tag is your name on &. Nothing else is asked: no e-mail, no password. You are signed in as soon as it is created.</p>
      {signUpForm(next)}
      <p>
        Already have one? <a href={withNext('/sign-in', next)}>Sign in</a>
      </p>
    </>,
  );
}

/** After a sign-in request. & sends no e-mail: the page says where the link really is. */
function linkSentPage(next: string, devMailbox: boolean): string {
  return renderPage(
    'Your sign-in link',
    <>
      <h1>Open your sign-in link</h1>
      <p class="notice" role="status">
        If that &tag exists, a one-time sign-in link was made for it. & sends no e-mail:{' '}
        {devMailbox ? (
          <>
            on this local server the link is in the <a href="/dev/mailbox">dev mailbox</a>.
          </>
        ) : (
          'ask the operator of this server for your link (they print it with the sign-in-link command).'
        )}
      </p>
      <p>The link works once and for a short time.</p>
      <p>
        <a href={withNext('/sign-in', next)}>Back to sign in</a>
      </p>
    </>,
  );
}

export function signInRoutes(deps: SignInDeps): Hono<WebEnv> {
  const app = new Hono<WebEnv>();
  const steps = signInSteps(deps);
  mountSignInForms(app, deps, steps);
  mountLinkRoutes(app, deps, steps);
  return app;
}

/** What the sign-in forms and the link pages share: where links go, the caller's address, the rate limits. */
interface SignInSteps {
  devMailbox: boolean;
  sendLink(andeeId: string, next: string): Promise<void>;
  clientAddress(c: Context<WebEnv>): string;
  checkLimits(checks: Array<[AuthLimitName, string]>): Promise<void>;
}

function signInSteps(deps: SignInDeps): SignInSteps {
  // Links are only collected where they may be shown: a deployment whose public URL is loopback.
  const devMailbox = deps.devMailbox && mailboxAllowedFor(deps.publicUrl);

  async function sendLink(andeeId: string, next: string): Promise<void> {
    const { token } = await deps.sessions.issueLink(andeeId, deps.now());
    if (devMailbox)
      await deps.db
        .insertInto('dev_mailbox')
        .values({ andee_id: andeeId, link: signInLink(deps.publicUrl, token, next), created_at: deps.now() })
        .execute();
  }

  /**
   * Throws `rate_limited` (a 429 page with Retry-After and the wait in words) for the first limit
   * of `checks` that is exhausted. Every check counts, so a refused request still uses up its
   * address's allowance.
   */
  const clientAddress = (c: Context<WebEnv>) => deps.addressOf(peerOf(c), c.req.header('x-forwarded-for'));

  async function checkLimits(checks: Array<[AuthLimitName, string]>): Promise<void> {
    for (const [name, subject] of checks) {
      const outcome = await deps.limits.consume(name, subject);
      if (outcome.allowed) continue;
      throw fail('rate_limited', `Too many sign-in requests; nothing was sent. Try again in ${outcome.retryAfterSeconds} seconds.`, {
        retryAfterSeconds: outcome.retryAfterSeconds,
      });
    }
  }

  return { devMailbox, sendLink, clientAddress, checkLimits };
}

/** Sign in (a link made for an &tag) and sign up (a new &tag, signed in at once, landing on the welcome page: home-routes.tsx). */
function mountSignInForms(app: Hono<WebEnv>, deps: SignInDeps, { devMailbox, sendLink, clientAddress, checkLimits }: SignInSteps): void {
  app.get('/sign-in', (c) => c.html(signInPage(safeNext(c.req.query('next')))));
  app.get('/sign-up', (c) => c.html(signUpPage(safeNext(c.req.query('next')))));

  app.post('/sign-in', async (c) => {
    const { fields: form } = await postedForm(c);
    const next = safeNext(form.next);
    const tag = typeof form.tag === 'string' ? parseTag(form.tag) : undefined;
    const address = clientAddress(c);
    // Per tag and address: requests from elsewhere never use up the andee's own allowance.
    await checkLimits([
      ['signInLinksPerAddress', address],
      ...(tag?.ok ? [['signInLinksPerTag', tagFromAddress(tag.tag, address)] as [AuthLimitName, string]] : []),
    ]);
    const andee = typeof form.tag === 'string' ? await deps.andees.byTag(form.tag) : undefined;
    // The same answer whether or not the tag exists, so the form does not reveal who has one.
    if (andee) await sendLink(andee.andeeId, next);
    return c.html(linkSentPage(next, devMailbox));
  });

  // The new andee is signed in at once: a link issued and redeemed in one step, as if they had
  // opened it, so there is one way a session starts.
  app.post('/sign-up', async (c) => {
    const { fields: form } = await postedForm(c);
    const next = safeNext(form.next);
    await checkLimits([['signInLinksPerAddress', clientAddress(c)]]);
    const created = await deps.andees.create({ tag: String(form.tag ?? ''), displayName: String(form.displayName ?? '') });
    if (!created.ok) throw fail(created.code, created.problem);
    const now = deps.now();
    const { token } = await deps.sessions.issueLink(created.andee.andeeId, now);
    const outcome = await deps.sessions.signIn(token, now);
    if ('failure' in outcome) throw linkRefused(outcome.failure);
    const previous = c.get('sessionId');
    if (previous) await deps.sessions.signOut(previous);
    startSession(c, deps.cookies, outcome, now);
    return c.redirect(next === '/' ? '/welcome' : next, 303);
  });
}

function linkRefused(failure: SignInFailure) {
  const why = { unknown: 'This sign-in link is not valid.', used: 'This sign-in link was already used.', expired: 'This sign-in link has expired.' }[failure];
  return fail(`sign_in_link_${failure}`, `${why} Ask for a new one.`);
}

/** The one-time link (shown, then spent by a POST), signing out, and the local dev mailbox. */
function mountLinkRoutes(app: Hono<WebEnv>, deps: SignInDeps, { devMailbox, clientAddress, checkLimits }: SignInSteps): void {
  // Opening a link only shows what it would do; mail scanners and link previews fetch links, so
  // a GET that spent the link would sign them in and leave the andee with a used link.
  app.get('/sign-in/link/:token', async (c) => {
    await checkLimits([['linkRedemptionsPerAddress', clientAddress(c)]]);
    // Never sends the link to another site; `no-referrer` would also make Chromium post the
    // form with `Origin: null`, which the Origin check rightly refuses.
    c.header('Referrer-Policy', 'same-origin');
    const token = c.req.param('token');
    const link = await deps.sessions.linkState(token, deps.now());
    if (link.state !== 'valid') throw linkRefused(link.state);
    return c.html(
      renderPage(
        'Sign in',
        <>
          <h1>Sign in as &{link.tag}?</h1>
          <form method="post" action="/sign-in/link" class="card" id="sign-in-link">
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="next" value={safeNext(c.req.query('next'))} />
            <p>This one-time link signs this browser in to &. It works once.</p>
            <button type="submit" class="primary">
              Sign in
            </button>
          </form>
        </>,
      ),
    );
  });

  app.post('/sign-in/link', async (c) => {
    await checkLimits([['linkRedemptionsPerAddress', clientAddress(c)]]);
    const { fields: form } = await postedForm(c);
    const now = deps.now();
    const outcome = await deps.sessions.signIn(form.token ?? '', now);
    if ('failure' in outcome) throw linkRefused(outcome.failure);
    // The browser's earlier session, if any, ends: one browser, one andee at a time.
    const previous = c.get('sessionId');
    if (previous) await deps.sessions.signOut(previous);
    startSession(c, deps.cookies, outcome, now);
    return c.redirect(safeNext(form.next), 303);
  });

  app.post('/sign-out', signedForm, async (c) => {
    const form = formFields(c);
    const sessionId = c.get('sessionId');
    if (sessionId) await deps.sessions.signOut(sessionId);
    endSession(c, deps.cookies);
    // "Not you? Switch account" on an approval page comes back to it, signed out.
    return c.redirect(safeNext(form.next), 303);
  });

  app.get('/dev/mailbox', async (c) => {
    if (!devMailbox || !mailboxOpenTo(deps.publicUrl, c.req.raw.headers, peerOf(c))) throw fail('not_found', 'There is no page here.');
    const messages = await deps.db
      .selectFrom('dev_mailbox')
      .innerJoin('andees', 'andees.andee_id', 'dev_mailbox.andee_id')
      .select(['tag', 'link', 'dev_mailbox.created_at'])
      .orderBy('message_id', 'desc')
      .limit(20)
      .execute();
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(devMailboxPage(messages));
  });
}

function devMailboxPage(messages: Array<{ tag: string; link: string; created_at: Date }>): string {
  return renderPage(
    'Dev mailbox',
    <>
      <h1>Local dev mailbox</h1>
      <p>Sign-in links that would have been e-mailed (local development only).</p>
      <ul>
        {messages.map((m) => (
          <li>
            &{m.tag}, {m.created_at.toISOString()}: <a href={m.link}>sign in</a>
          </li>
        ))}
      </ul>
    </>,
  );
}

/** The socket's peer address, whatever any header says. */
function peerOf(c: Context<WebEnv>): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
