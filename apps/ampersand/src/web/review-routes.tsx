/**
 * The review queue: every pending signal of the signed-in andee (from agents, from answers to
 * questions), each with Approve (optionally with another visibility or HDS code), Edit (the text;
 * it stays pending until approved) and Reject. Below it, the approved identity. Every form
 * carries the session's CSRF token.
 */
import { Hono } from 'hono';
import { hdsLeaves } from '../identity/hds-taxonomy.ts';
import { VISIBILITIES, type Signal, type Visibility } from '../identity/identity-signals.ts';
import { platformErrors } from '@agent-products/kit/errors';
import { fail } from '../errors.ts';
import { renderPage } from '../shell/layout.tsx';
import { LIST_PAGE, OlderLink } from './older-link.tsx';
import { sessionOr, type AndeePagesDeps } from './web-deps.ts';
import { checkedForm, type WebEnv } from './web-session.ts';

const SOURCE_WORDS: Record<string, string> = {
  mcp: 'an app you connected',
  cli: 'the operator',
  web: 'you',
  turn: 'your chat',
  answer: 'your answer to a question',
  demo: 'the demo set',
  legacy: 'an earlier version of &',
};

function visibilitySelect(current: Visibility) {
  return (
    <select name="visibility" aria-label="Visibility">
      {VISIBILITIES.map((v) => (
        <option value={v} selected={v === current}>
          {v === 'private' ? 'Private (only you)' : v === 'connected' ? 'Connections (through your own & app)' : 'Public'}
        </option>
      ))}
    </select>
  );
}

function codeSelect(current: string | null) {
  return (
    <select name="hdsCode" aria-label="Category">
      {hdsLeaves().map((l) => (
        <option value={l.code} selected={l.code === current}>
          {l.code} — {l.label}
        </option>
      ))}
    </select>
  );
}

function pendingCard(s: Signal, csrf: string) {
  const action = `/review/${encodeURIComponent(s.signalId)}`;
  return (
    <div class="card" data-signal={s.signalId}>
      <p>
        <strong>{s.value}</strong>
      </p>
      <p class="meta">
        From {SOURCE_WORDS[s.source] ?? s.source}, {s.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · filed under{' '}
        <code>{s.hdsCode ?? 'no code yet'}</code>
      </p>
      <form method="post" action={action}>
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="action" value="approve" />
        {/* biome-ignore lint/a11y/noLabelWithoutControl: the <select> visibilitySelect renders sits inside this label. */}
        <label class="inline">Who may see it {visibilitySelect(s.visibility)}</label>
        {/* biome-ignore lint/a11y/noLabelWithoutControl: the <select> codeSelect renders sits inside this label. */}
        <label class="inline">Category {codeSelect(s.hdsCode)}</label>
        <button type="submit" class="primary">
          Approve
        </button>
      </form>
      <form method="post" action={action}>
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="action" value="edit" />
        <label>
          Edit the text
          <textarea name="value" maxlength={1000}>
            {s.value}
          </textarea>
        </label>
        <button type="submit">Save edit</button>
      </form>
      <form method="post" action={action}>
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="action" value="reject" />
        <button type="submit">Reject</button>
      </form>
    </div>
  );
}

export function reviewRoutes(deps: AndeePagesDeps): Hono<WebEnv> {
  const app = new Hono<WebEnv>();

  app.get('/review', async (c) => {
    const session = sessionOr(c, '/review');
    if (session instanceof Response) return session;
    const id = session.andee.andeeId;
    const [pending, approved, unread] = await Promise.all([
      deps.signals.page(id, 'pending', { limit: LIST_PAGE.pending, after: c.req.query('pending') }),
      deps.signals.page(id, 'approved', { limit: LIST_PAGE.approved, after: c.req.query('approved') }),
      deps.notifications.unreadCount(id),
    ]);
    return c.html(
      renderPage(
        'Review',
        <>
          <h1 id="pending">Review</h1>
          <p>Facts apps and answers suggested about you. Nothing here is part of your &tag until you approve it.</p>
          {pending.signals.length === 0 ? (
            <p class="notice">{c.req.query('pending') ? 'Nothing older waits for your review.' : 'Nothing waits for your review.'}</p>
          ) : (
            pending.signals.map((s) => pendingCard(s, session.csrfToken))
          )}
          <OlderLink path="/review" param="pending" next={pending.next} anchor="pending" label="Older suggestions" />
          <h2 id="approved">Your identity</h2>
          {approved.signals.length === 0 ? (
            <p>{c.req.query('approved') ? 'No older approved facts.' : 'No approved facts yet.'}</p>
          ) : (
            <ul>
              {approved.signals.map((s) => (
                <li data-approved={s.signalId}>
                  {s.value}{' '}
                  <span class="meta">
                    ({s.visibility}, {s.hdsCode ?? 'no code'})
                  </span>
                </li>
              ))}
            </ul>
          )}
          <OlderLink path="/review" param="approved" next={approved.next} anchor="approved" label="Older approved facts" />
        </>,
        { signedIn: true, unread },
      ),
    );
  });

  app.post('/review/:signalId', async (c) => {
    const checked = await checkedForm(c);
    const { session, form } = checked;
    const visibility = VISIBILITIES.includes(form.visibility as Visibility) ? (form.visibility as Visibility) : undefined;
    const decision =
      form.action === 'approve'
        ? { action: 'approve' as const, visibility, hdsCode: form.hdsCode || undefined }
        : form.action === 'edit'
          ? { action: 'edit' as const, value: form.value ?? '' }
          : form.action === 'reject'
            ? { action: 'reject' as const }
            : undefined;
    if (!decision)
      throw platformErrors.fail('invalid_arguments', 'Choose Approve, Save edit or Reject.', {
        fields: [{ field: 'action', problem: 'is none of approve, edit, reject' }],
      });
    const reviewed = await deps.signals.review(session.andee.andeeId, c.req.param('signalId'), decision, deps.now());
    if (!reviewed) throw fail('signal_not_found', 'That item is no longer waiting for review.');
    return c.redirect('/review', 303);
  });

  return app;
}
