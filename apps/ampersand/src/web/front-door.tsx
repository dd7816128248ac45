/**
 * The pages a person meets before signing in: the front door (`/`) — what & is and does for
 * them, with an example, and sign-up as the first step — and "Connect an agent" (`/connect`),
 * which holds what an agent's owner needs: the MCP URL and the host configuration blocks. A
 * signed-in browser at `/` goes to what waits for it (home-routes.tsx), or to Connected apps when
 * nothing does.
 */
import { Hono } from 'hono';
import { renderPage } from '../shell/layout.tsx';
import type { WebEnv } from './web-session.ts';

export function frontDoorRoutes(deps: { mcpUrl: string; waitsFor: (andeeId: string) => Promise<boolean> }): Hono<WebEnv> {
  const app = new Hono<WebEnv>();

  app.get('/', async (c) => {
    const session = c.get('session');
    if (session) return c.redirect((await deps.waitsFor(session.andee.andeeId)) ? '/home' : '/apps', 303);
    return c.html(
      renderPage(
        'Your identity, for the agents you choose',
        <>
          <section class="hero">
            <h1>Your identity, for the AI agents you choose</h1>
            <p class="lede">
              & remembers who you are — what you like, who you know, what you are working on — and lets the AI agents you approve ask about it. You decide what
              each agent may see, and you can take it back at any time.
            </p>
            <p>
              <a class="button primary" href="/sign-up">
                Create your &tag
              </a>
              <a class="button" href="/sign-in">
                Sign in
              </a>
            </p>
          </section>
          <h2>What it does for you</h2>
          <ul>
            <li>
              <strong>Agents stop asking the same questions.</strong> An agent you connect asks & instead of you — and only sees what you allowed.
            </li>
            <li>
              <strong>Nothing is saved about you until you approve it.</strong> What agents learn waits in your Review queue; you approve, edit or reject each
              fact and choose who may see it.
            </li>
            <li>
              <strong>Your people, too.</strong> Connect with friends on &; their agents can then see what they chose to share with connections.
            </li>
            <li>
              <strong>Loops do ongoing work on one thing.</strong> A trip, a gift list, a book club: & keeps what it made, and who it is shared with.
            </li>
          </ul>
          <h2>An example</h2>
          <div class="example">
            <p>
              <strong>You, to your assistant:</strong> “Book a table for Sam's birthday.”
            </p>
            <p>
              <strong>Your assistant asks &:</strong> what does &sam like to eat?
            </p>
            <p>
              <strong>& answers</strong> from what Sam chose to share with connections: “Sam loves handmade pasta and is vegetarian.”
            </p>
            <p class="meta">Your assistant never sees what Sam kept private, and you never had to ask Sam.</p>
          </div>
          <h2>Get started</h2>
          <ol class="steps">
            <li>
              <a href="/sign-up">Create your &tag</a> — a name like &ada, nothing else.
            </li>
            <li>Add a few facts about yourself, or let an agent suggest them for your review.</li>
            <li>
              <a href="/connect">Connect an agent</a> — Claude, ChatGPT or any app that speaks MCP — and approve what it may see.
            </li>
          </ol>
        </>,
      ),
    );
  });

  app.get('/connect', (c) => {
    const desktop = JSON.stringify({ mcpServers: { ampersand: { type: 'http', url: deps.mcpUrl } } }, null, 2);
    const remote = JSON.stringify({ mcpServers: { ampersand: { command: 'npx', args: ['-y', 'mcp-remote', deps.mcpUrl] } } }, null, 2);
    return c.html(
      renderPage(
        'Connect an agent',
        <>
          <h1>Connect an agent to &</h1>
          <p>
            & is an MCP server. Add it to your AI app with the address below; the app then sends you to & to sign in and approve what it may see. You can revoke
            it later under Connected apps.
          </p>
          <h2>The address</h2>
          <p>
            <code id="mcp-url">{deps.mcpUrl}</code>
          </p>
          <p class="meta">Apps that take a remote MCP server (Streamable HTTP with OAuth) need only this address.</p>
          <h2>A desktop app's configuration file</h2>
          <p>
            For hosts that read an <code>mcpServers</code> block and speak HTTP themselves:
          </p>
          <pre>
            <code>{desktop}</code>
          </pre>
          <h2>Hosts that start only local servers</h2>
          <p>
            Claude Desktop, Cursor and Windsurf reach & through <code>mcp-remote</code>, which runs on your computer and opens the approval page in your
            browser:
          </p>
          <pre>
            <code>{remote}</code>
          </pre>
          <h2>Then</h2>
          <ol class="steps">
            <li>Your app opens & in the browser: sign in (or create your &tag) and approve the access it asks for.</li>
            <li>
              A TV or console shows a code instead: enter it at <a href="/device">/device</a>.
            </li>
            <li>
              See and revoke every connected app under <a href="/apps">Connected apps</a>.
            </li>
          </ol>
        </>,
        { signedIn: c.get('session') !== undefined },
      ),
    );
  });

  return app;
}
