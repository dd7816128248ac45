/**
 * `npm run bench migrate` (issue 41): upgrading & never stops the service. & is seeded at
 * BENCH_MIGRATE_PEOPLE people (default 2,000; 100,000 for the documented run: about 52 facts,
 * 20 connections, two questions each, bench/lib/ampersand-scale-seed.ts) on PostgreSQL
 * (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test, in a fresh schema dropped after)
 * with the schema of the release before migration 0056. Then today's API starts on it as
 * `npm start` would (bench/servers/ampersand-api-migrating.ts: schema changes, then the backfills
 * in the background while it serves), with the MCP service in front, while BENCH_MIGRATE_WRITERS
 * (2) loops make identity writes (`identity_write`) and BENCH_MIGRATE_READERS (2) loops read
 * (`find_andees` with a constraint, which must find the one cellist whatever the backfill has
 * reached, and `connections_read`), one call at a time each, all through the MCP service → API.
 *
 * Reported: the calls made from the start of the migration to the end of its backfills, how many
 * failed (an error, or not the right answer; target 0), their wait (latency) p50/p99/max (goal
 * p99 < 1 s), and the time of the schema changes, of the backfills, and in all. A benchmark, not a
 * timed test: on a loaded machine its figures say so (`uptime` is printed). BENCH_MIGRATE_TIMEOUT_S
 * (3,600) bounds the wait for the backfills.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SERVER_NODE_FLAGS, stop, toolCall } from './lib/load.ts';

const people = Number(process.env.BENCH_MIGRATE_PEOPLE ?? 2_000);
const writers = Number(process.env.BENCH_MIGRATE_WRITERS ?? 2);
const readers = Number(process.env.BENCH_MIGRATE_READERS ?? 2);
const timeoutSeconds = Number(process.env.BENCH_MIGRATE_TIMEOUT_S ?? 3_600);
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const P99_GOAL_MS = 1_000;
const distDir = fileURLToPath(new URL('dist/', import.meta.url));
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

interface Sample {
  at: number;
  ms: number;
  ok: boolean;
  kind: string;
}

/** Starts a built bench server; resolves each `PREFIX <rest>` line it prints, by prefix, as it comes. */
function startBuilt(name: string, env: Record<string, string>, stdin: 'ignore' | 'pipe' = 'ignore') {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, `${distDir}${name}.mjs`], {
    stdio: [stdin, 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const waiting = new Map<string, (rest: string) => void>();
  const seen = new Map<string, string>();
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    let newline = buffer.indexOf('\n');
    while (newline >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      const match = /^([A-Z]+) (.*)$/.exec(line);
      if (match) {
        seen.set(match[1]!, match[2]!);
        waiting.get(match[1]!)?.(match[2]!);
      }
      newline = buffer.indexOf('\n');
    }
  });
  let exited: (code: number | null) => void = () => undefined;
  const exit = new Promise<number | null>((resolve) => {
    exited = resolve;
  });
  child.once('exit', (code) => exited(code));
  return {
    child,
    line(prefix: string): Promise<string> {
      const known = seen.get(prefix);
      if (known !== undefined) return Promise.resolve(known);
      return Promise.race([
        new Promise<string>((resolve) => waiting.set(prefix, resolve)),
        exit.then((code) => Promise.reject(new Error(`${name} exited with ${code} before printing ${prefix}`))),
      ]);
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function callTool(mcpUrl: string, token: string, tool: string, args: unknown): Promise<any> {
  const response = await fetch(`${mcpUrl}/mcp`, { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${token}` }, body: toolCall(tool, args) });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${tool}: HTTP ${response.status} ${body.slice(0, 200)}`);
  const result = JSON.parse(body).result;
  if (!result || result.isError) throw new Error(`${tool}: ${body.slice(0, 300)}`);
  return result.structuredContent;
}

/** One loop of calls, one at a time, until `running` says stop; each call's time and outcome recorded. */
async function loop(kind: string, running: () => boolean, samples: Sample[], failures: string[], call: () => Promise<boolean>): Promise<void> {
  while (running()) {
    const at = performance.now();
    let ok = false;
    try {
      ok = await call();
      if (!ok) failures.push(`${kind}: not the right answer`);
    } catch (error) {
      failures.push(`${kind}: ${(error as Error).message.slice(0, 200)}`);
    }
    samples.push({ at, ms: performance.now() - at, ok, kind });
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(label: string, samples: Sample[]): string {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  const failed = samples.filter((s) => !s.ok).length;
  return `${label.padEnd(34)} ${String(samples.length).padStart(7)} calls  ${String(failed).padStart(4)} failed  p50 ${percentile(ms, 50).toFixed(0).padStart(6)} ms  p99 ${percentile(ms, 99).toFixed(0).padStart(6)} ms  max ${(ms.at(-1) ?? Number.NaN).toFixed(0).padStart(6)} ms`;
}

/** Returns the targets missed (empty when all are met). */
export async function benchMigrate(): Promise<string[]> {
  const secret = randomBytes(32).toString('base64url');
  const mcpUrl = 'http://127.0.0.1:1/mcp';
  const schema = `bench_migrate_${randomBytes(5).toString('hex')}`;
  const port = await freePort();
  const env = {
    BENCH_AMPERSAND_SECRET: secret,
    BENCH_AMPERSAND_MCP_URL: mcpUrl,
    BENCH_MIGRATE_SCHEMA: schema,
    BENCH_MIGRATE_PEOPLE: String(people),
    BENCH_MIGRATE_API_PORT: String(port),
    DATABASE_URL: databaseUrl,
  };
  const children: ChildProcess[] = [];
  try {
    console.log(`\n& migrate: seeding ${people.toLocaleString('en')} people on the schema before 0056 (PostgreSQL, schema ${schema})…`);
    const seed = startBuilt('ampersand-migrate-seed', env);
    const seeded = JSON.parse(await seed.line('READY')) as { token: string; facts: number; seedSeconds: number };
    console.log(`seeded ${seeded.facts.toLocaleString('en')} facts in ${seeded.seedSeconds.toFixed(0)} s`);

    const api = startBuilt('ampersand-api-migrating', env, 'pipe');
    children.push(api.child);
    const apiUrl = await api.line('LISTENING');
    const mcp = startBuilt('ampersand-mcp', { ...env, BENCH_AMPERSAND_API_URL: apiUrl });
    children.push(mcp.child);
    const mcpServiceUrl = (await mcp.line('LISTENING')).split(' ')[0]!;

    const samples: Sample[] = [];
    const failures: string[] = [];
    let running = true;
    const loops: Array<Promise<void>> = [];
    // The migration starts, and the loads with it: their first calls wait for the schema changes.
    const go = performance.now();
    const load = loadavg()[0]!.toFixed(1);
    api.child.stdin!.write('GO\n');
    for (let w = 0; w < writers; w++) {
      loops.push(
        loop(
          'identity_write',
          () => running,
          samples,
          failures,
          async () => {
            const written = await callTool(mcpServiceUrl, seeded.token, 'identity_write', {
              value: `I tried a new recipe today, number ${randomUUID()}.`,
              idempotencyKey: randomUUID(),
            });
            return written.written === true;
          },
        ),
      );
    }
    for (let r = 0; r < readers; r++) {
      loops.push(
        loop(
          r % 2 === 0 ? 'find_andees + constraint' : 'connections_read',
          () => running,
          samples,
          failures,
          async () => {
            if (r % 2 === 1) return (await callTool(mcpServiceUrl, seeded.token, 'connections_read', { limit: 10 })).active?.length > 0;
            const found = await callTool(mcpServiceUrl, seeded.token, 'find_andees', { name: 'Ada', constraints: ['plays the cello'] });
            return found.result === 'match' && found.matches[0]?.tag === '&cellist';
          },
        ),
      );
    }
    const migrated = JSON.parse(await api.line('MIGRATED')) as { ran: string[]; schemaSeconds: number };
    const schemaDone = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const backfilled = JSON.parse(
      await Promise.race([
        api.line('BACKFILLED'),
        new Promise<string>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`backfills not done after ${timeoutSeconds} s`)), timeoutSeconds * 1000);
        }),
      ]).finally(() => clearTimeout(timer)),
    ) as { seconds: number };
    const end = performance.now();
    running = false;
    await Promise.all(loops);

    const during = samples.filter((s) => s.at + s.ms >= go && s.at <= end);
    const inSchema = during.filter((s) => s.at <= schemaDone);
    const inBackfill = during.filter((s) => s.at > schemaDone);
    const ms = during.map((s) => s.ms).sort((a, b) => a - b);
    const p99 = percentile(ms, 99);
    const failed = during.filter((s) => !s.ok).length;
    console.log(
      `\n& migrate to today's schema on PostgreSQL at ${people.toLocaleString('en')} people (${seeded.facts.toLocaleString('en')} facts), ${writers} writer and ${readers} reader loops through MCP → API; load average ${load} at the start (${loadavg()[0]!.toFixed(1)} at the end), node ${process.version}`,
    );
    console.log(`migrations run: ${migrated.ran.join(', ')}`);
    console.log(summary('whole migration', during));
    console.log(summary('  during the schema changes', inSchema));
    console.log(summary('  during the backfills', inBackfill));
    for (const kind of ['identity_write', 'find_andees + constraint', 'connections_read']) {
      const of = during.filter((s) => s.kind === kind);
      if (of.length > 0) console.log(summary(`  ${kind}`, of));
    }
    console.log(
      `schema changes ${migrated.schemaSeconds.toFixed(1)} s, backfills ${(backfilled.seconds - migrated.schemaSeconds).toFixed(1)} s, migration in all ${backfilled.seconds.toFixed(1)} s`,
    );
    console.log(`requests failed: ${failed} (target 0)   p99 wait ${p99.toFixed(0)} ms (goal < ${P99_GOAL_MS} ms)`);
    for (const f of [...new Set(failures)].slice(0, 5)) console.log(`  failure: ${f}`);
    return [
      ...(failed > 0 ? [`${failed} requests failed during the migration`] : []),
      ...(p99 >= P99_GOAL_MS ? [`p99 wait ${p99.toFixed(0)} ms during the migration (goal < ${P99_GOAL_MS} ms)`] : []),
    ];
  } finally {
    for (const child of children.reverse()) if (child.exitCode === null) await stop(child);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`).finally(() => client.end());
  }
}
