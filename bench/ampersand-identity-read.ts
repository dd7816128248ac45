/**
 * `identity_read` (a first page of 50 approved facts from a corpus of 120, a fresh snapshot each
 * call) with the & hosted runtime's token — through the MCP service to the API, own processes,
 * embedded database — at 50 connections, against the reference echo server in alternating
 * rounds of the same run. Beside loop_read; the same targets as the & tool call: throughput
 * ≥ 1.0× the reference, p99 < 40 ms.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { ROUNDS, SECONDS, WARMUP_SECONDS, compareAlternating, line, serverTarget, startServer, stealNote, stop, toolCall, type LoadTarget } from './lib/load.ts';

const CONNECTIONS = 50;
const PAGE = 50;
const TARGET_RATIO = 1;
const TARGET_P99_MS = 40;

async function identityReadTarget(): Promise<LoadTarget> {
  process.env.BENCH_AMPERSAND_SECRET = randomBytes(32).toString('base64url');
  process.env.BENCH_AMPERSAND_MCP_URL = 'http://127.0.0.1:1/mcp';
  process.env.BENCH_AMPERSAND_TOKEN = 'hosted-runtime';
  const api = await startServer('ampersand-api');
  delete process.env.BENCH_AMPERSAND_TOKEN;
  process.env.BENCH_AMPERSAND_API_URL = api.url;
  const mcp = await startServer('ampersand-mcp');
  const body = toolCall('identity_read', { limit: PAGE });
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18', authorization: `Bearer ${api.token}` };
  // A load of tool errors would be fast and prove nothing: the path must answer a full page first.
  const probe = await (await fetch(`${mcp.url}/mcp`, { method: 'POST', headers, body })).json();
  if (probe.result?.isError || probe.result?.structuredContent?.facts?.length !== PAGE || !probe.result.structuredContent.nextCursor) throw new Error(`identity_read does not answer a page: ${JSON.stringify(probe).slice(0, 500)}`);
  return {
    async run(seconds) {
      const result = await autocannon({ url: `${mcp.url}/mcp`, connections: CONNECTIONS, duration: seconds, method: 'POST', headers, body });
      return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx };
    },
    async stop() {
      await stop(mcp.child);
      await stop(api.child);
    },
  };
}

/** Returns the targets missed (empty when all are met). */
export async function benchAmpersandIdentityRead(): Promise<string[]> {
  const { reference, subject, stolenPercent } = await compareAlternating(() => serverTarget('reference-echo', [toolCall('echo', { text: 'hello' })], CONNECTIONS), identityReadTarget);
  const ratio = subject.requestsPerSecond / reference.requestsPerSecond;
  console.log(`\n& identity_read through MCP → API (page of ${PAGE} of 120 facts, hosted-runtime token, ${CONNECTIONS} connections, ${WARMUP_SECONDS}s warm-up, then ${ROUNDS} alternating rounds of ${SECONDS}s each; medians; loopback, node ${process.version})`);
  console.log(line('reference: SDK per-request echo', reference));
  console.log(line(`identity_read (page of ${PAGE})`, subject));
  console.log(`throughput ratio: ${ratio.toFixed(2)}× reference (target ≥ ${TARGET_RATIO.toFixed(2)}×)   p99 ${subject.p99} ms (target < ${TARGET_P99_MS} ms)`);
  if (stolenPercent !== undefined) console.log(stealNote(stolenPercent));
  return [
    ...(ratio < TARGET_RATIO ? [`throughput below ${TARGET_RATIO}× reference`] : []),
    ...(subject.p99 >= TARGET_P99_MS ? [`p99 at or above ${TARGET_P99_MS} ms`] : []),
    ...(subject.errors + subject.non2xx > 0 ? ['tool calls had errors'] : []),
  ];
}
