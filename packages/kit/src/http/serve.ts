/** Starts a web-standard fetch handler on loopback and resolves once it is listening. */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';

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
    server.once('error', reject);
  });
}
