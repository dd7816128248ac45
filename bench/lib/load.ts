/**
 * Shared load-benchmark helpers: start a built server in a child process (so the load generator
 * does not share its event loop), drive it with autocannon, stop it. Every load is bounded:
 * SECONDS per measured round (BENCH_SECONDS, default 4).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
export const WARMUP_SECONDS = 4;
// BENCH_DIST_DIR: another build's bench/dist, to compare commits by the same measurement.
const distDir = process.env.BENCH_DIST_DIR ? `${process.env.BENCH_DIST_DIR.replace(/\/$/, '')}/` : fileURLToPath(new URL('../dist/', import.meta.url));

export interface Measured {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU time per request of each server process, in ms (Linux; absent elsewhere): where a request's cost goes. */
  cpuMsPerCall?: Record<string, number>;
}

/** The flags `npm start` runs the servers with, so the benchmark measures what ships. */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

/**
 * Servers run from the build (`npm run build`), as in production. A server whose calls need a
 * credential prints it on the same line: `LISTENING <url> TOKEN <token>`.
 */
export async function startServer(name: string, extraNodeFlags: string[] = []): Promise<{ url: string; token: string | undefined; child: ChildProcess }> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...extraNodeFlags, `${distDir}${name}.mjs`], { stdio: ['ignore', 'pipe', 'inherit'] });
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

/** `metered`: the server processes whose CPU per call the result reports. */
export async function load(url: string, bodies: string[], connections: number, duration: number, metered?: Record<string, ChildProcess>): Promise<Measured> {
  const cpu = metered && cpuMeter(metered);
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
    ...cpu?.perCall(result.requests.total),
  };
}

/** Rounds each side of a comparison gets; they alternate, so both see the same machine. */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/** A loaded server: `run` drives it for some seconds and returns what was measured. */
export interface LoadTarget<M extends Measured = Measured> {
  run(seconds: number): Promise<M>;
  stop(): Promise<void>;
}

/**
 * The reference and the subject, both started and warmed up, then measured in ROUNDS
 * alternating rounds of SECONDS each. On a shared machine the speed available changes from one
 * second to the next; measuring one side after the other lets that change pass for a
 * difference between them, alternating spreads it over both. Each figure is the median of its
 * side's rounds.
 */
export async function compareAlternating<M extends Measured>(
  startReference: () => Promise<LoadTarget>,
  startSubject: () => Promise<LoadTarget<M>>,
): Promise<{ reference: Measured; subject: M; stolenPercent: number | undefined }> {
  const { medians, stolenPercent } = await alternateRounds<Measured>([
    ['reference', startReference],
    ['subject', startSubject],
  ]);
  return { reference: medians.reference!, subject: medians.subject as M, stolenPercent };
}

/**
 * Any number of targets, started in turn and warmed up, then measured in ROUNDS rounds that visit
 * each in the order given (the same alternation as compareAlternating, for several variants of a
 * subject measured in one run against one reference). Every target started is stopped, whatever
 * fails.
 */
export async function alternateRounds<M extends Measured>(
  starters: ReadonlyArray<readonly [name: string, start: () => Promise<LoadTarget<M>>]>,
): Promise<{ medians: Record<string, M>; stolenPercent: number | undefined }> {
  const started: Array<readonly [string, LoadTarget<M>]> = [];
  try {
    for (const [name, start] of starters) started.push([name, await start()]);
    for (const [, target] of started) await target.run(WARMUP_SECONDS);
    const before = cpuTimes();
    const rounds: Record<string, M[]> = Object.fromEntries(started.map(([name]) => [name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, target] of started) rounds[name]!.push(await target.run(SECONDS));
    }
    const stolenPercent = stolenBetween(before, cpuTimes());
    return { medians: Object.fromEntries(Object.entries(rounds).map(([name, all]) => [name, medianOf(all)])), stolenPercent };
  } finally {
    for (const [, target] of started.reverse()) await target.stop();
  }
}

/**
 * The machine's CPU times from /proc/stat (Linux), to tell how much of the run a virtual
 * machine's host took for itself ("steal"): figures from a run with much steal are slower and
 * more spread than the code deserves.
 */
