/**
 * Shared load-benchmark helpers: start a built server in a child process (so the load generator
 * does not share its event loop), drive it with autocannon, stop it. Every load is bounded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const WARMUP_SECONDS = 4;
const distDir = fileURLToPath(new URL('../dist/', import.meta.url));

export interface Measured {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** The flags `npm start` runs the servers with, so the benchmark measures what ships. */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

/**
 * Servers run from the build (`npm run build`), as in production. A server whose calls need a
 * credential prints it on the same line: `LISTENING <url> TOKEN <token>`.
 */
export async function startServer(name: string): Promise<{ url: string; token: string | undefined; child: ChildProcess }> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, `${distDir}${name}.mjs`], { stdio: ['ignore', 'pipe', 'inherit'] });
  const { url, token } = await new Promise<{ url: string; token: string | undefined }>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /LISTENING (\S+)(?: TOKEN (\S+))?/.exec(buffer);
      if (match) resolve({ url: match[1]!, token: match[2] });
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
  return { url, token, child };
}

export async function stop(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export function toolCall(name: string, args: unknown) {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
}

export async function load(url: string, bodies: string[], connections: number, duration: number): Promise<Measured> {
  const result = await autocannon({
    url: `${url}/mcp`,
    connections,
    duration,
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    requests: bodies.map((body) => ({ method: 'POST', body })),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export async function measure(name: string, bodies: string[], connections: number): Promise<Measured> {
  const { url, child } = await startServer(name);
  try {
    await load(url, bodies, connections, WARMUP_SECONDS);
    return await load(url, bodies, connections, SECONDS);
  } finally {
    await stop(child);
  }
}

export function line(label: string, m: Measured): string {
  return `${label.padEnd(34)} ${m.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${String(m.p50).padStart(4)} ms   p99 ${String(m.p99).padStart(4)} ms   errors ${m.errors}   non-2xx ${m.non2xx}`;
}
