/**
 * The pages oidc-provider renders itself, in the & shell: the device-code entry at /device and
 * its confirmation (each embedding the provider's own form, which carries its CSRF token; the
 * confirmation is the device flow's guard against a code someone else sent), the
 * device success page, and the error page for a request that cannot be sent back to the client.
 */
import type { IncomingMessage } from 'node:http';
import { raw } from 'hono/html';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { GRANTABLE_SCOPES, SCOPE_WORDS, isOptIn, splitScopes } from '../scopes.ts';
import { renderPage } from '../shell/layout.tsx';
import { STARTED_HERE_FIELD, confirmedWithoutTick } from './device-confirmation.ts';
import { requestOriginLine } from './request-origin.tsx';

// The pages run the shell's one script of &'s own (the time-zone cookie, shell/time-zone-script.ts)
// and nothing inline, like every other & page.
function send(ctx: KoaContextWithOIDC, html: string): void {
  ctx.type = 'html';
  ctx.set(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'self'; img-src 'self' data:; script-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  );
  ctx.set('X-Frame-Options', 'DENY');
  ctx.body = html;
}

/**
 * The provider's form without its inline event handlers (its code box selects itself on focus
 * with an `onfocus` attribute): the page's policy runs no inline script, so the browser would
 * refuse it and report a violation; the box works the same without it.
 */
export function withoutInlineHandlers(form: string): string {
  return form.replace(/\s+on[a-z]+="[^"]*"/gi, '');
}

/** The provider's code box with an accessible name and the code's shape as its hint. */
function labelledCodeInput(form: string): string {
  return form.replace(/(<input\s[^>]*?name="user_code")([^>]*?)placeholder="[^"]*"/, '$1 aria-label="Device code"$2placeholder="XXXX-XXXX"');
}

export function deviceInputSource(ctx: KoaContextWithOIDC, form: string, _out?: unknown, error?: Error & { userCode?: string }): void {
  const problem = !error
    ? undefined
    : error.userCode || error.name === 'NoCodeError'
      ? 'That code is not valid or has expired. Check the code on your device and try again.'
      : error.name === 'AbortedError'
        ? 'The sign-in on your device was stopped.'
        : 'The code could not be checked. Try again.';
  send(
    ctx,
    renderPage(
      'Enter a device code',
      <>
        <h1>Connect a device</h1>
        <p>Enter the code your device or app shows.</p>
        {problem ? (
          <p class="problem" role="alert">
            {problem}
          </p>
        ) : null}
        {raw(labelledCodeInput(withoutInlineHandlers(form)))}
        <button type="submit" class="primary" form="op.deviceInputForm">
          Continue
        </button>
      </>,
    ),
  );
}

/** What the device flow stores about the device that asked for a code (authorization-server.ts). */
export interface DeviceOrigin {
  address: string;
  /** ISO 8601. */
  startedAt: string;
}

/**
 * The confirmation page after a device code is typed (or arrives in a link): the only screen
 * between someone else's code and a token for their device. It names the client as far as &
 * knows it, says what it will be able to do in plain words, where and when the device asked for
 * the code, and that the person must continue only for a device of their own in front of them,
 * which they tick (device-confirmation.ts).
 */
