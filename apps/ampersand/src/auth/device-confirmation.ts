/**
 * The device flow's explicit "I started this" step (RFC 8628 §5.4, remote phishing): a person
 * who types or follows a code someone sent them would approve a token for that someone's device.
 * The confirmation page (provider-pages.tsx) says so and asks the person to tick that they started
 * the request on a device in front of them; a confirmation posted without the tick (a form sent
 * without the page, or a browser that skipped the check) is not a confirmation: `confirm` is taken
 * out of the body, so the provider shows the confirmation page again, now saying what is missing.
 */
import type { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { OAUTH_ROUTES } from './authorization-server.ts';

/** The confirmation form's tick box: `yes` when the person says the device is theirs and in front of them. */
export const STARTED_HERE_FIELD = 'started_here';

const unticked = new WeakSet<IncomingMessage>();

export function applyDeviceConfirmation(provider: Provider): void {
  provider.use(async (ctx, next) => {
    const req = ctx.req as IncomingMessage & { body?: string };
    if (ctx.method === 'POST' && ctx.path === OAUTH_ROUTES.code_verification && typeof req.body === 'string') {
      const form = new URLSearchParams(req.body);
      if (form.has('confirm') && !form.has('abort') && form.get(STARTED_HERE_FIELD) !== 'yes') {
        form.delete('confirm');
        req.body = form.toString();
        unticked.add(req);
      }
    }
    return next();
  });
}

/** Whether this request confirmed a device code without the tick, so the page must ask again. */
export function confirmedWithoutTick(ctx: KoaContextWithOIDC): boolean {
  return unticked.has(ctx.req);
}