function cpuTimes(): number[] | undefined {
  try {
    return readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  } catch {
    return undefined;
  }
}

function stolenBetween(before: number[] | undefined, after: number[] | undefined): number | undefined {
  if (!before || !after) return undefined;
  const spent = after.map((value, i) => value - (before[i] ?? 0));
  const total = spent.slice(0, 8).reduce((a, b) => a + b, 0);
  return total > 0 ? (100 * spent[7]!) / total : undefined;
}

export function stealNote(stolenPercent: number): string {
  return `CPU taken by the virtual machine's host during the rounds: ${stolenPercent.toFixed(1)}%`;
}

/** A built server driven with a fixed set of request bodies. */
export async function serverTarget(name: string, bodies: string[], connections: number): Promise<LoadTarget> {
  const { url, child } = await startServer(name);
  return {
    run: (seconds) => load(url, bodies, connections, seconds, { [name]: child }),
    stop: () => stop(child),
  };
}

/** The SDK's per-request echo server, the reference every load benchmark is measured against. */
export function referenceTarget(connections: number): Promise<LoadTarget> {
  return serverTarget('reference-echo', [toolCall('echo', { text: 'hello' })], connections);
}

/** A process's CPU time so far (user + system), in ms, from /proc (Linux); undefined elsewhere. */
export function processCpuMs(pid: number | undefined): number | undefined {
  const split = processCpuSplitMs(pid);
  return split && split.user + split.system;
}

/** A process's CPU time so far in user space and in the kernel (system calls: sockets, files), in ms (Linux). */
export function processCpuSplitMs(pid: number | undefined): { user: number; system: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, in clock ticks of 10 ms (USER_HZ is 100 on Linux).
    return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
  } catch {
    return undefined;
  }
}

/**
 * CPU spent by each named process from now on, divided by the requests served: where the time
 * of a request goes when it crosses several processes, independent of how busy the machine is.
 */
export function cpuMeter(processes: Record<string, ChildProcess>): { perCall(requests: number): { cpuMsPerCall?: Record<string, number> } } {
  const before = Object.fromEntries(Object.entries(processes).map(([name, child]) => [name, processCpuMs(child.pid)]));
  return {
    perCall(requests) {
      const spent: Record<string, number> = {};
      for (const [name, child] of Object.entries(processes)) {
        const start = before[name];
        const end = processCpuMs(child.pid);
        if (start === undefined || end === undefined || requests === 0) return {};
        spent[name] = (end - start) / requests;
      }
      return { cpuMsPerCall: spent };
    },
  };
}

/** The per-process CPU of a measurement as one line, or nothing where it was not measured. */
export function cpuLine(label: string, m: Measured): string[] {
  if (!m.cpuMsPerCall) return [];
  const parts = Object.entries(m.cpuMsPerCall).map(([name, ms]) => `${name} ${ms.toFixed(2)} ms`);
  const total = Object.values(m.cpuMsPerCall).reduce((a, b) => a + b, 0);
  return [`CPU per call, ${label}: ${parts.join(' + ')}${parts.length > 1 ? ` = ${total.toFixed(2)} ms` : ''}`];
}

/** Field by field median; error counts are summed, so one failing round still shows. */
function medianOf<M extends Measured>(all: M[]): M {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(all[0]!)) {
    if (key === 'cpuMsPerCall') {
      const names = Object.keys(all[0]!.cpuMsPerCall ?? {});
      const complete = all.every((m) => m.cpuMsPerCall);
      if (complete) result[key] = Object.fromEntries(names.map((name) => [name, median(all.map((m) => m.cpuMsPerCall![name]!))]));
      continue;
    }
    const values = all.map((m) => (m as unknown as Record<string, number>)[key]!);
    result[key] = key === 'errors' || key === 'non2xx' || key === 'refused' ? values.reduce((a, b) => a + b, 0) : median(values);
  }
  return result as unknown as M;
}

export function line(label: string, m: Measured): string {
  return `${label.padEnd(34)} ${m.requestsPerSecond.toFixed(0).padStart(7)} req/s   p50 ${String(m.p50).padStart(4)} ms   p99 ${String(m.p99).padStart(4)} ms   errors ${m.errors}   non-2xx ${m.non2xx}`;
}
