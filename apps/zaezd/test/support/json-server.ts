/**
 * A tiny real HTTP server on an ephemeral loopback port that answers JSON from a handler, for the
 * Open-Meteo and KudaGo adapters' tests: the adapters make real requests over real sockets, and
 * the test reads back what they asked for.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface JsonReply {
  status?: number;
  body: unknown;
  delayMs?: number;
}

export interface JsonServer {
  url: string;
  requests: URL[];
  close(): Promise<void>;
}

export async function startJsonServer(handle: (url: URL, request: IncomingMessage) => JsonReply): Promise<JsonServer> {
  const requests: URL[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const reply = handle(url, request);
    const send = () => {
      response.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      response.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
    };
    // Unref'd: a reply held past the end of a test must not keep the test process alive.
    if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
