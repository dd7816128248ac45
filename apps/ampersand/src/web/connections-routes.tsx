/**
 * Connections in the web app: incoming requests (Accept / Decline), outgoing ones, active
 * connections (Remove, confirmed on a page of its own first), people you may know (Connect), a
 * request form, and the contacts import — a .vcf file or pasted numbers or vCard, and the andee's
 * own number; numbers are hashed before they are stored, see identity/contacts.ts. Every form
 * carries the session's CSRF token and works without JavaScript.
 */
import { Hono, type Context } from 'hono';
import type { Andee } from '../andees/andee-repository.ts';
import { sessionCaller } from '../andees/caller.ts';
import { connectionTagInput, connectionsRequestInput, MAX_CONTACTS } from '../contracts/connection-contracts.ts';
import { connectionCases } from '../identity/connection-cases.ts';
import { contactCases } from '../identity/contact-cases.ts';
import { looksLikeVCard, parseVCards, type VCardContact } from '../identity/vcard.ts';
import { UNREAD_NAMED, unreadContacts, type UnreadContact } from '../identity/vcard-problems.ts';
import { platformErrors } from '@agent-products/kit/errors';
import { fail } from '../errors.ts';
import { TAG_PATTERN } from '../andees/tags.ts';
import { renderPage } from '../shell/layout.tsx';
import { connectionsPage, loadConnectionsPage } from './connections-page.tsx';
import type { AndeePagesDeps } from './web-deps.ts';
import { formInput } from './form-input.ts';
import { formFields, sessionOf, signedForm, signedIn, signedUpload, type FormEnv } from './form-steps.ts';
import type { WebEnv } from './web-session.ts';

function csrfField(token: string) {
  return <input type="hidden" name="csrf" value={token} />;
}

/** The numbers in pasted text or a file: every TEL of a vCard, or one number per line (or comma or semicolon); and a vCard's cards, to name the ones not read. */
function numbersIn(text: string): { numbers: string[]; cards: VCardContact[] | undefined } {
  if (looksLikeVCard(text)) {
    const cards = parseVCards(text).contacts;
    return { numbers: cards.flatMap((contact) => contact.phones), cards };
  }
  return {
    numbers: text
      .split(/[\r\n,;]+/)
      .map((n) => n.trim())
      .filter(Boolean),
    cards: undefined,
  };
}

/**
 * The answer to an import that left contacts unread: each one by name and why (rendered from the
 * posted file itself, never from an address), and what was saved.
 */
function importedPage(stored: number, unread: UnreadContact[], own: string | undefined): string {
  return renderPage(
    'Contacts imported',
    <>
      <h1>Contacts imported</h1>
      <p class="notice" role="status">
        Saved {stored} contact{stored === 1 ? '' : 's'}. {unread.length} could not be read.
        {own === 'saved' ? ' Your number is saved.' : own === 'unreadable' ? ' Your own number could not be read (or belongs to another andee).' : ''}
      </p>
      <h2>Not read</h2>
      <ul data-unread-contacts={String(unread.length)}>
        {unread.slice(0, UNREAD_NAMED).map((u) => (
          <li>
            <strong>{u.name}</strong>: {u.why}.
          </li>
        ))}
      </ul>
      {unread.length > UNREAD_NAMED ? <p>And {unread.length - UNREAD_NAMED} more.</p> : null}
      <p>Fix them in your address book and import the file again: a new import replaces the old one.</p>
      <p>
        <a href="/connections">Back to Connections</a>
      </p>
    </>,
    { signedIn: true },
  );
}

