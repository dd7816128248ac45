/**
 * `npm run bench:profile <path> [calls]`: where the CPU of one hot path goes, per call, by layer.
 * The path's servers start from the build as the benchmarks start them, under `--cpu-prof`; a
 * warm-up, then a fixed number of calls (default 3,000) at the benchmark's connections. Printed per
 * server process: its CPU per call from /proc (user and system, all threads), and how the main
 * thread's samples in the measured window divide between layers (bench/lib/profile-layers.ts). A fixed call count and CPU time
 * rather than seconds and throughput: on a machine shared with other work, CPU per call moves far
 * less than wall-clock figures do.
 *
 * Paths: reference, search, propose (PostgreSQL), tool-call, loop-read, identity-read (each on the
 * embedded database, or PostgreSQL with --postgres), ask-question (PostgreSQL). --no-profile
 * measures CPU per call only (no profiler overhead: the figure to compare commits by);
 * --detail lists the costliest files and packages too. Profiles are kept in /tmp/bench-profile-*
 * with the measured window (window.json); --analyse=<that directory> reads them again.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { newestBundledRelease, readReleaseFolder } from '@agent-products/chengdu-soul/composition';
import { proposals } from './chengdu-propose.ts';
import { processCpuSplitMs, startServer, stop, toolCall } from './lib/load.ts';
import { cpuModel } from './lib/machine.ts';
import { layerTimes } from './lib/profile-layers.ts';
import type { ChildProcess } from 'node:child_process';

const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const [path, callsArg] = args.filter((a) => !a.startsWith('--'));
const CALLS = Number(callsArg ?? 3000);
const WARMUP_CALLS = Math.max(500, Math.round(CALLS / 3));
const profiling = !flags.has('--no-profile');
const onPostgres = flags.has('--postgres');
const SAMPLING_INTERVAL_MICROS = 500;

interface Started {
  url: string;
  headers: Record<string, string>;
  servers: Record<string, ChildProcess>;
  connections: number;
  /** The body of the n-th call. */
  body(n: number): string;
}

