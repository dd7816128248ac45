/**
 * A local stand-in for the external hosted runtime: it takes each turn & hands it (POST with the
 * sealed envelope and the run token), answers 202 as a runtime that accepted the turn does, and
 * keeps what it was handed so a test can act in the run with that token.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HandedTurn {
  envelope: any;
  runToken: string;
}

export interface RuntimeStandIn {
  /** The turns URL for `runtimeUrl`. */
  url: string;
  handed: HandedTurn[];
  close(): Promise<void>;
}

export async function startRuntimeStandIn(): Promise<RuntimeStandIn> {
  const handed: HandedTurn[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req
      .on('data', (chunk) => (body += chunk))
      .on('end', () => {
        handed.push(JSON.parse(body));
        res.writeHead(202).end();
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/turns`,
    handed,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
