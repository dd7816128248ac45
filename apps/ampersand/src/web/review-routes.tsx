/**
 * The review queue: every pending signal of the signed-in andee (from agents, from answers to
 * questions), each with Approve (optionally with another visibility or category), Edit (the
 * text; it stays pending until approved) and Reject; after Approve or Reject, Undo for a while.
 * Below it, the approved identity, each fact with Edit (text, visibility, category) and Remove
 * (undoable too). Categories read as plain names, the HDS code in a tooltip. Every form carries
 * the session's CSRF token and works without JavaScript.
 */
import { Hono, type Context } from 'hono';
import { appNames } from '../auth/connected-apps.ts';
import { HOSTED_RUNTIME_CLIENT_ID } from '../auth/hosted-runtime.ts';
import { VISIBILITIES, type Signal, type Visibility } from '../identity/identity-signals.ts';
import { platformErrors } from '@agent-products/kit/errors';
import { fail } from '../errors.ts';
import { Category, CategorySelect } from './categories.tsx';
import { AddFactForm, factNotice } from './add-fact-form.tsx';
import { renderPage } from '../shell/layout.tsx';
import { LIST_PAGE, OlderLink } from './older-link.tsx';
import { TimeWords, requestZone } from './time-zone.tsx';
import type { AndeePagesDeps } from './web-deps.ts';
import { formFields, sessionOf, signedForm, signedIn } from './form-steps.ts';
import type { WebEnv } from './web-session.ts';

const SOURCE_WORDS: Record<string, string> = {
  mcp: 'an app you connected',
  cli: 'the operator',
  web: 'you',
  turn: 'your chat',
  answer: 'your answer to a question',
  demo: 'the demo set',
  suggestion: 'a Loop’s suggestion',
  legacy: 'an earlier version of &',
};

const VISIBILITY_WORDS: Record<Visibility, string> = {
  private: 'Private (only you)',
  connected: 'Connections (through your own & app)',
  public: 'Public',
};

/** What a decision did, for the notice that offers Undo, and where Undo sends the signal back to. */
const DONE: Record<string, { words: string; back: 'pending' | 'approved' }> = {
  approved: { words: 'Approved', back: 'pending' },
  rejected: { words: 'Rejected', back: 'pending' },
  removed: { words: 'Removed from your identity', back: 'approved' },
};

function VisibilitySelect(props: { current: Visibility }) {
  return (
    <select name="visibility" aria-label="Visibility">
      {VISIBILITIES.map((v) => (
        <option value={v} selected={v === props.current}>
          {VISIBILITY_WORDS[v]}
        </option>
      ))}
    </select>
  );
}

function Csrf(props: { token: string }) {
  return <input type="hidden" name="csrf" value={props.token} />;
}

/** Who a pending signal came from: an app by its name, so the person knows which of their apps wrote it. */
function origin(s: Signal, names: ReadonlyMap<string, string>): string {
  if (s.source !== 'mcp') return SOURCE_WORDS[s.source] ?? s.source;
  if (s.clientId === HOSTED_RUNTIME_CLIENT_ID) return '&, your own runtime';
  const name = s.clientId ? names.get(s.clientId) : undefined;
  // In quotes, as the approval page shows it: the name is the app's own claim.
  return name ? `“${name}”, an app you connected` : 'an app you connected that is no longer registered';
}

