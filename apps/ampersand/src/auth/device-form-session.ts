/**
 * A device-code form (`POST /device`) answers only the browser its page was shown to: the
 * provider keeps the form's CSRF secret in that browser's session. Posted without one (a form
 * sent from elsewhere, a browser that dropped its cookies, a session that has expired), the
 * provider's own refusal re-renders the form in a session it never saved and fails with a 500,
 * before anyone authenticated. Such a post is refused here first, as `csrf_invalid`, on a page
 * that says to open /device again; nothing is read or written.
 */
import type Provider from 'oidc-provider';
import { fail } from '../errors.ts';
import { OAUTH_ROUTES } from './authorization-server.ts';
import { deviceFormExpiredSource } from './provider-pages.tsx';

export function applyDeviceFormSession(provider: Provider): void {
  provider.use(async (ctx, next) => {
    if (ctx.method !== 'POST' || ctx.path !== OAUTH_ROUTES.code_verification) return next();
    const session = await provider.Session.get(ctx as Parameters<typeof provider.Session.get>[0]);
    // A session the provider ever saved has an expiry; a new one, or one whose cookie outlived its row, has none.
    if (typeof (session as { exp?: unknown }).exp === 'number') return next();
    const refusal = fail('csrf_invalid', 'This device-code form was not shown in this browser, or its page has expired.');
    ctx.status = refusal.status;
    ctx.set('Cache-Control', 'no-store');
    deviceFormExpiredSource(ctx as Parameters<typeof deviceFormExpiredSource>[0], refusal.message, refusal.code);
  });
}
