/**
 * A TCP relay in front of a real server (PostgreSQL) that a test can stop — refusing new
 * connections and dropping every open one — and start again on the same port: a dependency
 * outage for one process under test, without touching the server others share.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpRelay {
  port: number;
  /** Refuses and drops every connection until `start`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function tcpRelay(host: string, port: number): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let listenPort = 0;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      if (server) return resolve();
      const listening = createServer((client) => {
        const backend = connect(port, host);
        for (const s of [client, backend]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(backend).pipe(client);
      });
      listening.once('error', reject);
      listening.listen(listenPort, '127.0.0.1', () => {
        listenPort = (listening.address() as { port: number }).port;
        server = listening;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });
  await start();
  return { port: listenPort, start, stop, close: stop };
}
