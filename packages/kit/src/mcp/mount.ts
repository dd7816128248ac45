/**
 * Mounts an MCP endpoint on a product's HTTP app: every method on the path goes to the endpoint
 * (which answers 405 to all but POST), with the request's correlation id, logger and clock.
 *
 * A product whose tool set depends on who calls (a principal shown extra tools) mounts a guarded
 * choice instead (`mountGuardedMcpEndpoints`): every POST is admitted once by the guard (401
 * challenge, 503 when the check fails), then answered by the endpoint chosen for its principal,
 * which sees the caller already named and does not admit it again.
 *
 * Either way the endpoint's plain POSTs are served directly (http/direct-routes.ts): the same
 * handler, without Hono's dispatch.
 */
import type { Hono } from 'hono';
import type { AppEnv } from '../http/app.ts';
import { serveDirectly } from '../http/direct-routes.ts';
import { admitRequest, type McpEndpoint, type McpGuard } from './endpoint.ts';
import type { Principal } from '../auth/principal.ts';
import type { RequestScope } from './request-scope.ts';

export interface McpMountOptions {
  /** Default `/mcp`. */
  path?: string;
  /** The clock tools see; injectable so tests can move it. */
  now?: () => Date;
}

export function mountMcpEndpoint(app: Hono<AppEnv>, endpoint: McpEndpoint, options: McpMountOptions = {}): void {
  const now = options.now ?? (() => new Date());
  const path = options.path ?? '/mcp';
  app.all(path, (c) => endpoint.handle(c.req.raw, { correlationId: c.get('correlationId'), log: c.get('log'), now }));
  serveDirectly(app, [path]);
}

export interface GuardedMcpMountOptions {
  /** Default `['/mcp']`. */
  paths?: readonly string[];
  now?: () => Date;
  guard: McpGuard;
  /** The endpoint that answers before admission (a wrong method) and for principals `endpointFor` does not single out. */
  endpoint: McpEndpoint;
  endpointFor?: (principal: Principal) => McpEndpoint;
}

export function mountGuardedMcpEndpoints(app: Hono<AppEnv>, options: GuardedMcpMountOptions): void {
  const now = options.now ?? (() => new Date());
  for (const path of options.paths ?? ['/mcp']) {
    app.all(path, async (c) => {
      const request = c.req.raw;
      const scope: RequestScope = { correlationId: c.get('correlationId'), log: c.get('log'), now };
      // A wrong method is answered before credentials: it is wrong whoever asks.
      if (request.method !== 'POST') return options.endpoint.handle(request, scope);
      const refused = await admitRequest(options.guard, request, 1, scope);
      if (refused) return refused;
      return (options.endpointFor?.(scope.principal!) ?? options.endpoint).handle(request, scope);
    });
  }
  serveDirectly(app, options.paths ?? ['/mcp']);
}
