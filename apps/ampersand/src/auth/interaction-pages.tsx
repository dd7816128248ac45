/**
 * The authorization interaction's pages (/interaction/:uid), what "scan the code with the & app"
 * means here. Both name the requesting client only as far as & knows it (the name it gave itself,
 * in quotes, beside where it receives the answer: its redirect host or its metadata document's
 * domain, and "registered … and not verified" for a dynamically registered client; never a logo),
 * list each requested access in plain words with its scope, offer Loop access only as
 * unticked boxes, and say which of the andee's and other andees' facts the app will and will not
 * see. Approve and Decline are equally prominent, and one line says when never to scan.
 *
 * - The starting page, in the browser the client opened (signed in or not): the two-digit number
 *   and a QR code for the approving phone; signed in, it can also be approved right here. It
 *   moves on by itself once answered (interaction-script.ts), or with its Continue button.
 * - The approving page, in any other signed-in browser: says first where and when the request
 *   started (request-origin.tsx: a number relayed from elsewhere comes with another network and
 *   an odd time), names the account it will grant, with "not you? switch account", and asks for
 *   the starting screen's number.
 */
import type { Child } from 'hono/jsx';
import { SCOPE_WORDS } from '../scopes.ts';
import { renderPage } from '../shell/layout.tsx';
import { INTERACTION_SCRIPT_PATH } from './interaction-script.ts';
import { requestOriginLine, type RequestOrigin } from './request-origin.tsx';

export const NEVER_SCAN_WARNING =
  'Never scan a code or type a number that someone sent you: approve only a request you started yourself, on a screen in front of you.';

export interface ClientView {
  /** The name the client gave itself; shown in quotes, never as verified. */
  name: string;
  clientId: string;
  /** The domain of a client metadata document (an HTTPS client id), when the client is one. */
  metadataDomain: string | undefined;
  /** When the client registered itself (dynamic registration). */
  registeredAt: Date | undefined;
  /** Where the answer goes: the redirect URI's host, or a device that showed a code. */
  destination: string;
}

export interface AccessView {
  defaultScopes: string[];
  optInScopes: string[];
  refusedScopes: string[];
  /**
   * The visibility levels of facts an app like this one is given, as the visibility rules decide
   * them (identity/visibility.ts): of other andees (a connection's, the most it can be) and of
   * the andee approving.
   */
  factsSeen: { others: readonly FactVisibility[]; own: readonly FactVisibility[] };
}

type FactVisibility = 'private' | 'connected' | 'public';
const FACT_VISIBILITIES: readonly FactVisibility[] = ['public', 'connected', 'private'];
const VISIBILITY_WORDS: Record<FactVisibility, string> = { public: 'public', connected: 'connected-only', private: 'private' };

interface CommonView {
  uid: string;
  client: ClientView;
  access: AccessView;
  expiresAt: Date;
  now: Date;
}

export interface StartingView extends CommonView {
  matchNumber: string;
  qrSvg: string;
  approvalUrl: string;
  /** The browser's signed-in account, when it is signed in: it may approve here. */
  signedIn: { tag: string; csrf: string } | undefined;
}

export interface ApprovingView extends CommonView {
  tag: string;
  csrf: string;
  /** The account the starting screen shows, when it is another than this one. */
  starterTag: string | undefined;
  /** Where and when the request started, against this device's own address. */
  origin: RequestOrigin;
  thisAddress: string;
}

