/**
 * How the scale benchmark measures one path at two sizes: the small and the large server are
 * both up, and each path is called one request at a time (so a call's latency is its cost, not
 * its place in a queue), in alternating rounds of CALLS calls per side after a warm-up, the way
 * the other benchmarks alternate with their reference. The figure is each side's median latency
 * and the ratio large ÷ small.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS, stop } from './load.ts';

export const SCALE_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Calls per side in each round. */
export const SCALE_CALLS = Number(process.env.BENCH_SCALE_CALLS ?? 40);
const WARMUP_CALLS = Math.max(5, Math.ceil(SCALE_CALLS / 2));
const distDir = fileURLToPath(new URL('../dist/', import.meta.url));

/** A built server started with its own settings; it prints `READY <json>` once seeded. */
export async function startSeeded<T>(name: string, env: Record<string, string>): Promise<{ ready: T; child: ChildProcess }> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, `${distDir}${name}.mjs`], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const ready = await new Promise<T>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const match = /READY (\{.*\})\n/.exec(buffer);
      if (match) resolve(JSON.parse(match[1]!) as T);
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
  return { ready, child };
}

export { stop };

/** One call of a path; it throws when the answer is not the path's real answer. */
export type Call = () => Promise<void>;

/** A path's call, with what must happen before each call untimed (a write needs a fresh draft). */
export type Timed = Call | { prepare: Call; call: Call };

export interface ScaleFigure {
  path: string;
  smallMs: number;
  largeMs: number;
  ratio: number;
  failures: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function timed(path: Timed, into: number[]): Promise<boolean> {
  try {
    if (typeof path !== 'function') await path.prepare();
    const started = performance.now();
    await (typeof path === 'function' ? path : path.call)();
    into.push(performance.now() - started);
    return true;
  } catch (error) {
    if (into.length === 0 && process.env.BENCH_VERBOSE) console.error(error);
    return false;
  }
}

/**
 * Each side called `SCALE_CALLS` times per round, alternating. `small` and `large` are checked
 * once before the warm-up: a path that does not answer fails the benchmark instead of being
 * timed.
 */
export async function measurePath(path: string, small: Timed, large: Timed): Promise<ScaleFigure> {
  for (const side of [small, large]) {
    if (typeof side !== 'function') await side.prepare();
    await (typeof side === 'function' ? side : side.call)();
  }
  const ignored: number[] = [];
  for (let i = 0; i < WARMUP_CALLS; i++) {
    await timed(small, ignored);
    await timed(large, ignored);
  }
  const smallMs: number[] = [];
  const largeMs: number[] = [];
  let failures = 0;
  for (let round = 0; round < SCALE_ROUNDS; round++) {
    for (let i = 0; i < SCALE_CALLS; i++) if (!(await timed(small, smallMs))) failures++;
    for (let i = 0; i < SCALE_CALLS; i++) if (!(await timed(large, largeMs))) failures++;
  }
  const s = median(smallMs);
  const l = median(largeMs);
  return { path, smallMs: s, largeMs: l, ratio: l / s, failures };
}

export const SCALE_TARGET = 1.5;

export function figureLine(f: ScaleFigure): string {
  const mark = f.ratio <= SCALE_TARGET && f.failures === 0 ? 'met' : 'MISSED';
  return `${f.path.padEnd(40)} ${f.smallMs.toFixed(2).padStart(8)} ms ${f.largeMs.toFixed(2).padStart(9)} ms ${`${f.ratio.toFixed(2)}×`.padStart(8)}   ${mark}${f.failures ? ` (${f.failures} failed calls)` : ''}`;
}

export function tableHeading(): string {
  return `${'path'.padEnd(40)} ${'small p50'.padStart(11)} ${'large p50'.padStart(12)} ${'large÷small'.padStart(8)}   target ≤ ${SCALE_TARGET}×`;
}
