/**
 * CORS for browser-based MCP clients, on the MCP path (or the paths a product names: an
 * authorization server's fetch endpoints) and only for the configured origins.
 *
 * The origin check (origin-host.ts) runs first: a foreign Origin is 403 before anything here or
 * in the endpoint runs, preflight included, so a browser on another site gets no answer it may
 * read. For an allowed origin the preflight is answered here with 204 — the endpoint itself
 * accepts POST only — and every response carries that origin, `Vary: Origin`, and exposes the
 * headers an MCP client reads (the auth challenge, the protocol version).
 */

/** The request headers MCP clients send: JSON-RPC over HTTP, the bearer credential, the protocol headers. */
export const MCP_CORS_REQUEST_HEADERS = ['content-type', 'accept', 'authorization', 'mcp-protocol-version', 'mcp-method', 'mcp-name', 'last-event-id'] as const;
export const MCP_CORS_EXPOSED_HEADERS = ['WWW-Authenticate', 'Mcp-Protocol-Version', 'Retry-After', 'X-Request-Id'] as const;
/** How long a browser may reuse a preflight answer, in seconds. */
export const MCP_CORS_MAX_AGE = 600;

export function isPreflight(request: Request): boolean {
  return request.method === 'OPTIONS' && request.headers.has('access-control-request-method');
}

/** A path (or pattern) answering browser clients with CORS, and the methods its preflight allows. */
export interface CorsRoute {
  path: string | RegExp;
  methods: string;
}

/** The methods a path's preflight allows, or undefined for a path without CORS. */
export function corsMethodsFor(paths: readonly (string | CorsRoute)[]): (path: string) => string | undefined {
  const exact = new Map<string, string>();
  const patterns: Array<{ pattern: RegExp; methods: string }> = [];
  for (const entry of paths) {
    if (typeof entry === 'string') exact.set(entry, 'POST');
    else if (typeof entry.path === 'string') exact.set(entry.path, entry.methods);
    else patterns.push({ pattern: entry.path, methods: entry.methods });
  }
  return (path) => exact.get(path) ?? patterns.find((p) => p.pattern.test(path))?.methods;
}

/** The preflight answer; the origin headers are added to it as to every response (corsHeaders). */
export function preflightResponse(methods = 'POST'): Response {
  return new Response(null, {
    status: 204,
    headers: {
      'Access-Control-Allow-Methods': methods,
      'Access-Control-Allow-Headers': MCP_CORS_REQUEST_HEADERS.join(', '),
      'Access-Control-Max-Age': String(MCP_CORS_MAX_AGE),
    },
  });
}

const EXPOSED = MCP_CORS_EXPOSED_HEADERS.join(', ');

/** What every answer to an allowed origin on a CORS path carries (`Vary` is appended, the rest set). */
export function corsHeaders(origin: string): ReadonlyArray<readonly [string, string]> {
  return [
    ['Access-Control-Allow-Origin', origin],
    ['Vary', 'Origin'],
    ['Access-Control-Expose-Headers', EXPOSED],
  ];
}
