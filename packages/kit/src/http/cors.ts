/**
 * CORS for browser-based MCP clients, on the MCP path only and only for the configured origins.
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

/** The preflight answer; the origin headers are added to it as to every response (addCorsHeaders). */
export function preflightResponse(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      'Access-Control-Allow-Methods': 'POST',
      'Access-Control-Allow-Headers': MCP_CORS_REQUEST_HEADERS.join(', '),
      'Access-Control-Max-Age': String(MCP_CORS_MAX_AGE),
    },
  });
}

/** What every answer to an allowed origin on the MCP path carries. */
export function addCorsHeaders(headers: Headers, origin: string): void {
  headers.set('Access-Control-Allow-Origin', origin);
  headers.append('Vary', 'Origin');
  headers.set('Access-Control-Expose-Headers', MCP_CORS_EXPOSED_HEADERS.join(', '));
}