export function deviceConfirmSource(addressOf: (req: IncomingMessage) => string) {
  return (ctx: KoaContextWithOIDC, form: string, client: { clientName?: string; clientId: string }, deviceInfo: unknown, userCode: string): void => {
    const origin = deviceInfo as Partial<DeviceOrigin> | undefined;
    const params = ctx.oidc.entities.DeviceCode?.params as { scope?: string } | undefined;
    const requested = splitScopes(params?.scope).filter((scope) => (GRANTABLE_SCOPES as readonly string[]).includes(scope));
    const now = new Date();
    send(
      ctx,
      renderPage(
        'Confirm the device',
        <>
          <h1>Is this your device?</h1>
          <div class="card" id="client">
            <p>
              An app calling itself <strong>“{client.clientName ?? client.clientId}”</strong> asks to connect to your &tag from a device showing the code{' '}
              <code>{userCode}</code>.
            </p>
            <p class="problem" id="unverified">
              & has not verified who made this app, whatever it calls itself.
            </p>
            <p class="meta">
              Client id: <code>{client.clientId}</code>
            </p>
          </div>
          <div class="card" id="access">
            <p>If you continue and approve, that device will be able to:</p>
            <ul class="scopes">
              {requested
                .filter((scope) => !isOptIn(scope))
                .map((scope) => (
                  <li data-scope={scope}>
                    {SCOPE_WORDS[scope] ?? scope} <code>{scope}</code>
                  </li>
                ))}
            </ul>
            {requested.some(isOptIn) ? <p class="meta">It also asks for your Loops: only if you tick them on the next page.</p> : null}
          </div>
          {origin?.startedAt ? requestOriginLine({ address: origin.address, startedAt: new Date(origin.startedAt) }, addressOf(ctx.req), now) : null}
          <p class="problem" id="device-warning">
            <strong>Only continue if you started this yourself, on a device in front of you, and it shows {userCode}.</strong> If someone sent you this code or
            link, Cancel: continuing would give them access to your &tag.
          </p>
          {confirmedWithoutTick(ctx) ? (
            <p class="problem" role="alert" id="tick-missing">
              Tick the box below to say the device is yours and in front of you, or Cancel.
            </p>
          ) : null}
          {raw(withoutInlineHandlers(form))}
          <label>
            <input type="checkbox" name={STARTED_HERE_FIELD} value="yes" form="op.deviceConfirmForm" required /> I started this on a device in front of me, and
            it shows <code>{userCode}</code>
          </label>
          <button type="submit" class="primary" form="op.deviceConfirmForm">
            Continue
          </button>
          <button type="submit" form="op.deviceConfirmForm" value="yes" name="abort" class="primary" formnovalidate>
            Cancel
          </button>
        </>,
      ),
    );
  };
}

/** A device-code form posted without its page's session (device-form-session.ts). */
export function deviceFormExpiredSource(ctx: KoaContextWithOIDC, message: string, code: string): void {
  send(
    ctx,
    renderPage(
      'Enter the code again',
      <>
        <h1>Enter the code again</h1>
        <p class="problem" role="alert">
          {message}
        </p>
        <p>
          Open <a href="/device">/device</a> again and enter the code your device shows.
        </p>
        <p>
          Error code: <code>{code}</code>
        </p>
      </>,
    ),
  );
}

export function deviceSuccessSource(ctx: KoaContextWithOIDC): void {
  const client = ctx.oidc.client;
  send(
    ctx,
    renderPage(
      'Device connected',
      <>
        <h1>Done</h1>
        <p class="notice">{client?.clientName ?? 'The device'} is connected. You can return to it now.</p>
      </>,
    ),
  );
}

export function errorSource(ctx: KoaContextWithOIDC, out: { error?: string; error_description?: string }, error?: Error & { error_detail?: unknown }): void {
  // A client metadata document that could not be used: the guard's own reason (cimd-guard.ts)
  // or the provider's check, which is what the person who pasted the client needs to see.
  const detail = out.error_description?.startsWith('client_id metadata document') && typeof error?.error_detail === 'string' ? error.error_detail : undefined;
  send(
    ctx,
    renderPage(
      'Authorization refused',
      <>
        <h1>This request cannot continue</h1>
        <p class="problem" role="alert">
          {out.error_description ?? 'The request is not valid.'}
        </p>
        {detail ? <p>{detail}</p> : null}
        <p>
          Error code: <code>{out.error ?? 'invalid_request'}</code>
        </p>
        <p>Start the connection again from the app that sent you here.</p>
      </>,
    ),
  );
}
