/**
 * Mounts an MCP endpoint on a product's HTTP app: every method on the path goes to the endpoint
 * (which answers 405 to all but POST), with the request's correlation id, logger and clock.
 */
import type { Hono } from 'hono';
import type { AppEnv } from '../http/app.ts';
import type { McpEndpoint } from './endpoint.ts';

export interface McpMountOptions {
  /** Default `/mcp`. */
  path?: string;
  /** The clock tools see; injectable so tests can move it. */
  now?: () => Date;
}

export function mountMcpEndpoint(app: Hono<AppEnv>, endpoint: McpEndpoint, options: McpMountOptions = {}): void {
  const now = options.now ?? (() => new Date());
  app.all(options.path ?? '/mcp', (c) => endpoint.handle(c.req.raw, { correlationId: c.get('correlationId'), log: c.get('log'), now }));
}
