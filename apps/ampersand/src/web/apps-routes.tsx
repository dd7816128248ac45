/**
 * "Connected apps": one card per app holding access to the signed-in andee, however many grants
 * it holds (auth/connected-apps.ts) — its name (&'s own runtime reads "&"), what it may do in
 * plain words with the scope code beside it, since when and when it was last used — each with
 * Revoke, which first asks to confirm on a page of its own (so it works without JavaScript).
 * Revoking deletes every grant of the app and their refresh tokens at once; the API refuses
 * their access tokens at once, the MCP service as soon as the revocation feed tells it.
 */
import { Hono } from 'hono';
import { HOSTED_RUNTIME_CLIENT_ID } from '../auth/hosted-runtime.ts';
import { connectedApps } from '../auth/connected-apps.ts';
import type { Grants, GrantView } from '../auth/grants.ts';
import { fail } from '../errors.ts';
import { SCOPE_WORDS } from '../scopes.ts';
import { renderPage } from '../shell/layout.tsx';
import { TimeWords, requestZone } from './time-zone.tsx';
import { sessionOf, signedForm, signedIn } from './form-steps.ts';
import type { WebEnv } from './web-session.ts';

/** The name a person knows the app by: & for its own runtime. */
export function appName(grant: Pick<GrantView, 'clientId' | 'clientName'>): string {
  return grant.clientId === HOSTED_RUNTIME_CLIENT_ID ? '&' : grant.clientName;
}

export function appsRoutes(deps: { grants: Grants; now: () => Date }): Hono<WebEnv> {
  const app = new Hono<WebEnv>();

  app.get('/apps', signedIn, async (c) => {
    const session = sessionOf(c);
    const apps = await connectedApps(deps.grants, session.andee.andeeId);
    const zone = requestZone(c);
    const now = deps.now();
    const notice = c.req.query('done') === 'revoked' ? 'Access revoked: that app can no longer act for you.' : undefined;
    return c.html(
      renderPage(
        'Connected apps',
        <>
          <h1>Connected apps</h1>
          <p>
            Signed in as <strong>{session.andee.displayName}</strong> (&{session.andee.tag}). These apps can act for you within what you approved.
          </p>
          {notice ? (
            <p class="notice" role="status">
              {notice}
            </p>
          ) : null}
          {apps.length === 0 ? (
            <p class="notice">
              No app holds access to your &tag. <a href="/connect">Connect an agent</a>
            </p>
          ) : (
            apps.map((g) => (
              <section class="card" data-app={g.clientId} data-grant={g.grantIds[0]} aria-label={appName(g)}>
                <h2>{appName(g)}</h2>
                {g.clientId === HOSTED_RUNTIME_CLIENT_ID ? <p class="meta">&'s own runtime, which runs your Loops and chat.</p> : null}
                <p>It may:</p>
                <ul class="access">
                  {g.scopes.map((s) => (
                    <li data-scope={s}>
                      {SCOPE_WORDS[s] ?? s} <code>{s}</code>
                    </li>
                  ))}
                </ul>
                <p class="meta">
                  Connected <TimeWords at={g.connectedAt} now={now} zone={zone} />
                  <br />
                  Last used <TimeWords at={g.lastUsed} now={now} zone={zone} />
                </p>
                <p>
                  <a class="button danger" href={`/apps/${encodeURIComponent(g.grantIds[0]!)}/revoke`}>
                    Revoke…
                  </a>
                </p>
              </section>
            ))
          )}
          <p>
            A TV or another device shows you a code? <a href="/device">Enter a device code</a>. Adding a new app: <a href="/connect">Connect an agent</a>.
          </p>
          <form method="post" action="/sign-out">
            <input type="hidden" name="csrf" value={session.csrfToken} />
            <button type="submit">Sign out</button>
          </form>
        </>,
        { signedIn: true },
      ),
    );
  });

  app.get('/apps/:grantId/revoke', signedIn, async (c) => {
    const session = sessionOf(c);
    const grantId = c.req.param('grantId');
    const grant = (await deps.grants.list({ andeeId: session.andee.andeeId })).find((g) => g.grantId === grantId);
    if (!grant) throw fail('grant_not_found', 'That app no longer holds access.');
    return c.html(
      renderPage(
        'Revoke access',
        <>
          <h1>Revoke {appName(grant)}?</h1>
          <p>
            {appName(grant)} loses access to your &tag at once and must ask you again to reconnect.
            {grant.clientId === HOSTED_RUNTIME_CLIENT_ID ? ' Your Loops and chat stop running until & is connected again.' : ''}
          </p>
          <form method="post" action={`/apps/${encodeURIComponent(grant.grantId)}/revoke`} class="actions">
            <input type="hidden" name="csrf" value={session.csrfToken} />
            <button type="submit" class="danger">
              Revoke
            </button>
            <a href="/apps">Keep it</a>
          </form>
        </>,
        { signedIn: true },
      ),
    );
  });

  app.post('/apps/:grantId/revoke', signedForm, async (c) => {
    const revoked = await deps.grants.revokeApp(c.req.param('grantId'), sessionOf(c).andee.andeeId);
    if (!revoked) throw fail('grant_not_found', 'That app no longer holds access.');
    return c.redirect('/apps?done=revoked', 303);
  });

  return app;
}