function pendingCard(s: Signal, names: ReadonlyMap<string, string>, csrf: string, now: Date, zone: string) {
  const action = `/review/${encodeURIComponent(s.signalId)}`;
  return (
    <div class="card" data-signal={s.signalId}>
      <p>
        <strong>{s.value}</strong>
      </p>
      <p class="meta">
        From {origin(s, names)}, <TimeWords at={s.createdAt} now={now} zone={zone} /> · filed under <Category code={s.hdsCode} />
      </p>
      <form method="post" action={action}>
        <Csrf token={csrf} />
        {/* biome-ignore lint/a11y/noLabelWithoutControl: the <select> VisibilitySelect renders sits inside this label. */}
        <label class="inline">
          Who may see it <VisibilitySelect current={s.visibility} />
        </label>
        {/* biome-ignore lint/a11y/noLabelWithoutControl: the <select> CategorySelect renders sits inside this label. */}
        <label class="inline">
          Category <CategorySelect current={s.hdsCode} />
        </label>
        <div class="actions">
          {/* The first button is the one Enter presses: Approve. */}
          <button type="submit" class="primary" name="action" value="approve">
            Approve
          </button>
          <button type="submit" name="action" value="reject">
            Reject
          </button>
        </div>
      </form>
      <details>
        <summary>Edit the text</summary>
        <form method="post" action={action}>
          <Csrf token={csrf} />
          <input type="hidden" name="action" value="edit" />
          <label>
            Text
            <textarea name="value" maxlength={1000}>
              {s.value}
            </textarea>
          </label>
          <button type="submit">Save edit</button>
        </form>
      </details>
    </div>
  );
}

function approvedItem(s: Signal, csrf: string) {
  const action = `/identity/${encodeURIComponent(s.signalId)}`;
  return (
    <li data-approved={s.signalId} id={`fact-${s.signalId}`} class="item">
      {s.value}{' '}
      <span class="meta">
        ({s.visibility}, <Category code={s.hdsCode} />)
      </span>
      <details>
        <summary>Edit</summary>
        <form method="post" action={action}>
          <Csrf token={csrf} />
          <input type="hidden" name="action" value="change" />
          <label>
            Text
            <textarea name="value" maxlength={1000}>
              {s.value}
            </textarea>
          </label>
          {/* biome-ignore lint/a11y/noLabelWithoutControl: the <select> VisibilitySelect renders sits inside this label. */}
          <label class="inline">
            Who may see it <VisibilitySelect current={s.visibility} />
          </label>
          {/* biome-ignore lint/a11y/noLabelWithoutControl: the <select> CategorySelect renders sits inside this label. */}
          <label class="inline">
            Category <CategorySelect current={s.hdsCode} />
          </label>
          <div class="actions">
            <button type="submit" class="primary">
              Save
            </button>
          </div>
        </form>
      </details>
      <form method="post" action={action}>
        <Csrf token={csrf} />
        <input type="hidden" name="action" value="remove" />
        <button type="submit" class="danger" aria-label={`Remove “${s.value}”`}>
          Remove
        </button>
      </form>
    </li>
  );
}

/** The review page's loader: both lists from the cursors the query names, the apps that suggested, the decision just made. */
async function loadReviewPage(deps: AndeePagesDeps, c: Context<WebEnv>, id: string) {
  const [pending, approved, unread] = await Promise.all([
    deps.signals.page(id, 'pending', { limit: LIST_PAGE.pending, after: c.req.query('pending') }),
    deps.signals.page(id, 'approved', { limit: LIST_PAGE.approved, after: c.req.query('approved') }),
    deps.notifications.unreadCount(id),
  ]);
  const names = await appNames(
    deps.db,
    pending.signals.flatMap((s) => (s.source === 'mcp' && s.clientId ? [s.clientId] : [])),
  );
  const done = DONE[c.req.query('done') ?? ''];
  const decided = done ? await deps.signals.byId(id, c.req.query('signal') ?? '') : undefined;
  const notice = c.req.query('done') === 'undone' ? 'Undone.' : c.req.query('done') === 'changed' ? 'Saved.' : factNotice(c.req.query());
  const now = deps.now();
  const zone = requestZone(c);
  return { pending, approved, unread, names, done, decided, notice, now, zone, query: c.req.query() };
}