export function connectionsRoutes(deps: AndeePagesDeps): Hono<WebEnv> {
  const app = new Hono<WebEnv>();
  const cases = connectionCases(deps);
  const contacts = contactCases(deps);

  app.get('/connections', signedIn, async (c) => {
    const session = sessionOf(c);
    const data = await loadConnectionsPage(deps, c, session.andee.andeeId);
    return c.html(connectionsPage(data, session.csrfToken, connectionsNotice(c.req.query())));
  });

  app.get('/connections/remove', signedIn, async (c) => {
    const tag = c.req.query('tag') ?? '';
    const session = sessionOf(c);
    const other = await deps.andees.byTag(tag);
    const connected = other ? (await deps.connections.active(session.andee.andeeId, 1000)).some((a) => a.tag === `&${other.tag}`) : false;
    if (!other || !connected) throw fail('not_connected', 'That andee is not one of your connections.');
    return c.html(
      renderPage(
        'Remove a connection',
        <>
          <h1>
            Remove {other.displayName} (&{other.tag})?
          </h1>
          <p>
            Their agents stop seeing what you share with connections, and yours stop seeing theirs. To connect again, one of you sends a new request and the
            other accepts it.
          </p>
          <form method="post" action="/connections/remove" class="actions">
            {csrfField(session.csrfToken)}
            <input type="hidden" name="tag" value={other.tag} />
            <button type="submit" class="danger">
              Remove
            </button>
            <a href="/connections">Keep the connection</a>
          </form>
        </>,
        { signedIn: true },
      ),
    );
  });

  const back = (done: Record<string, string>) => `/connections?${new URLSearchParams(done)}`;
  app.post('/connections/request', signedForm, async (c) => {
    const session = sessionOf(c);
    const form = formFields(c);
    const input = formInput(connectionsRequestInput, { tag: form.tag ?? '', note: (form.note ?? '').trim() || undefined });
    const requested = await cases.request(sessionCaller(session.andee), input, deps.now());
    return c.redirect(back({ done: 'requested', tag: requested.to.tag.slice(1) }), 303);
  });

  for (const decision of ['accept', 'deny'] as const) {
    app.post(`/connections/${decision}`, signedForm, async (c) => {
      const session = sessionOf(c);
      const form = formFields(c);
      const input = formInput(connectionTagInput, { tag: form.tag ?? '' });
      const decided = await cases[decision](sessionCaller(session.andee), input, deps.now());
      return c.redirect(back({ done: decision === 'accept' ? 'accepted' : 'declined', tag: decided.tag.slice(1) }), 303);
    });
  }

  app.post('/connections/remove', signedForm, async (c) => {
    const session = sessionOf(c);
    const form = formFields(c);
    const removed = await cases.remove(sessionCaller(session.andee), formInput(connectionTagInput, { tag: form.tag ?? '' }), deps.now());
    return c.redirect(back({ done: 'removed', tag: removed.tag.slice(1) }), 303);
  });

  app.post('/connections/contacts', signedForm, async (c) => {
    const session = sessionOf(c);
    const form = formFields(c);
    return saveContacts(c, session.andee, numbersIn(form.numbers ?? ''), form.region, form.ownNumber);
  });

  app.post('/connections/contacts/file', signedUpload('file'), async (c) => {
    const session = sessionOf(c);
    const form = formFields(c);
    const file = c.var.upload;
    if (!file?.trim())
      throw platformErrors.fail('invalid_arguments', 'Choose a contacts file (.vcf) to import.', { fields: [{ field: 'file', problem: 'is empty' }] });
    if (!looksLikeVCard(file))
      throw platformErrors.fail('invalid_arguments', 'That file is not a vCard (.vcf) contacts file.', {
        fields: [{ field: 'file', problem: 'has no BEGIN:VCARD' }],
      });
    return saveContacts(c, session.andee, numbersIn(file), form.region, undefined);
  });

  async function saveContacts<E extends FormEnv>(
    c: Context<E>,
    andee: Andee,
    { numbers, cards }: ReturnType<typeof numbersIn>,
    regionField: string | undefined,
    ownNumber: string | undefined,
  ) {
    if (numbers.length > MAX_CONTACTS)
      throw platformErrors.fail('invalid_arguments', `At most ${MAX_CONTACTS} numbers at once.`, {
        fields: [{ field: 'numbers', problem: `more than ${MAX_CONTACTS} numbers` }],
      });
    const region = /^[A-Za-z]{2}$/.test(regionField ?? '') ? regionField : undefined;
    const result = await contacts.upload(sessionCaller(andee), { numbers, region, ownNumber: ownNumber?.trim() ? ownNumber : undefined }, deps.now());
    const own = result.ownNumberRecorded === null ? undefined : result.ownNumberRecorded ? 'saved' : 'unreadable';
    const unread = cards ? unreadContacts(cards, region) : [];
    if (unread.length) return c.html(importedPage(result.stored, unread, own));
    return c.redirect(back({ done: 'contacts', stored: String(result.stored), unreadable: String(result.unreadable), ...(own ? { own } : {}) }), 303);
  }

  return app;
}

/**
 * The line a finished action leaves on the page, rebuilt from what its redirect named: never text
 * taken from the address, so a link someone sends cannot make & say anything else.
 */
function connectionsNotice(query: Record<string, string>): string | undefined {
  const tag = TAG_PATTERN.test(query.tag ?? '') ? `&${query.tag}` : undefined;
  const count = (value: string | undefined) => (/^\d{1,6}$/.test(value ?? '') ? Number(value) : undefined);
  switch (query.done) {
    case 'requested':
      return tag && `Request sent to ${tag}.`;
    case 'accepted':
      return tag && `You and ${tag} are connected.`;
    case 'declined':
      return tag && `Declined ${tag}.`;
    case 'removed':
      return tag && `Removed ${tag}.`;
    case 'contacts': {
      const stored = count(query.stored);
      if (stored === undefined) return undefined;
      const unreadable = count(query.unreadable) ?? 0;
      const own =
        query.own === 'saved'
          ? ' Your number is saved.'
          : query.own === 'unreadable'
            ? ' Your own number could not be read (or belongs to another andee).'
            : '';
      return `Saved ${stored} contact${stored === 1 ? '' : 's'}${unreadable ? `; ${unreadable} could not be read as phone numbers` : ''}.${own}`;
    }
    default:
      return undefined;
  }
}