export function startingPage(view: StartingView): string {
  return renderPage(
    'Approve access',
    <>
      <h1>An app asks for access to your &tag</h1>
      {clientCard(view.client, view.now)}
      {view.signedIn ? (
        <div class="card">
          {accountLine(view.signedIn.tag, view.signedIn.csrf, view.uid)}
          {decisionForm(view, view.signedIn.csrf, undefined)}
        </div>
      ) : (
        <div class="card">
          {accessList(view.access, false)}
          <form method="post" action={`/interaction/${view.uid}`}>
            <button type="submit" name="decision" value="deny" class="primary">
              Decline
            </button>
          </form>
        </div>
      )}
      <div class="card qr" id="approve-on-phone">
        <h2>{view.signedIn ? 'Or approve on your phone' : 'Approve on your phone'}</h2>
        <p>Scan this code with a phone signed in to &, then type this number there:</p>
        <p class="match-number" data-match-number={view.matchNumber}>
          {view.matchNumber}
        </p>
        <img alt={`QR code for ${view.approvalUrl}`} src={`data:image/svg+xml;base64,${Buffer.from(view.qrSvg).toString('base64')}`} />
        <p class="meta">
          Or open <code>{view.approvalUrl}</code> in a signed-in browser.
        </p>
        <form
          method="get"
          action={`/interaction/${view.uid}`}
          data-answer-status={`/interaction/${view.uid}/status`}
          data-answer-continue={`/interaction/${view.uid}`}
        >
          <p>This page moves on by itself once you have answered on your phone.</p>
          <button type="submit">Continue</button>
        </form>
      </div>
      {view.signedIn ? null : (
        <p>
          Or <a href={`/sign-in?next=${encodeURIComponent(`/interaction/${view.uid}`)}`}>sign in on this device</a> and approve here.
        </p>
      )}
      {footer(view)}
      <script src={INTERACTION_SCRIPT_PATH} defer />
    </>,
    { signedIn: view.signedIn !== undefined, focused: true },
  );
}

export function approvingPage(view: ApprovingView): string {
  return renderPage(
    'Approve access',
    <>
      <h1>Approve on this device?</h1>
      {requestOriginLine(view.origin, view.thisAddress, view.now)}
      {clientCard(view.client, view.now)}
      <div class="card">
        {accountLine(view.tag, view.csrf, view.uid)}
        {view.starterTag ? (
          <p class="problem" role="alert" id="other-account">
            The screen where this request started is signed in as <strong>&{view.starterTag}</strong>, not &{view.tag}. Approving here connects &{view.tag}.
          </p>
        ) : null}
        {decisionForm(view, view.csrf, view)}
      </div>
      {footer(view)}
      <script src={INTERACTION_SCRIPT_PATH} defer />
    </>,
    { signedIn: true, focused: true },
  );
}

/** What the approving device sees once it answered: the starting screen carries on. */
export function answeredElsewherePage(approved: boolean): string {
  return renderPage(
    'Answered',
    <>
      <h1>{approved ? 'Approved' : 'Declined'}</h1>
      <p class="notice" role="status">
        Your answer is recorded. The screen where you started continues by itself (or with its Continue button). This approval link is now used up.
      </p>
    </>,
    { signedIn: true },
  );
}

function clientCard(client: ClientView, now: Date): Child {
  return (
    <div class="card" id="client">
      <p>
        An app calling itself <strong>“{client.name}”</strong>
        {client.metadataDomain ? (
          <>
            , identified by its metadata document on <strong>{client.metadataDomain}</strong>.
          </>
        ) : (
          '.'
        )}
      </p>
      <p>
        It receives the answer at <strong>{client.destination}</strong>.
      </p>
      {client.registeredAt ? (
        <p class="problem" id="unverified">
          Registered {registeredAgo(client.registeredAt, now)} and not verified: & does not know who made this app, whatever it calls itself.
        </p>
      ) : (
        <p class="meta">& has not verified the name; only the domain above is checked.</p>
      )}
      <details class="meta">
        <summary>Technical details</summary>
        <p>
          Client id: <code>{client.clientId}</code>
        </p>
      </details>
    </div>
  );
}

function accountLine(tag: string, csrf: string, uid: string): Child {
  return (
    <div id="account">
      <p>
        Approving connects your &tag <strong>&{tag}</strong>.
      </p>
      <form method="post" action="/sign-out" class="inline">
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="next" value={`/interaction/${uid}`} />
        <button type="submit">Not you? Switch account</button>
      </form>
    </div>
  );
}