/** The review page's view: the decision just made (with Undo), what waits for review, and the approved identity. */
function reviewPage(data: Awaited<ReturnType<typeof loadReviewPage>>, csrf: string): string {
  const { pending, approved, unread, names, done, decided, notice, now, zone, query } = data;
  return renderPage(
    'Review',
    <>
      <h1 id="pending">Review</h1>
      <p>Facts apps and answers suggested about you. Nothing here is part of your &tag until you approve it.</p>
      {done && decided ? (
        // The words are the status; Undo is a form beside them (a form given the status role is no form to assistive technology).
        <div class="notice">
          <p role="status">
            {done.words}: “{decided.value}”.
          </p>
          <form method="post" action={`/review/${encodeURIComponent(decided.signalId)}/undo`}>
            <Csrf token={csrf} />
            <input type="hidden" name="back" value={done.back} />
            <button type="submit">Undo</button>
          </form>
        </div>
      ) : notice ? (
        <p class="notice" role="status">
          {notice}
        </p>
      ) : null}
      {pending.signals.length === 0 ? (
        <p class="notice">{query.pending ? 'Nothing older waits for your review.' : 'Nothing waits for your review.'}</p>
      ) : (
        pending.signals.map((s) => pendingCard(s, names, csrf, now, zone))
      )}
      <OlderLink path="/review" param="pending" next={pending.next} anchor="pending" label="Older suggestions" />
      <AddFactForm csrf={csrf} back="review" />
      <h2 id="approved">Your identity</h2>
      {approved.signals.length === 0 ? (
        <p>{query.approved ? 'No older approved facts.' : 'No approved facts yet.'}</p>
      ) : (
        <ul class="plain">{approved.signals.map((s) => approvedItem(s, csrf))}</ul>
      )}
      <OlderLink path="/review" param="approved" next={approved.next} anchor="approved" label="Older approved facts" />
    </>,
    { signedIn: true, unread },
  );
}

export function reviewRoutes(deps: AndeePagesDeps): Hono<WebEnv> {
  const app = new Hono<WebEnv>();

  app.get('/review', signedIn, async (c) => {
    const session = sessionOf(c);
    return c.html(reviewPage(await loadReviewPage(deps, c, session.andee.andeeId), session.csrfToken));
  });

  const visibilityOf = (form: Record<string, string>) => (VISIBILITIES.includes(form.visibility as Visibility) ? (form.visibility as Visibility) : undefined);

  app.post('/review/:signalId', signedForm, async (c) => {
    const session = sessionOf(c);
    const form = formFields(c);
    const visibility = visibilityOf(form);
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
    if (decision.action === 'edit') return c.redirect('/review?done=changed', 303);
    return c.redirect(`/review?done=${decision.action === 'approve' ? 'approved' : 'rejected'}&signal=${encodeURIComponent(reviewed.signalId)}`, 303);
  });

  app.post('/review/:signalId/undo', signedForm, async (c) => {
    const session = sessionOf(c);
    const form = formFields(c);
    const back = form.back === 'approved' ? 'approved' : 'pending';
    const undone = await deps.signals.undo(session.andee.andeeId, c.req.param('signalId'), back, deps.now());
    if (!undone) throw fail('signal_not_found', 'That decision can no longer be undone.');
    return c.redirect('/review?done=undone', 303);
  });

  app.post('/identity/:signalId', signedForm, async (c) => {
    const session = sessionOf(c);
    const form = formFields(c);
    const signalId = c.req.param('signalId');
    if (form.action === 'remove') {
      const removed = await deps.signals.remove(session.andee.andeeId, signalId, deps.now());
      if (!removed) throw fail('signal_not_found', 'That fact is no longer part of your identity.');
      return c.redirect(`/review?done=removed&signal=${encodeURIComponent(removed.signalId)}`, 303);
    }
    if (form.action !== 'change')
      throw platformErrors.fail('invalid_arguments', 'Choose Save or Remove.', { fields: [{ field: 'action', problem: 'is neither change nor remove' }] });
    const changed = await deps.signals.changeApproved(
      session.andee.andeeId,
      signalId,
      { value: form.value, visibility: visibilityOf(form), hdsCode: form.hdsCode || undefined },
      deps.now(),
    );
    if (!changed) throw fail('signal_not_found', 'That fact is no longer part of your identity.');
    return c.redirect('/review?done=changed', 303);
  });

  return app;
}
