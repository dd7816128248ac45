/**
 * Origins on the authorization server's routes, which oidc-provider serves outside the Hono app
 * (api-service.ts): the same rule as every other route, and CORS for the browser-based MCP
 * clients of the allowed origins.
 *
 * A request with a foreign Origin is 403 before the provider sees it (preflight included), so a
 * page on another site can neither read an answer nor cause a registration or a token exchange.
 * An allowed origin gets CORS on the endpoints a browser client calls with fetch — the metadata,
 * registration (and its client URI), token, revocation, device authorization and JWKS — with
 * the kit's MCP CORS rules (issue 10): a preflight is 204 with the endpoint's methods, the
 * request headers MCP clients send and a Max-Age; every answer carries that origin, `Vary:
 * Origin` and exposes WWW-Authenticate and Mcp-Protocol-Version. Setting these headers before
 * the provider runs also switches its own CORS off (it keeps headers already set), so there is
 * one answer. The authorization and device pages are navigations, not fetches: no CORS there.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MCP_CORS_EXPOSED_HEADERS, MCP_CORS_MAX_AGE, MCP_CORS_REQUEST_HEADERS, originAllowed } from '@agent-products/kit/http';
import { OAUTH_ROUTES } from '../auth/authorization-server.ts';

/** The methods each endpoint a browser client fetches answers. */
const BROWSER_ENDPOINTS = new Map<string, string>([
  ['/.well-known/oauth-authorization-server', 'GET'],
  ['/.well-known/openid-configuration', 'GET'],
  [OAUTH_ROUTES.jwks, 'GET'],
  [OAUTH_ROUTES.registration, 'POST'],
  [OAUTH_ROUTES.token, 'POST'],
  [OAUTH_ROUTES.revocation, 'POST'],
  [OAUTH_ROUTES.device_authorization, 'POST'],
]);
/** registration_client_uri: `<registration>/<client id>`, read with the registration access token. */
const CLIENT_URI = new RegExp(`^${OAUTH_ROUTES.registration}/[^/]+$`);

export type ProviderOriginVerdict = 'refused' | 'answered' | 'continue';

/**
 * Checks the Origin of a request to a provider route and writes what CORS asks. `refused` and
 * `answered` (a preflight) have written the whole response; `continue` hands the request on.
 */
export function providerOrigin(req: IncomingMessage, res: ServerResponse, path: string, allowedOrigins: ReadonlySet<string>): ProviderOriginVerdict {
  const origin = req.headers.origin;
  if (origin === undefined) return 'continue';
  if (!originAllowed(origin, allowedOrigins)) {
    res.writeHead(403, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify({ error: 'origin_rejected', error_description: 'This Origin is not allowed to call this server.' }));
    return 'refused';
  }
  const methods = BROWSER_ENDPOINTS.get(path) ?? (CLIENT_URI.test(path) ? 'GET' : undefined);
  if (methods === undefined) return 'continue';
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Expose-Headers', MCP_CORS_EXPOSED_HEADERS.join(', '));
  if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
    res.writeHead(204, {
      'Access-Control-Allow-Methods': methods,
      'Access-Control-Allow-Headers': MCP_CORS_REQUEST_HEADERS.join(', '),
      'Access-Control-Max-Age': String(MCP_CORS_MAX_AGE),
    });
    res.end();
    return 'answered';
  }
  return 'continue';
}
