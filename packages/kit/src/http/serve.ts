/** Starts a web-standard fetch handler on loopback and resolves once it is listening. */
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How long an idle kept-alive connection stays open. Node's 5 s default loses a race with
 * clients (proxies such as mcp-remote, SDK clients between their calls) that send on a socket
 * the server is closing at that moment: the request dies with ECONNRESET, and POSTs are not
 * retried. Measured: the interop suites lost calls that way on a loaded machine. Long enough
 * that a client's next call arrives well before it; headers must be allowed a little longer.
 */
const KEEP_ALIVE_MS = 65_000;

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function listen(fetch: (request: Request) => Response | Promise<Response>, port: number, hostname = '127.0.0.1'): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname }, (info: AddressInfo) => {
      resolve({
        url: `http://${hostname}:${info.port}`,
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
          }),
      });
    });
    const http = server as Server;
    http.keepAliveTimeout = KEEP_ALIVE_MS;
    http.headersTimeout = KEEP_ALIVE_MS + 1000;
    server.once('error', reject);
  });
}
