/**
 * &'s rules on top of oidc-provider, as one Koa middleware in front of its routes:
 * - the metadata's `scopes_supported` names the resource scopes, not only the OpenID ones;
 * - an authorization or device request without `scope` asks for the default public grant;
 * - dynamic client registration admits public clients only (`token_endpoint_auth_method` none,
 *   the default when absent) and ignores a registered `scope`, which would otherwise restrict
 *   the client to OpenID scopes; its redirect URIs must be https, loopback http or a private-use
 *   scheme (redirect-uris.ts), else `invalid_redirect_uri`; a client redirecting only to
 *   loopback registers as native, so its redirect port may vary (RFC 8252 §7.3);
 * - refresh requests go through the race-safe succession (refresh-succession.ts).
 * Request bodies arrive already read (auth/provider-route.ts), so they can be inspected and amended.
 */
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { ALL_SCOPES, DEFAULT_PUBLIC_SCOPES } from '../scopes.ts';
import { OAUTH_ROUTES } from './authorization-server.ts';
import type { RefreshSuccession } from './refresh-succession.ts';
import { isLoopbackIpRedirect, isPrivateUseRedirect, redirectUriProblem } from './redirect-uris.ts';

type BodyRequest = KoaContextWithOIDC['req'] & { body?: string };

const DEFAULT_SCOPE = DEFAULT_PUBLIC_SCOPES.join(' ');
const DISCOVERY_PATHS = new Set(['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']);

export function applyOAuthRules(provider: Provider, succession: RefreshSuccession, now: () => Date): void {
  provider.use(async (ctx, next) => {
    const req = ctx.req as BodyRequest;
    if (ctx.method === 'GET' && DISCOVERY_PATHS.has(ctx.path)) {
      await next();
      // oidc-provider lists only its OpenID scopes; the resource scopes are the ones clients want.
      if (ctx.status === 200 && ctx.body && typeof ctx.body === 'object')
        (ctx.body as Record<string, unknown>).scopes_supported = ['openid', 'offline_access', ...ALL_SCOPES];
      return;
    }
    if (ctx.path === OAUTH_ROUTES.authorization && ctx.method === 'GET') {
      if (!ctx.query.scope && !ctx.query.request_uri && !ctx.query.request) ctx.query = { ...ctx.query, scope: DEFAULT_SCOPE };
      return next();
    }
    if (ctx.method !== 'POST' || typeof req.body !== 'string') return next();

    if (ctx.path === OAUTH_ROUTES.authorization || ctx.path === OAUTH_ROUTES.device_authorization) {
      const form = new URLSearchParams(req.body);
      if (!form.get('scope') && !form.get('request_uri') && !form.get('request')) {
        form.set('scope', DEFAULT_SCOPE);
        req.body = form.toString();
      }
      return next();
    }

    if (ctx.path === OAUTH_ROUTES.registration) {
      let metadata: Record<string, unknown>;
      try {
        metadata = JSON.parse(req.body) as Record<string, unknown>;
      } catch {
        return next();
      }
      if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return next();
      const method = metadata.token_endpoint_auth_method ?? 'none';
      if (method !== 'none') {
        ctx.status = 400;
        ctx.set('Cache-Control', 'no-store');
        ctx.body = {
          error: 'invalid_client_metadata',
          error_description: `Only public clients can register: token_endpoint_auth_method must be "none" (PKCE protects the code), not ${JSON.stringify(method)}.`,
        };
        return;
      }
      const { scope: _ignored, ...rest } = metadata;
      const redirects = Array.isArray(rest.redirect_uris) ? rest.redirect_uris : [];
      for (const uri of redirects) {
        const problem = redirectUriProblem(uri);
        if (!problem) continue;
        ctx.status = 400;
        ctx.set('Cache-Control', 'no-store');
        ctx.body = { error: 'invalid_redirect_uri', error_description: problem };
        return;
      }
      // A client redirecting only to loopback, or to a private-use scheme, is a native app (RFC
      // 8252): oidc-provider then lets a loopback port vary at authorization time, as §7.3 allows
      // (such apps pick a free port), and admits the private-use scheme, which it refuses a web client.
      const native =
        rest.application_type === undefined &&
        redirects.length > 0 &&
        (redirects.every((uri) => isLoopbackIpRedirect(uri as string)) || redirects.some((uri) => isPrivateUseRedirect(uri as string)));
      req.body = JSON.stringify({ ...rest, token_endpoint_auth_method: 'none', ...(native ? { application_type: 'native' } : {}) });
      return next();
    }

    if (ctx.path === OAUTH_ROUTES.token) {
      const form = new URLSearchParams(req.body);
      const refreshToken = form.get('refresh_token');
      if (form.get('grant_type') !== 'refresh_token' || !refreshToken) return next();
      const clientId = form.get('client_id') ?? undefined;
      const claim = await succession.claim(refreshToken, clientId, now);
      if (claim.kind === 'replay') {
        ctx.status = 200;
        ctx.set('Cache-Control', 'no-store');
        ctx.body = claim.response;
        return;
      }
      if (claim.kind === 'reuse') return next();
      try {
        await next();
      } finally {
        const body = ctx.body as Record<string, unknown> | undefined;
        if (ctx.status === 200 && body && typeof body === 'object' && 'access_token' in body) await succession.record(refreshToken, clientId, body);
        else await succession.release(refreshToken);
      }
      return;
    }
    return next();
  });
}
