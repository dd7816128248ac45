/**
 * Serving a product on a port and stopping it: a web-standard fetch handler (`listen`), a handler
 * that can only be built once the port is known (`listenFirst`: an app whose links or allowed
 * origins name its own address), or a Node request listener (`listenNode`, for libraries that
 * speak Node's req/res). Each resolves once listening, on loopback unless told otherwise, and
 * `close()` stops accepting, ends kept-alive connections and resolves when the server is closed.
 */
import { serve } from '@hono/node-server';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
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

/**
 * A web-standard handler; `env` is what @hono/node-server passes beside the request (the Node
 * request and response, where the peer's address is read: observe/metrics-route.ts).
 */
export type FetchHandler = (request: Request, env?: any) => Response | Promise<Response>;

export function listen(fetch: FetchHandler, port: number, hostname = '127.0.0.1'): Promise<RunningServer> {
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

export interface PendingServer extends RunningServer {
  /** Starts answering with `fetch`; until then every request is a 503 (a readiness race, not a crash). */
  serve(fetch: FetchHandler): void;
}

export async function listenFirst(port: number, hostname = '127.0.0.1'): Promise<PendingServer> {
  let handler: FetchHandler | undefined;
  const server = await listen((request, env) => (handler ? handler(request, env) : notReady()), port, hostname);
  return {
    ...server,
    serve(fetch) {
      handler = fetch;
    },
  };
}

export function listenNode(listener: (req: IncomingMessage, res: ServerResponse) => void, port: number, hostname = '127.0.0.1'): Promise<RunningServer> {
  const server = createServer(listener);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  return new Promise((resolve, reject) => {
    server.once('error', reject).listen(port, hostname, () => {
      const { port: bound } = server.address() as AddressInfo;
      resolve({
        url: `http://${hostname}:${bound}`,
        port: bound,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

function notReady(): Response {
  return Response.json(
    { error: { code: 'unavailable', message: 'The server is starting; retry shortly.', retryable: true } },
    { status: 503, headers: { 'Retry-After': '1' } },
  );
}