const analyse = args.find((a) => a.startsWith('--analyse='))?.slice('--analyse='.length);
const profileDir = analyse ?? mkdtempSync(join(tmpdir(), 'bench-profile-'));
const profileFlags = (name: string) =>
  profiling ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${name}.cpuprofile`, `--cpu-prof-interval=${SAMPLING_INTERVAL_MICROS}`] : [];
const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
const SEARCH_QUERIES = ['quiet park', '熊猫', 'industrial architecture', 'teahouse', '安静的寺庙', 'iconic museum', 'night market', 'opening hours'];

async function ampersand(
  tool: string,
  toolArgs: Record<string, unknown>,
  options: { hostedRuntime?: boolean; api?: string; postgres?: boolean },
): Promise<Started> {
  process.env.BENCH_AMPERSAND_SECRET = randomBytes(32).toString('base64url');
  process.env.BENCH_AMPERSAND_MCP_URL = 'http://127.0.0.1:1/mcp';
  if (options.hostedRuntime) process.env.BENCH_AMPERSAND_TOKEN = 'hosted-runtime';
  if (options.postgres) process.env.BENCH_AMPERSAND_DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const api = await startServer(options.api ?? 'ampersand-api', profileFlags('API'));
  delete process.env.BENCH_AMPERSAND_TOKEN;
  delete process.env.BENCH_AMPERSAND_DATABASE_URL;
  process.env.BENCH_AMPERSAND_API_URL = api.url;
  const mcp = await startServer('ampersand-mcp', profileFlags('MCP service'));
  const body = toolCall(tool, toolArgs);
  return {
    url: mcp.url,
    headers: { ...mcpHeaders, authorization: `Bearer ${api.token}` },
    servers: { 'MCP service': mcp.child, API: api.child },
    connections: 50,
    body: () => body,
  };
}

const PATHS: Record<string, () => Promise<Started>> = {
  async reference() {
    const { url, child } = await startServer('reference-echo', profileFlags('reference'));
    const body = toolCall('echo', { text: 'hello' });
    return { url, headers: mcpHeaders, servers: { reference: child }, connections: 50, body: () => body };
  },
  async search() {
    process.env.BENCH_SEARCH_ANSWERS_KEPT = '0';
    const { url, child } = await startServer('chengdu-soul', profileFlags('Chengdu Soul'));
    delete process.env.BENCH_SEARCH_ANSWERS_KEPT;
    const bodies = SEARCH_QUERIES.map((query) => toolCall('search_chengdu_scenes', { query, limit: 5 }));
    return { url, headers: mcpHeaders, servers: { 'Chengdu Soul': child }, connections: 50, body: (n) => bodies[n % bodies.length]! };
  },
  async propose() {
    // The same mix the propose benchmark sends, so the profile measures what the benchmark does.
    const mix = proposals(readReleaseFolder(newestBundledRelease()).manifest.catalogVersion);
    const { url, token, child } = await startServer('chengdu-soul-postgres', profileFlags('Chengdu Soul'));
    const run = randomBytes(4).toString('hex');
    return {
      url,
      headers: { ...mcpHeaders, authorization: `Bearer ${token}` },
      servers: { 'Chengdu Soul': child },
      connections: 32,
      body: (n) => toolCall('propose_chengdu_itinerary', { ...mix[n % mix.length], idempotencyKey: `profile-${run}-${n}` }),
    };
  },
  'tool-call': () => ampersand('connections_read', { limit: 10 }, { postgres: onPostgres }),
  'loop-read': () => ampersand('loop_read', { title: 'Family movie night', skillId: 'skill_family_movie_night' }, { postgres: onPostgres }),
  'identity-read': () => ampersand('identity_read', { limit: 50 }, { hostedRuntime: true, postgres: onPostgres }),
  'ask-question': () =>
    ampersand('ask_question', { question: 'Who likes jazz piano and pasta?', participants: ['&grace', '&hedy'] }, { api: 'ampersand-api-postgres' }),
};

async function drive(started: Started, calls: number, offset: number): Promise<{ total: number; failed: number; firstFailure?: string }> {
  let sent = offset;
  let failed = 0;
  let firstFailure: string | undefined;
  const result = await autocannon({
    url: `${started.url}/mcp`,
    connections: started.connections,
    amount: calls,
    method: 'POST',
    headers: started.headers,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({ ...request, body: started.body(sent++) }),
        onResponse: (status, body) => {
          if (status !== 200 || body.includes('"isError":true')) {
            failed++;
            firstFailure ??= `HTTP ${status}: ${body.slice(0, 300)}`;
          }
        },
      },
    ],
  });
  if (result.errors + result.timeouts > 0) firstFailure ??= `${result.errors} connection errors, ${result.timeouts} timeouts`;
  return { total: result.requests.total, failed: failed + result.errors + result.timeouts, firstFailure };
}

const microsNow = () => Number(process.hrtime.bigint() / 1000n);

/** What one profiled run measured, kept beside its profiles (window.json) so they can be read again with --analyse. */
interface ProfiledRun {
  title: string;
  calls: number;
  failed: number;
  /** What the first failing call answered, when one failed. */
  firstFailure?: string;
  connections: number;
  warmupCalls: number;
  /** The measured window on the monotonic clock, in µs. */
  from: number;
  to: number;
  /** CPU spent in the window by each server process, in ms. */
  cpu: Record<string, { user: number; system: number }>;
  loadAverage: number[];
}

async function profileRun(startPath: () => Promise<Started>): Promise<ProfiledRun> {
  const started = await startPath();
  const unknown = { user: Number.NaN, system: Number.NaN };
  const before: Record<string, { user: number; system: number }> = {};
  const cpu: Record<string, { user: number; system: number }> = {};
  try {
    const warm = await drive(started, WARMUP_CALLS, 0);
    // A few failures under a loaded machine (a timeout) are reported; most failing is a path that does not answer.
    if (warm.failed > warm.total / 10) throw new Error(`${warm.failed} of ${warm.total} warm-up calls failed (first: ${warm.firstFailure})`);
    for (const [name, child] of Object.entries(started.servers)) before[name] = processCpuSplitMs(child.pid) ?? unknown;
    const from = microsNow();
    const measured = await drive(started, CALLS, WARMUP_CALLS);
    const to = microsNow();
    for (const [name, child] of Object.entries(started.servers)) {
      const after = processCpuSplitMs(child.pid) ?? unknown;
      cpu[name] = { user: after.user - before[name]!.user, system: after.system - before[name]!.system };
    }
    const onDatabase =
      onPostgres || path === 'propose' || path === 'ask-question' ? ' (PostgreSQL)' : path === 'reference' || path === 'search' ? '' : ' (embedded)';
    return {
      title: `${path}${onDatabase}`,
      calls: measured.total,
      failed: measured.failed,
      firstFailure: measured.firstFailure,
      connections: started.connections,
      warmupCalls: WARMUP_CALLS,
      from,
      to,
      cpu,
      loadAverage: loadavg(),
    };
  } finally {
    for (const child of Object.values(started.servers)) await stop(child);
  }
}

function report(run: ProfiledRun, dir: string | undefined): void {
  console.log(
    `${run.title}: ${run.calls} calls at ${run.connections} connections after ${run.warmupCalls} warm-up calls; failed ${run.failed}; ${((run.to - run.from) / 1e6).toFixed(1)} s wall; load average at the end ${run.loadAverage.map((n) => n.toFixed(2)).join(', ')}; ${cpuModel()}; node ${process.version}`,
  );
  if (run.firstFailure) console.log(`first failure: ${run.firstFailure}`);
  for (const [name, { user, system }] of Object.entries(run.cpu)) {
    const cpuPerCall = (user + system) / run.calls;
    console.log(
      `\n${name}: ${cpuPerCall.toFixed(3)} ms CPU per call (/proc, all threads): user ${(user / run.calls).toFixed(3)} + system ${(system / run.calls).toFixed(3)} ms`,
    );
    if (!dir) continue;
    const file = readdirSync(dir).find((f) => f === `${name}.cpuprofile`);
    if (!file) {
      console.log('  (no profile written)');
      continue;
    }
    const times = layerTimes(join(dir, file), run.from, run.to);
    // The samples say where the main thread was; on a loaded machine they also count time it waited
    // for a core, so each layer's share of the samples is applied to the process's CPU per call.
    const share = (micros: number) => micros / times.sampledMicros;
    console.log(`  by layer (share of ${Math.round(times.sampledMicros / 1000)} ms of main-thread samples × CPU per call):`);
    for (const [layer, micros] of [...times.byLayer].sort((a, b) => b[1] - a[1])) {
      console.log(`  ${(share(micros) * cpuPerCall).toFixed(3).padStart(7)} ms  ${(100 * share(micros)).toFixed(0).padStart(3)} %  ${layer}`);
    }
    if (flags.has('--detail')) {
      console.log('  costliest sources:');
      for (const [source, micros] of [...times.bySource].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
        console.log(`    ${(share(micros) * cpuPerCall).toFixed(3).padStart(7)} ms  ${(100 * share(micros)).toFixed(1).padStart(5)} %  ${source}`);
      }
    }
  }
}

if (analyse) {
  report(JSON.parse(readFileSync(join(analyse, 'window.json'), 'utf8')) as ProfiledRun, analyse);
} else {
  const startPath = path ? PATHS[path] : undefined;
  if (!startPath || !Number.isInteger(CALLS) || CALLS <= 0) {
    console.error(
      `usage: npm run bench:profile <${Object.keys(PATHS).join('|')}> [calls, default 3000] [--postgres] [--no-profile] [--detail] | --analyse=<profiles directory>`,
    );
    process.exit(2);
  }
  const run = await profileRun(startPath);
  writeFileSync(join(profileDir, 'window.json'), JSON.stringify(run));
  report(run, profiling ? profileDir : undefined);
  console.log(`\nprofiles: ${profileDir} (read again: npm run bench:profile -- --analyse=${profileDir} --detail)`);
}
