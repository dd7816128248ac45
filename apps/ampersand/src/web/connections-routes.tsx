/**
 * Connections in the web app: incoming requests (Accept / Decline), outgoing ones, active
 * connections (Remove), a request form, people you may know, and the contacts form (the andee's
 * own number and their address book; numbers are hashed before they are stored, see
 * identity/contacts.ts). Every form carries the session's CSRF token.
 */
import { Hono } from 'hono';
import { MAX_CONTACTS } from '../contracts/connection-contracts.ts';
import { platformErrors } from '@agent-products/kit/errors';
import { fail } from '../errors.ts';
import { renderPage } from '../shell/layout.tsx';
import { LIST_PAGE, OlderLink } from './older-link.tsx';
import { sessionOr, type AndeePagesDeps } from './web-deps.ts';
import { checkedForm, type WebEnv } from './web-session.ts';

function csrfField(token: string) {
  return <input type="hidden" name="csrf" value={token} />;
}

export function connectionsRoutes(deps: AndeePagesDeps): Hono<WebEnv> {
  const app = new Hono<WebEnv>();

  app.get('/connections', async (c) => {
    const session = sessionOr(c, '/connections');
    if (session instanceof Response) return session;
    const id = session.andee.andeeId;
    const [incomingPage, outgoingPage, activePage, suggestions, contactCount, unread] = await Promise.all([
      deps.connections.requestsPage(id, 'incoming', { limit: LIST_PAGE.requests, after: c.req.query('incoming') }),
      deps.connections.requestsPage(id, 'outgoing', { limit: LIST_PAGE.requests, after: c.req.query('outgoing') }),
      deps.connections.activePage(id, { limit: LIST_PAGE.connections, after: c.req.query('connections') }),
      deps.contacts.peopleYouMayKnow(id, 50),
      deps.contacts.contactCount(id),
      deps.notifications.unreadCount(id),
    ]);
    const incoming = incomingPage.requests;
    const outgoing = outgoingPage.requests;
    const active = activePage.connections;
    const notice = c.req.query('done');
    return c.html(
      renderPage(
        'Connections',
        <>
          <h1>Connections</h1>
          {notice ? (
            <p class="notice" role="status">
              {notice}
            </p>
          ) : null}
          <h2 id="incoming">Requests for you</h2>
          {incoming.length === 0 ? <p>{c.req.query('incoming') ? 'No older requests wait for you.' : 'No one is waiting for your answer.'}</p> : null}
          {incoming.map((r) => (
            <div class="card" data-request={r.tag}>
              <p>
                <strong>{r.name}</strong> ({r.tag}) wants to connect{r.note ? `: “${r.note}”` : '.'}
              </p>
              <form method="post" action="/connections/accept" class="inline">
                {csrfField(session.csrfToken)}
                <input type="hidden" name="tag" value={r.tag} />
                <button type="submit" class="primary">
                  Accept
                </button>
              </form>
              <form method="post" action="/connections/deny" class="inline">
                {csrfField(session.csrfToken)}
                <input type="hidden" name="tag" value={r.tag} />
                <button type="submit">Decline</button>
              </form>
            </div>
          ))}
          <OlderLink path="/connections" param="incoming" next={incomingPage.next} anchor="incoming" label="Older requests for you" />
          {outgoing.length ? (
            <>
              <h2 id="outgoing">Requests you sent</h2>
              <ul>
                {outgoing.map((r) => (
                  <li data-outgoing={r.tag}>
                    {r.name} ({r.tag}), pending since {r.requestedAt.slice(0, 10)}
                  </li>
                ))}
              </ul>
              <OlderLink path="/connections" param="outgoing" next={outgoingPage.next} anchor="outgoing" label="Older requests you sent" />
            </>
          ) : null}
          <h2 id="connections">Your connections</h2>
          {active.length === 0 ? <p>{c.req.query('connections') ? 'No older connections.' : 'No connections yet.'}</p> : null}
          <table>
            <tbody>
              {active.map((a) => (
                <tr data-connection={a.tag}>
                  <td>
                    {a.name} ({a.tag})
                  </td>
                  <td>since {a.connectedAt.slice(0, 10)}</td>
                  <td>
                    <form method="post" action="/connections/remove">
                      {csrfField(session.csrfToken)}
                      <input type="hidden" name="tag" value={a.tag} />
                      <button type="submit">Remove</button>
                    </form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <OlderLink path="/connections" param="connections" next={activePage.next} anchor="connections" label="Older connections" />
          <h2>Send a request</h2>
          <form method="post" action="/connections/request">
            {csrfField(session.csrfToken)}
            <label>
              &tag <input type="text" name="tag" required maxlength={31} />
            </label>
            <label>
              Note (optional) <input type="text" name="note" maxlength={280} />
            </label>
            <button type="submit">Send request</button>
          </form>
          <h2>People you may know</h2>
          {suggestions.length === 0 ? <p>No suggestions. Add your contacts below to find people you know.</p> : null}
          <ul>
            {suggestions.map((s) => (
              <li data-suggestion={s.tag}>
                {s.name} ({s.tag}) — {s.match === 'mutual' ? 'you have each other’s numbers' : 'one of you has the other’s number'}
              </li>
            ))}
          </ul>
          <h2>Your contacts</h2>
          <p class="meta">
            {contactCount} contact{contactCount === 1 ? '' : 's'} on file. Numbers are kept only as keyed hashes, never as numbers. A new upload replaces the
            old one.
          </p>
          <form method="post" action="/connections/contacts">
            {csrfField(session.csrfToken)}
            <label>
              Your own number <input type="text" name="ownNumber" maxlength={40} />
            </label>
            <label>
              Country for numbers without +code (e.g. GB) <input type="text" name="region" maxlength={2} />
            </label>
            <label>
              Contacts, one number per line (at most {MAX_CONTACTS})<textarea name="numbers"></textarea>
            </label>
            <button type="submit">Save contacts</button>
          </form>
        </>,
        { signedIn: true, unread },
      ),
    );
  });

  const back = (message: string) => `/connections?done=${encodeURIComponent(message)}`;
  app.post('/connections/request', async (c) => {
    const checked = await checkedForm(c);
    const { session, form } = checked;
    const to = await deps.andees.byTag(form.tag ?? '');
    if (!to) throw fail('andee_not_found', `No andee has the tag ${form.tag}.`);
    const note = (form.note ?? '').trim().slice(0, 280) || undefined;
    const me = session.andee;
    await deps.db
      .transaction()
      .execute((trx) =>
        deps.connections.request(
          trx,
          { andeeId: me.andeeId, name: me.displayName, tag: me.tag, photoUrl: me.photoUrl },
          { andeeId: to.andeeId, name: to.displayName, tag: to.tag, photoUrl: to.photoUrl },
          note,
          deps.now(),
        ),
      );
    return c.redirect(back(`Request sent to &${to.tag}.`), 303);
  });

  for (const decision of ['accept', 'deny'] as const) {
    app.post(`/connections/${decision}`, async (c) => {
      const checked = await checkedForm(c);
      const { session, form } = checked;
      const from = await deps.andees.byTag(form.tag ?? '');
      const me = session.andee;
      const done = from
        ? await deps.db
            .transaction()
            .execute((trx) =>
              deps.connections.resolveIncoming(
                trx,
                { andeeId: me.andeeId, name: me.displayName, tag: me.tag, photoUrl: me.photoUrl },
                from.andeeId,
                decision === 'accept' ? 'accepted' : 'denied',
                deps.now(),
              ),
            )
        : false;
      if (!done) throw fail('no_matching_request', 'That request is no longer waiting for you.');
      return c.redirect(back(decision === 'accept' ? `You and &${from!.tag} are connected.` : `Declined &${from!.tag}.`), 303);
    });
  }

  app.post('/connections/remove', async (c) => {
    const checked = await checkedForm(c);
    const other = await deps.andees.byTag(checked.form.tag ?? '');
    const removed = other ? await deps.db.transaction().execute((trx) => deps.connections.remove(trx, checked.session.andee.andeeId, other.andeeId)) : false;
    if (!removed) throw fail('not_connected', 'That andee is not one of your connections.');
    return c.redirect(back(`Removed &${other!.tag}.`), 303);
  });

  app.post('/connections/contacts', async (c) => {
    const checked = await checkedForm(c);
    const { session, form } = checked;
    const numbers = (form.numbers ?? '')
      .split(/[\r\n,;]+/)
      .map((n) => n.trim())
      .filter(Boolean);
    if (numbers.length > MAX_CONTACTS)
      throw platformErrors.fail('invalid_arguments', `At most ${MAX_CONTACTS} numbers at once.`, {
        fields: [{ field: 'numbers', problem: `more than ${MAX_CONTACTS} numbers` }],
      });
    const region = /^[A-Za-z]{2}$/.test(form.region ?? '') ? form.region : undefined;
    const now = deps.now();
    let own = '';
    if (form.ownNumber?.trim())
      own = (await deps.contacts.setOwnPhone(session.andee.andeeId, form.ownNumber, region, now))
        ? ' Your number is saved.'
        : ' Your own number could not be read (or belongs to another andee).';
    const result = await deps.contacts.upload(session.andee.andeeId, numbers, region, now);
    return c.redirect(
      back(
        `Saved ${result.stored} contact${result.stored === 1 ? '' : 's'}${result.unreadable ? `; ${result.unreadable} could not be read as phone numbers` : ''}.${own}`,
      ),
      303,
    );
  });

  return app;
}
