/**
 * One & tool under load, as every & benchmark drives it: the API (embedded or PostgreSQL bench
 * server) and the MCP service in their own processes, one tool call posted at `connections`
 * connections with the token the API server printed, against the reference echo server in
 * alternating rounds of the same run. The path must answer the call (checked once first), since a
 * load of tool errors would be fast and prove nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  ROUNDS,
  SECONDS,
  WARMUP_SECONDS,
  compareAlternating,
  cpuLine,
  cpuMeter,
  line,
  referenceTarget,
  startServer,
  stealNote,
  stop,
  toolCall,
  type LoadTarget,
} from './load.ts';

export interface AmpersandCase {
  /** What the result lines call it. */
  label: string;
  /** The run's heading after "& ". */
  heading: string;
  api: 'ampersand-api' | 'ampersand-api-postgres';
  /**
   * For `ampersand-api`: its database (embedded in memory by default; `embedded-disk`: embedded in a
   * fresh directory on disk, as `npm start` runs it; PostgreSQL at DATABASE_URL in a fresh schema).
   */
  database?: 'embedded' | 'embedded-disk' | 'postgres';
  /** The hosted runtime's token instead of a public client's. */
  hostedRuntime?: boolean;
  tool: string;
  args: Record<string, unknown>;
  /** Arguments for the n-th request when each must differ (a write under a fresh idempotency key); `args` is the probe's. */
  argsFor?: (n: number) => Record<string, unknown>;
  answers: (result: any) => boolean;
  connections: number;
  /** Absent for a benchmark read against another build rather than a target (durable-writes). */
  targetRatio?: number;
  targetP99Ms?: number;
}

/** Starts a case's API and MCP service and answers the load target that drives them. */
export function ampersandTarget(c: AmpersandCase) {
  return async (): Promise<LoadTarget> => {
    process.env.BENCH_AMPERSAND_SECRET = randomBytes(32).toString('base64url');
    process.env.BENCH_AMPERSAND_MCP_URL = 'http://127.0.0.1:1/mcp';
    if (c.hostedRuntime) process.env.BENCH_AMPERSAND_TOKEN = 'hosted-runtime';
    if (c.database === 'postgres') process.env.BENCH_AMPERSAND_DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    const dataDir = c.database === 'embedded-disk' ? mkdtempSync(join(tmpdir(), 'bench-ampersand-')) : undefined;
    if (dataDir) process.env.BENCH_DATA_DIR = dataDir;
    const api = await startServer(c.api);
    delete process.env.BENCH_AMPERSAND_TOKEN;
    delete process.env.BENCH_AMPERSAND_DATABASE_URL;
    delete process.env.BENCH_DATA_DIR;
    process.env.BENCH_AMPERSAND_API_URL = api.url;
    const mcp = await startServer('ampersand-mcp');
    const body = toolCall(c.tool, c.args);
    const argsFor = c.argsFor;
    let sent = 0;
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      authorization: `Bearer ${api.token}`,
    };
    const probe = await (await fetch(`${mcp.url}/mcp`, { method: 'POST', headers, body })).json();
    if (probe.result?.isError || !c.answers(probe.result)) throw new Error(`the & ${c.label} path does not answer: ${JSON.stringify(probe).slice(0, 500)}`);
    return {
      async run(seconds) {
        const cpu = cpuMeter({ 'MCP service': mcp.child, API: api.child });
        const result = await autocannon({
          url: `${mcp.url}/mcp`,
          connections: c.connections,
          duration: seconds,
          method: 'POST',
          headers,
          body,
          ...(argsFor && { requests: [{ method: 'POST', setupRequest: (request) => ({ ...request, body: toolCall(c.tool, argsFor(sent++)) }) }] }),
        });
        return {
          requestsPerSecond: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts,
          non2xx: result.non2xx,
          ...cpu.perCall(result.requests.total),
        };
      },
      async stop() {
        await stop(mcp.child);
        await stop(api.child);
        if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      },
    };
  };
}

/** Measures a case on the embedded database and then on PostgreSQL; returns the targets missed on either. */
export async function benchOnBothDatabases(c: AmpersandCase): Promise<string[]> {
  const missed: string[] = [];
  for (const database of ['embedded', 'postgres'] as const) {
    const onIt = {
      ...c,
      database,
      label: `${c.label} (${database})`,
      heading: `${c.heading}, ${database === 'embedded' ? 'embedded database' : 'PostgreSQL'}`,
    };
    missed.push(...(await benchAmpersandCase(onIt)));
  }
  return missed;
}

/** Measures one case, prints its lines, and returns the targets it missed (empty when all are met). */
export async function benchAmpersandCase(c: AmpersandCase): Promise<string[]> {
  const { reference, subject, stolenPercent } = await compareAlternating(() => referenceTarget(c.connections), ampersandTarget(c));
  const ratio = subject.requestsPerSecond / reference.requestsPerSecond;
  console.log(
    `\n& ${c.heading} (${c.connections} connections, ${WARMUP_SECONDS}s warm-up, then ${ROUNDS} alternating rounds of ${SECONDS}s each; medians; loopback, node ${process.version})`,
  );
  console.log(line('reference: SDK per-request echo', reference));
  console.log(line(c.label, subject));
  console.log(
    c.targetRatio === undefined || c.targetP99Ms === undefined
      ? `throughput ratio: ${ratio.toFixed(2)}× reference   p99 ${subject.p99} ms (no target)`
      : `throughput ratio: ${ratio.toFixed(2)}× reference (target ≥ ${c.targetRatio.toFixed(2)}×)   p99 ${subject.p99} ms (target < ${c.targetP99Ms} ms)`,
  );
  for (const cpu of [...cpuLine('reference', reference), ...cpuLine(c.label, subject)]) console.log(cpu);
  if (c.database === 'postgres' || c.api === 'ampersand-api-postgres') console.log("(PostgreSQL's own server processes are not in these figures.)");
  if (stolenPercent !== undefined) console.log(stealNote(stolenPercent));
  return [
    ...(c.targetRatio !== undefined && ratio < c.targetRatio ? [`${c.label}: throughput below ${c.targetRatio}× reference`] : []),
    ...(c.targetP99Ms !== undefined && subject.p99 >= c.targetP99Ms ? [`${c.label}: p99 at or above ${c.targetP99Ms} ms`] : []),
    ...(subject.errors + subject.non2xx > 0 ? [`${c.label}: tool calls had errors`] : []),
  ];
}
