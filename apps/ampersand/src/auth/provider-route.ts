/**
 * The authorization server (oidc-provider, a Node callback) as a route of the API's Hono app, so
 * its requests stand behind the kit's pipeline like every other route: Host and Origin checks,
 * CORS for browser clients of the allowed origins, correlation ids, the request log (with the
 * provider's capability paths redacted), the body limit (64 KiB here) and the nesting guard (32 levels).
 *
 * What is the provider's own here: which paths it answers, which of them browser clients fetch
 * (CORS with each endpoint's methods; the authorization and device pages are navigations, not
 * fetches), the issuer's Host and scheme it builds its URLs from, and the rate limits checked on
 * the read body before the provider runs (provider-rate-limits.ts), so a refused request does no
 * work; before those, a body field carrying a NUL or an unpaired surrogate is a 400
 * (malformed-oauth-body.ts). &'s OAuth rules (oauth-rules.ts) then see that body as `req.body`.
 */
import { oauthErrorResponse } from '@agent-products/kit/errors';
import { nodeCallbackRoute, type CorsRoute } from '@agent-products/kit/http';
import type { Logger } from '@agent-products/kit/log';
import type { Handler } from 'hono';
import type { AppEnv } from '@agent-products/kit/http';
import type Provider from 'oidc-provider';
import { fail } from '../errors.ts';
import { malformedOAuthBody } from './malformed-oauth-body.ts';
import { providerRateLimit } from './provider-rate-limits.ts';
import { OAUTH_ROUTES } from './authorization-server.ts';
import type { AuthRateLimits } from './rate-limits.ts';
import type { ClientAddressOf } from './client-address.ts';

/** Every path oidc-provider answers. */
export const PROVIDER_PATHS = /^\/(oauth\/|device(\/|$)|\.well-known\/(openid-configuration|oauth-authorization-server)$)/;

/** The most an OAuth request body may be: forms and client metadata are a few KiB. */
export const MAX_PROVIDER_BODY_BYTES = 64 * 1024;

/** How deeply a JSON body (client metadata) may nest: a JWKS, the deepest part, needs four levels. */
export const MAX_PROVIDER_JSON_DEPTH = 32;

/** Path prefixes whose remainder binds a pending authorization to a browser: never logged. */
export const PROVIDER_SECRET_PATH_PREFIXES = ['/oauth/authorize/', '/interaction/'] as const;

/**
 * The endpoints a browser client fetches, with the methods each answers: the metadata,
 * registration (and its client URI, `<registration>/<client id>`, read with the registration
 * access token), token, revocation, device authorization and JWKS.
 */
export const PROVIDER_CORS_ROUTES: readonly CorsRoute[] = [
  { path: '/.well-known/oauth-authorization-server', methods: 'GET' },
  { path: '/.well-known/openid-configuration', methods: 'GET' },
  { path: OAUTH_ROUTES.jwks, methods: 'GET' },
  { path: OAUTH_ROUTES.registration, methods: 'POST' },
  { path: OAUTH_ROUTES.token, methods: 'POST' },
  { path: OAUTH_ROUTES.revocation, methods: 'POST' },
  { path: OAUTH_ROUTES.device_authorization, methods: 'POST' },
  { path: new RegExp(`^${OAUTH_ROUTES.registration}/[^/]+$`), methods: 'GET' },
];

/** Seconds to wait when the rate limits cannot be counted. */
const LIMITS_UNAVAILABLE_RETRY_SECONDS = 5;

export interface ProviderRouteOptions {
  provider: Provider;
  issuer: string;
  limits: AuthRateLimits;
  addressOf: ClientAddressOf;
  log: Logger;
}

export function providerRoute(options: ProviderRouteOptions): Handler<AppEnv> {
  const { limits, log } = options;
  const issuer = new URL(options.issuer);
  const callback = options.provider.callback();
  return nodeCallbackRoute(
    (req, res) => {
      // The provider builds its endpoint URLs from the request; these make them the issuer's.
      req.headers.host = issuer.host;
      req.headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
      delete req.headers['x-forwarded-host'];
      return callback(req, res);
    },
    {
      readBody: (req) => req.method === 'POST',
      async inspect(c, req, body) {
        if (body === undefined) return undefined;
        const malformed = malformedOAuthBody(req.headers['content-type'], body);
        if (malformed) {
          const { field, problem } = malformed;
          return oauthErrorResponse(fail('invalid_arguments', `The field ${field} ${problem}; nothing was done.`, { fields: [{ field, problem }] }));
        }
        let refusal: Awaited<ReturnType<typeof providerRateLimit>>;
        try {
          refusal = await providerRateLimit(limits, options.addressOf, req, c.req.path, body);
        } catch (error) {
          log.warn({ err: error }, 'rate limit unavailable');
          return oauthRefusal(
            503,
            'temporarily_unavailable',
            'The authorization server cannot count requests right now; retry shortly.',
            LIMITS_UNAVAILABLE_RETRY_SECONDS,
          );
        }
        return refusal ? oauthRefusal(refusal.status, refusal.oauthError, refusal.message, Number(refusal.details?.retryAfterSeconds)) : undefined;
      },
    },
  );
}

function oauthRefusal(status: number, error: string, description: string, retryAfterSeconds: number): Response {
  return Response.json(
    { error, error_description: description, retry_after_seconds: retryAfterSeconds },
    { status, headers: { 'Cache-Control': 'no-store', 'Retry-After': String(retryAfterSeconds) } },
  );
}