function decisionForm(view: CommonView, csrf: string, approving: ApprovingView | undefined): Child {
  return (
    <form method="post" action={`/interaction/${view.uid}`}>
      <input type="hidden" name="csrf" value={csrf} />
      {accessList(view.access, true)}
      {approving ? (
        <>
          <label>
            Type the number shown on the screen where you started{' '}
            <input type="text" name="number" inputmode="numeric" pattern="[0-9]{2}" maxlength={2} required autocomplete="off" />
          </label>
          <p class="meta">One wrong number ends this request. If no screen of yours shows a number, Decline.</p>
          {approving.starterTag ? (
            <label>
              <input type="checkbox" name="confirmAccount" value={approving.tag} required /> Yes, connect &{approving.tag}, not &{approving.starterTag}
            </label>
          ) : null}
        </>
      ) : null}
      <button type="submit" name="decision" value="approve" class="primary">
        Approve
      </button>
      <button type="submit" name="decision" value="deny" class="primary" formnovalidate>
        Decline
      </button>
    </form>
  );
}

function accessList(access: AccessView, withChoices: boolean): Child {
  return (
    <>
      {access.defaultScopes.length ? (
        <>
          <p>It asks to:</p>
          <ul class="scopes">
            {access.defaultScopes.map((scope) => (
              <li data-scope={scope}>
                {SCOPE_WORDS[scope] ?? scope} <code>{scope}</code>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>It asks for no access to your data.</p>
      )}
      {access.optInScopes.length && withChoices ? (
        <fieldset>
          <legend>Optional: your Loops (only if you tick them)</legend>
          {access.optInScopes.map((scope) => (
            <label>
              <input type="checkbox" name="optIn" value={scope} /> {SCOPE_WORDS[scope] ?? scope} <code>{scope}</code>
            </label>
          ))}
        </fieldset>
      ) : null}
      {access.optInScopes.length && !withChoices ? (
        <>
          <p>Optional, only if you tick them when approving:</p>
          <ul class="scopes">
            {access.optInScopes.map((scope) => (
              <li data-scope={scope}>
                {SCOPE_WORDS[scope] ?? scope} <code>{scope}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {access.refusedScopes.length ? (
        <p class="notice">
          Not offered to apps, so not granted:{' '}
          {access.refusedScopes.map((s) => (
            <code>{s} </code>
          ))}
        </p>
      ) : null}
      {factsSeen(access.factsSeen)}
    </>
  );
}

/** What the app will and will not see of people's facts, in words, from the visibility rules themselves. */
function factsSeen(seen: AccessView['factsSeen']): Child {
  const hiddenOthers = FACT_VISIBILITIES.filter((level) => !seen.others.includes(level));
  const hiddenOwn = FACT_VISIBILITIES.filter((level) => !seen.own.includes(level));
  return (
    <div id="facts-seen">
      <p>What this app will and will not see:</p>
      <ul>
        <li data-facts="others">
          Other andees, your connections included: {seen.others.length ? `only the facts they made ${levelList(seen.others, 'or')}` : 'none of their facts'}
          {hiddenOthers.length ? `, never their ${levelList(hiddenOthers, 'or')} facts` : ''}.
        </li>
        <li data-facts="own">
          You:{' '}
          {hiddenOwn.length
            ? `only your ${levelList(seen.own, 'and')} facts, never your ${levelList(hiddenOwn, 'or')} ones`
            : `your facts, private ones included, when it asks about you or acts for you`}
          .
        </li>
      </ul>
    </div>
  );
}

function levelList(levels: readonly FactVisibility[], joiner: 'and' | 'or'): string {
  const words = FACT_VISIBILITIES.filter((level) => levels.includes(level)).map((level) => VISIBILITY_WORDS[level]);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} ${joiner} ${words.at(-1)}` : (words[0] ?? '');
}

function footer(view: CommonView): Child {
  const minutes = Math.max(1, Math.ceil((view.expiresAt.getTime() - view.now.getTime()) / 60_000));
  return (
    <>
      <p class="problem" id="never-scan">
        {NEVER_SCAN_WARNING}
      </p>
      <p class="meta" id="expiry">
        This approval link works once and expires in {minutes} minute{minutes === 1 ? '' : 's'} (at {view.expiresAt.toISOString().slice(11, 16)} UTC).
      </p>
    </>
  );
}

function registeredAgo(at: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 2) return 'just now';
  if (minutes < 120) return `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} hours ago`;
  return `${Math.floor(hours / 24)} days ago`;
}
