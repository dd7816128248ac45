/**
 * The pages oidc-provider renders itself, in the & shell: the device-code entry at /device and
 * its confirmation (each embedding the provider's own form, which carries its CSRF token), the
 * device success page, and the error page for a request that cannot be sent back to the client.
 */
import { raw } from 'hono/html';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { renderPage } from '../shell/layout.tsx';

function send(ctx: KoaContextWithOIDC, html: string): void {
  ctx.type = 'html';
  ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
  ctx.set('X-Frame-Options', 'DENY');
  ctx.body = html;
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
        {raw(
          form.replace(
            '<input type="text" name="user_code"',
            '<input type="text" name="user_code" aria-label="Device code" autocomplete="off" placeholder="XXXX-XXXX"',
          ),
        )}
        <button type="submit" class="primary" form="op.deviceInputForm">
          Continue
        </button>
      </>,
    ),
  );
}

export function deviceConfirmSource(
  ctx: KoaContextWithOIDC,
  form: string,
  client: { clientName?: string; clientId: string },
  _info: unknown,
  userCode: string,
): void {
  send(
    ctx,
    renderPage(
      'Confirm the device',
      <>
        <h1>Is this your device?</h1>
        <p>
          <strong>{client.clientName ?? client.clientId}</strong> is asking to connect with the code <code>{userCode}</code>. Continue only if your device shows
          the same code.
        </p>
        {raw(form)}
        <button type="submit" class="primary" form="op.deviceConfirmForm">
          Continue
        </button>
        <button type="submit" form="op.deviceConfirmForm" value="yes" name="abort">
          Cancel
        </button>
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
