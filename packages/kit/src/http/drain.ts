/**
 * Graceful drain of one Node HTTP server, for a process asked to stop (SIGTERM from a container
 * runtime or Kubernetes). Order matters: readiness turns false first (`GET /health/ready` answers
 * 503 `draining`) while the port still accepts, so a load balancer that polls it stops sending
 * new work before anything is refused; after `delayMs` the server stops accepting, idle kept-alive
 * connections close, and the requests already in flight get up to `timeoutMs` to finish before
 * whatever is left is cut. Closing at once instead reset every request in flight.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** Readiness: 503 while the service cannot take work (degraded or draining), the probe load balancers use. */
export const READINESS_PATH = '/health/ready';

export interface DrainOptions {
  /** How long readiness answers 503 while the port still accepts, so load balancers notice first. */
  delayMs: number;
  /** The most the requests in flight get to finish once the server stops accepting. */
  timeoutMs: number;
}

export interface DrainTracker {
  readonly draining: boolean;
  /** Resolves once the server is closed: in-flight requests finished or cut at the bound. */
  drain(options: DrainOptions): Promise<void>;
}

export function trackForDrain(server: Server): DrainTracker {
  let draining = false;
  let inFlight = 0;
  let onIdle: (() => void) | undefined;
  server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    inFlight += 1;
    response.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) onIdle?.();
    });
  });
  const finished = (timeoutMs: number) =>
    new Promise<void>((resolve) => {
      if (inFlight === 0) return resolve();
      const timer = setTimeout(resolve, timeoutMs);
      onIdle = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  return {
    get draining() {
      return draining;
    },
    async drain({ delayMs, timeoutMs }) {
      draining = true;
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await finished(timeoutMs);
      server.closeAllConnections();
      await closed;
    },
  };
}

/** What `GET /health/ready` answers while the server drains, whatever the app would say. */
export function drainingAnswer(): Response {
  return Response.json({ status: 'draining' }, { status: 503, headers: { 'Retry-After': '1', 'Cache-Control': 'no-store' } });
}

/** `path` without its query. */
export function isReadinessProbe(method: string | undefined, path: string | undefined): boolean {
  return method === 'GET' && path === READINESS_PATH;
}
