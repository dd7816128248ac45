/**
 * Serving a product on a port and stopping it: a web-standard fetch handler (`listen`), a handler
 * that can only be built once the port is known (`listenFirst`: an app whose links or allowed
 * origins name its own address), or a Node request listener (`listenNode`, for libraries that
 * speak Node's req/res). Each resolves once listening, on loopback unless told otherwise;
 * `close()` stops accepting, ends every connection at once and resolves when the server is closed
 * (tests, teardown), while `drain()` is a process's graceful stop (drain.ts). An app made by
 * createHttpApp has its hot POST routes served straight from Node's request (direct-routes.ts);
 * `requestListener` gives the same serving as a Node listener, for a product that owns its server.
 */
import { getRequestListener, serve } from '@hono/node-server';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { drainingAnswer, isReadinessProbe, trackForDrain, type DrainOptions, type DrainTracker } from './drain.ts';
import { directRoutesOf, type DirectRoutes } from './direct-routes.ts';

/**
 * How long an idle kept-alive connection stays open. Node's 5 s default loses a race with
 * clients (proxies such as mcp-remote, SDK clients between their calls) that send on a socket
 * the server is closing at that moment: the request dies with ECONNRESET, and POSTs are not
 * retried. Measured: the interop suites lost calls that way on a loaded machine. Long enough
 * that a client's next call arrives well before it; headers must be allowed a little longer.
 */
const KEEP_ALIVE_MS = 65_000;

export interface RunningServer {
  /** The address to reach it from this host: loopback when it is bound to every interface. */
  url: string;
  port: number;
  close(): Promise<void>;
  /** Readiness false, then stop accepting and let the requests in flight finish within the bound. */
  drain(options: DrainOptions): Promise<void>;
}

/**
 * A web-standard handler; `env` is what @hono/node-server passes beside the request (the Node
 * request and response: node-callback.ts reads them, observe/metrics-route.ts the peer's address).
 */
export type FetchHandler = (request: Request, env?: any) => Response | Promise<Response>;

export function listen(fetch: FetchHandler, port: number, hostname = '127.0.0.1'): Promise<RunningServer> {
  return listenWith(fetch, () => directRoutesOf(fetch), port, hostname);
}

/**
 * A Node request listener for a web-standard handler, as `listen` serves it: the direct routes
 * of an app made by createHttpApp (direct-routes.ts) first, everything else through @hono/node-server.
 */
export function requestListener(fetch: FetchHandler): RequestListener {
  return withDirectRoutes(getRequestListener(fetch), () => directRoutesOf(fetch));
}

function withDirectRoutes(adapted: RequestListener, direct: () => DirectRoutes | undefined): RequestListener {
  return (req, res) => {
    const routes = direct();
    if (!routes?.serve(req, res, () => adapted(req, res))) adapted(req, res);
  };
}

function listenWith(fetch: FetchHandler, direct: () => DirectRoutes | undefined, port: number, hostname: string): Promise<RunningServer> {
  let tracker: DrainTracker | undefined;
  const answer: FetchHandler = (request, env) =>
    tracker?.draining && isReadinessProbe(request.method, new URL(request.url).pathname) ? drainingAnswer() : fetch(request, env);
  return new Promise((resolve, reject) => {
    const server = serve(
      {
        fetch: answer,
        port,
        hostname,
        createServer: ((options: ServerOptions, listener: RequestListener) => createServer(options, withDirectRoutes(listener, direct))) as never,
      },
      (info: AddressInfo) => resolve(running(http, info.port, hostname, tracker!)),
    );
    const http = server as Server;
    tracker = trackForDrain(http);
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
  const server = await listenWith(
    (request, env) => (handler ? handler(request, env) : notReady()),
    () => (handler ? directRoutesOf(handler) : undefined),
    port,
    hostname,
  );
  return {
    ...server,
    serve(fetch) {
      handler = fetch;
    },
  };
}

export function listenNode(listener: (req: IncomingMessage, res: ServerResponse) => void, port: number, hostname = '127.0.0.1'): Promise<RunningServer> {
  const server = createServer((req, res) => {
    if (tracker.draining && isReadinessProbe(req.method, req.url?.split('?')[0])) return sendDrainingAnswer(res);
    listener(req, res);
  });
  const tracker = trackForDrain(server);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  return new Promise((resolve, reject) => {
    server.once('error', reject).listen(port, hostname, () => resolve(running(server, (server.address() as AddressInfo).port, hostname, tracker)));
  });
}

function running(server: Server, port: number, hostname: string, tracker: DrainTracker): RunningServer {
  return {
    url: `http://${reachableHost(hostname)}:${port}`,
    port,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
    drain: (options) => tracker.drain(options),
  };
}

/** A wildcard bind (a container's 0.0.0.0 or ::) is reached from this host on loopback. */
function reachableHost(hostname: string): string {
  if (hostname === '0.0.0.0') return '127.0.0.1';
  if (hostname === '::') return '[::1]';
  return hostname.includes(':') ? `[${hostname}]` : hostname;
}

async function sendDrainingAnswer(res: ServerResponse): Promise<void> {
  const answer = drainingAnswer();
  res.writeHead(answer.status, Object.fromEntries(answer.headers));
  res.end(await answer.text());
}

function notReady(): Response {
  return Response.json(
    { error: { code: 'unavailable', message: 'The server is starting; retry shortly.', retryable: true } },
    { status: 503, headers: { 'Retry-After': '1' } },
  );
}
