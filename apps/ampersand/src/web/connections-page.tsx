/**
 * The Connections page: its loader (every list on it, each paged by the newest-first cursor its
 * query names) and its view — requests for the andee and the ones they sent, their connections,
 * people they may know, the request form and the contacts import. The forms post to
 * connections-routes.tsx; each carries the session's CSRF token.
 */
import type { Context } from 'hono';
import { MAX_CONTACTS } from '../contracts/connection-contracts.ts';
import { renderPage } from '../shell/layout.tsx';
import { LIST_PAGE, OlderLink } from './older-link.tsx';
import { TimeWords, requestZone } from './time-zone.tsx';
import type { AndeePagesDeps } from './web-deps.ts';
import type { WebEnv } from './web-session.ts';

function csrfField(token: string) {
  return <input type="hidden" name="csrf" value={token} />;
}

function regionField() {
  return (
    <label>
      Country for numbers without a +code (two letters, e.g. GB) <input type="text" name="region" maxlength={2} autocomplete="country" />
    </label>
  );
}

export type ConnectionsPageData = Awaited<ReturnType<typeof loadConnectionsPage>>;

/** Everything the page shows for one andee, each list from the cursor its query parameter names. */
export async function loadConnectionsPage(deps: AndeePagesDeps, c: Context<WebEnv>, andeeId: string) {
  const id = andeeId;
  const [incomingPage, outgoingPage, activePage, suggestions, contactCount, unread] = await Promise.all([
    deps.connections.requestsPage(id, 'incoming', { limit: LIST_PAGE.requests, after: c.req.query('incoming') }),
    deps.connections.requestsPage(id, 'outgoing', { limit: LIST_PAGE.requests, after: c.req.query('outgoing') }),
    deps.connections.activePage(id, { limit: LIST_PAGE.connections, after: c.req.query('connections') }),
    deps.contacts.peopleYouMayKnow(id, 50),
    deps.contacts.contactCount(id),
    deps.notifications.unreadCount(id),
  ]);
  return { incomingPage, outgoingPage, activePage, suggestions, contactCount, unread, query: c.req.query(), now: deps.now(), zone: requestZone(c) };
}

interface ViewProps {
  data: ConnectionsPageData;
  csrf: string;
}

export function connectionsPage(data: ConnectionsPageData, csrf: string, notice: string | undefined): string {
  return renderPage(
    'Connections',
    <>
      <h1>Connections</h1>
      {notice ? (
        <p class="notice" role="status">
          {notice}
        </p>
      ) : null}
      <Requests data={data} csrf={csrf} />
      <Connected data={data} csrf={csrf} />
      <Suggestions data={data} csrf={csrf} />
      <RequestAndContactForms data={data} csrf={csrf} />
    </>,
    { signedIn: true, unread: data.unread },
  );
}

function Requests({ data, csrf }: ViewProps) {
  const { incomingPage, outgoingPage, now, zone } = data;
  const incoming = incomingPage.requests;
  const outgoing = outgoingPage.requests;
  return (
    <>
      <h2 id="incoming">Requests for you</h2>
      {incoming.length === 0 ? <p>{data.query.incoming ? 'No older requests wait for you.' : 'No one is waiting for your answer.'}</p> : null}
      {incoming.map((r) => (
        <div class="card" data-request={r.tag}>
          <p>
            <strong>{r.name}</strong> ({r.tag}) wants to connect{r.note ? `: “${r.note}”` : '.'}
          </p>
          <div class="actions">
            <form method="post" action="/connections/accept">
              {csrfField(csrf)}
              <input type="hidden" name="tag" value={r.tag} />
              <button type="submit" class="primary">
                Accept
              </button>
            </form>
            <form method="post" action="/connections/deny">
              {csrfField(csrf)}
              <input type="hidden" name="tag" value={r.tag} />
              <button type="submit">Decline</button>
            </form>
          </div>
        </div>
      ))}
      <OlderLink path="/connections" param="incoming" next={incomingPage.next} anchor="incoming" label="Older requests for you" />
      {outgoing.length ? (
        <>
          <h2 id="outgoing">Requests you sent</h2>
          <ul>
            {outgoing.map((r) => (
              <li data-outgoing={r.tag}>
                {r.name} ({r.tag}), sent <TimeWords at={new Date(r.requestedAt)} now={now} zone={zone} />
              </li>
            ))}
          </ul>
          <OlderLink path="/connections" param="outgoing" next={outgoingPage.next} anchor="outgoing" label="Older requests you sent" />
        </>
      ) : null}
    </>
  );
}

