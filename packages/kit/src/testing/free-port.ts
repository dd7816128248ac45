/**
 * A loopback port that was free a moment ago, for a child process that must be told its port
 * before it starts (its links and allowed origins name it). Another process may take the port in
 * between; callers that start a child on it retry or fail with the child's own message.
 */
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
