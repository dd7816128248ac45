/**
 * The home page and "Connected apps": every client holding a grant on the signed-in andee (name,
 * scopes, since when), each with a Revoke form. Revoking deletes the grant and its refresh tokens
 * at once; the API refuses its access tokens at once; the MCP service, which verifies them
 * locally, refuses them when they expire.
 */
import { Hono } from 'hono';
import type { Grants } from '../auth/grants.ts';
import { fail } from '../errors.ts';
import { renderPage } from '../shell/layout.tsx';
import { checkedForm, type WebEnv } from './web-session.ts';

export function appsRoutes(deps: { grants: Grants; mcpUrl: string }): Hono<WebEnv> {
  const app = new Hono<WebEnv>();

  app.get('/', (c) => {
    const session = c.get('session');
    if (!session) {
      return c.html(
        renderPage(
          'Welcome',
          <>
            <h1>&</h1>
            <p>Your identity and connections, for the AI agents you choose.</p>
            <p>
              <a href="/sign-in">Sign in or create your &tag</a>
            </p>
            <p>
              MCP server: <code>{deps.mcpUrl}</code>
            </p>
          </>,
        ),
      );
    }
    return c.redirect('/apps', 303);
  });

  app.get('/apps', async (c) => {
    const session = c.get('session');
    if (!session) return c.redirect('/sign-in?next=/apps', 303);
    const grants = await deps.grants.list({ andeeId: session.andee.andeeId });
    return c.html(
      renderPage(
        'Connected apps',
        <>
          <h1>Connected apps</h1>
          <p>
            Signed in as <strong>{session.andee.displayName}</strong> (&{session.andee.tag}).
          </p>
          {grants.length === 0 ? (
            <p class="notice">No app holds access to your &tag.</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th>App</th>
                  <th>Access</th>
                  <th>Since</th>
                  <th></th>
                </tr>
              </thead>
              <tbody>
                {grants.map((g) => (
                  <tr data-grant={g.grantId}>
                    <td>{g.clientName}</td>
                    <td>
                      {g.scopes.map((s) => (
                        <code>{s} </code>
                      ))}
                    </td>
                    <td>{g.grantedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC</td>
                    <td>
                      <form method="post" action={`/apps/${encodeURIComponent(g.grantId)}/revoke`}>
                        <input type="hidden" name="csrf" value={session.csrfToken} />
                        <button type="submit">Revoke</button>
                      </form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <form method="post" action="/sign-out">
            <input type="hidden" name="csrf" value={session.csrfToken} />
            <button type="submit">Sign out</button>
          </form>
        </>,
        { signedIn: true },
      ),
    );
  });

  app.post('/apps/:grantId/revoke', async (c) => {
    const { session } = await checkedForm(c);
    const revoked = await deps.grants.revoke(c.req.param('grantId'), session.andee.andeeId);
    if (!revoked) throw fail('grant_not_found', 'That app no longer holds access.');
    return c.redirect('/apps', 303);
  });

  return app;
}
