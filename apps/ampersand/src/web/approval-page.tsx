/**
 * The approval page: what "scan the code with the & app" means here. It names the requesting
 * client and where it will send the andee back, lists each requested access in plain words, and
 * offers Loop access only as separate opt-in boxes. Approve and Deny are one plain HTML form.
 * A QR code carries the same page's URL for a signed-in phone.
 */
import { SCOPE_WORDS } from '../scopes.ts';
import { renderPage } from '../shell/layout.tsx';

export interface ApprovalView {
  uid: string;
  clientName: string;
  clientId: string;
  /** Where the client receives the answer: a redirect host, or a device. */
  destination: string;
  defaultScopes: string[];
  optInScopes: string[];
  refusedScopes: string[];
  andeeTag: string;
  csrf: string;
  qrSvg: string;
  approvalUrl: string;
}

export function approvalPage(view: ApprovalView): string {
  return renderPage(
    'Approve access',
    <>
      <h1>Connect {view.clientName}?</h1>
      <div class="card">
        <p>
          <strong>{view.clientName}</strong> wants access to your &tag <strong>&{view.andeeTag}</strong>. It will receive the answer at{' '}
          <strong>{view.destination}</strong>.
        </p>
        <form method="post" action={`/interaction/${view.uid}`}>
          <input type="hidden" name="csrf" value={view.csrf} />
          {view.defaultScopes.length ? (
            <>
              <p>It asks to:</p>
              <ul class="scopes">
                {view.defaultScopes.map((scope) => (
                  <li data-scope={scope}>
                    {SCOPE_WORDS[scope] ?? scope} <code>{scope}</code>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>It asks for no access to your data.</p>
          )}
          {view.optInScopes.length ? (
            <fieldset>
              <legend>Optional: your Loops (only if you tick them)</legend>
              {view.optInScopes.map((scope) => (
                <label>
                  <input type="checkbox" name="optIn" value={scope} /> {SCOPE_WORDS[scope] ?? scope} <code>{scope}</code>
                </label>
              ))}
            </fieldset>
          ) : null}
          {view.refusedScopes.length ? (
            <p class="notice">
              Not offered to apps, so not granted:{' '}
              {view.refusedScopes.map((s) => (
                <code>{s} </code>
              ))}
            </p>
          ) : null}
          <button type="submit" name="decision" value="approve" class="primary">
            Approve
          </button>
          <button type="submit" name="decision" value="deny">
            Deny
          </button>
        </form>
      </div>
      <div class="card qr">
        <p>Or approve on your phone: scan this code with a phone signed in to &.</p>
        <img alt={`QR code for ${view.approvalUrl}`} src={`data:image/svg+xml;base64,${Buffer.from(view.qrSvg).toString('base64')}`} />
        <p>
          After approving on the phone, <a href={`/interaction/${view.uid}`}>continue here</a>.
        </p>
      </div>
      <p>
        Client id: <code>{view.clientId}</code>
      </p>
    </>,
    { signedIn: true },
  );
}