function Connected({ data }: ViewProps) {
  const { activePage, now, zone } = data;
  const active = activePage.connections;
  return (
    <>
      <h2 id="connections">Your connections</h2>
      {active.length === 0 ? <p>{data.query.connections ? 'No older connections.' : 'No connections yet.'}</p> : null}
      <ul class="plain">
        {active.map((a) => (
          <li class="card" data-connection={a.tag}>
            <strong>{a.name}</strong> ({a.tag})
            <br />
            <span class="meta">
              Connected <TimeWords at={new Date(a.connectedAt)} now={now} zone={zone} />
            </span>
            <br />
            <a class="button" href={`/connections/remove?tag=${encodeURIComponent(a.tag)}`}>
              Remove…
            </a>
          </li>
        ))}
      </ul>
      <OlderLink path="/connections" param="connections" next={activePage.next} anchor="connections" label="Older connections" />
    </>
  );
}

function Suggestions({ data, csrf }: ViewProps) {
  const { suggestions } = data;
  return (
    <>
      <h2>People you may know</h2>
      {suggestions.length === 0 ? <p>No suggestions. Add your contacts below to find people you know.</p> : null}
      <ul class="plain">
        {suggestions.map((s) => (
          <li class="card" data-suggestion={s.tag}>
            <strong>{s.name}</strong> ({s.tag})
            <br />
            <span class="meta">{s.match === 'mutual' ? 'You have each other’s numbers.' : 'One of you has the other’s number.'}</span>
            <form method="post" action="/connections/request">
              {csrfField(csrf)}
              <input type="hidden" name="tag" value={s.tag} />
              <button type="submit" class="primary" aria-label={`Connect with ${s.name}`}>
                Connect
              </button>
            </form>
          </li>
        ))}
      </ul>
    </>
  );
}

function RequestAndContactForms({ data, csrf }: ViewProps) {
  const { contactCount } = data;
  return (
    <>
      <h2>Send a request</h2>
      <form method="post" action="/connections/request" class="card">
        {csrfField(csrf)}
        <label>
          &tag <input type="text" name="tag" required maxlength={31} />
        </label>
        <label>
          Note (optional) <input type="text" name="note" maxlength={280} />
        </label>
        <button type="submit">Send request</button>
      </form>
      <h2>Your contacts</h2>
      <p class="meta">
        {contactCount} contact{contactCount === 1 ? '' : 's'} on file. Numbers are kept only as keyed hashes, never as numbers; e-mail addresses are not used. A
        new import replaces the old one.
      </p>
      <form method="post" action="/connections/contacts/file" enctype="multipart/form-data" class="card">
        {csrfField(csrf)}
        <label>
          A contacts file (.vcf, as your phone or address book exports it)
          <input type="file" name="file" accept=".vcf,text/vcard,text/x-vcard" required />
        </label>
        {regionField()}
        <button type="submit" class="primary">
          Import the file
        </button>
      </form>
      <form method="post" action="/connections/contacts" class="card">
        {csrfField(csrf)}
        <label>
          Or paste numbers, one per line, or a vCard (at most {MAX_CONTACTS})<textarea name="numbers"></textarea>
        </label>
        <label>
          Your own number, so people who have it can find you <input type="text" name="ownNumber" maxlength={40} autocomplete="tel" />
        </label>
        {regionField()}
        <button type="submit">Save contacts</button>
      </form>
    </>
  );
}
