/**
 * `npm run bench`: load benchmarks on loopback, each against the reference echo server measured
 * in the same run, reported as ratios. Bounded: every load lasts BENCH_SECONDS (default 10).
 *
 *   search_chengdu_scenes at 50 connections vs the reference's echo tool at 50 connections.
 *   Targets: throughput ≥ 2× the reference, p99 < 25 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 4;
const here = fileURLToPath(new URL('.', import.meta.url));

interface Measured {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** The flags `npm start` runs the servers with, so the benchmark measures what ships. */
const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

/** Servers run from the build (`npm run build`), as in production. */
async function startServer(name: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, `${here}dist/${name}.mjs`], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /LISTENING (\S+)/.exec(buffer);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
  return { url, child };
}

async function stop(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function toolCall(name: string, args: unknown) {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
}

async function load(url: string, bodies: string[], connections: number, duration: number): Promise<Measured> {
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

async function measure(name: string, bodies: string[], connections: number): Promise<Measured> {
  const { url, child } = await startServer(name);
  try {
    await load(url, bodies, connections, WARMUP_SECONDS);
    return await load(url, bodies, connections, SECONDS);
  } finally {
    await stop(child);
  }
}

function line(label: string, m: Measured): string {
  return `${label.padEnd(34)} ${m.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${String(m.p50).padStart(4)} ms   p99 ${String(m.p99).padStart(4)} ms   errors ${m.errors}   non-2xx ${m.non2xx}`;
}

const SEARCH_QUERIES = ['quiet park', '熊猫', 'industrial architecture', 'teahouse', '安静的寺庙', 'iconic museum', 'night market', 'opening hours'];

const reference = await measure('reference-echo', [toolCall('echo', { text: 'hello' })], 50);
const search = await measure(
  'chengdu-soul',
  SEARCH_QUERIES.map((query) => toolCall('search_chengdu_scenes', { query, limit: 5 })),
  50,
);

const ratio = search.requestsPerSecond / reference.requestsPerSecond;
console.log(`\nBenchmarks (${SECONDS}s each after ${WARMUP_SECONDS}s warm-up, 50 connections, loopback, node ${process.version})`);
console.log(line('reference: SDK per-request echo', reference));
console.log(line('search_chengdu_scenes', search));
console.log(`search throughput ratio: ${ratio.toFixed(2)}× reference (target ≥ 2.00×)   p99 ${search.p99} ms (target < 25 ms)`);
const failures = [
  ...(ratio < 2 ? ['search throughput below 2× reference'] : []),
  ...(search.p99 >= 25 ? ['search p99 at or above 25 ms'] : []),
  ...(search.errors + search.non2xx > 0 ? ['search had errors'] : []),
];
if (failures.length > 0) {
  console.log(`MISSED: ${failures.join('; ')}`);
  process.exitCode = 1;
}
