/**
 * A lost database under the authorization server is an outage, not a server error: oidc-provider
 * answers any failure of its storage adapter as `server_error` (500), and a failure in &'s own
 * rules in front of it (oauth-rules.ts: refresh succession) would reach Koa as a bare 500. Both
 * become 503 `temporarily_unavailable` with Retry-After, as the kit answers an outage on every
 * other surface; nothing was issued, and the same request succeeds once the database is back.
 *
 * Registered before &'s other provider middleware, so it wraps them all.
 */
import { isConnectionFailure } from '@agent-products/kit/store';
import type { Logger } from '@agent-products/kit/log';
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';

const RETRY_AFTER_SECONDS = 5;

export function answerOutagesAsUnavailable(provider: Provider, log: Logger): void {
  const outages = new WeakSet<object>();
  provider.on('server_error', (ctx: KoaContextWithOIDC, error: unknown) => {
    if (isConnectionFailure(error)) outages.add(ctx);
    else log.error({ err: error }, 'authorization server error');
  });
  provider.use(async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (!isConnectionFailure(error)) throw error;
      outages.add(ctx);
    }
    if (!outages.has(ctx)) return;
    log.warn({ path: ctx.path }, 'authorization server: database unreachable');
    ctx.status = 503;
    ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
    ctx.set('Cache-Control', 'no-store');
    // A page the provider rendered for a browser keeps its HTML; a JSON answer gets the OAuth body.
    if (typeof ctx.body !== 'string')
      ctx.body = {
        error: 'temporarily_unavailable',
        error_description: 'The authorization server cannot reach its database right now; nothing was issued. Retry shortly.',
      };
  });
}
