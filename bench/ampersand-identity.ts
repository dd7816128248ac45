/**
 * &'s identity answers under load, on PostgreSQL: `ask_question` with two participants and
 * `connections_read`, each through the MCP service to the API (own processes), at 50 connections,
 * against the reference echo server in alternating rounds of the same run. Targets (issue 13):
 * throughput ≥ 0.8× the reference, p99 < 50 ms.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { ROUNDS, SECONDS, WARMUP_SECONDS, compareAlternating, line, serverTarget, startServer, stealNote, stop, toolCall, type LoadTarget } from './lib/load.ts';

const CONNECTIONS = 50;
const TARGET_RATIO = 0.8;
const TARGET_P99_MS = 50;

const CASES = [
  { label: 'ask_question, two participants', body: toolCall('ask_question', { question: 'Who likes jazz piano and pasta?', participants: ['&grace', '&hedy'] }), check: (r: any) => r?.structuredContent?.basedOnFacts > 0 },
  { label: 'connections_read', body: toolCall('connections_read', { limit: 10 }), check: (r: any) => r?.structuredContent?.active?.length === 2 },
] as const;

function identityTarget(testCase: (typeof CASES)[number]) {
  return async (): Promise<LoadTarget> => {
    process.env.BENCH_AMPERSAND_SECRET = randomBytes(32).toString('base64url');
    process.env.BENCH_AMPERSAND_MCP_URL = 'http://127.0.0.1:1/mcp';
    const api = await startServer('ampersand-api-postgres');
    process.env.BENCH_AMPERSAND_API_URL = api.url;
    const mcp = await startServer('ampersand-mcp');
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18', authorization: `Bearer ${api.token}` };
    // A load of tool errors would be fast and prove nothing: the path must answer first.
    const probe = await (await fetch(`${mcp.url}/mcp`, { method: 'POST', headers, body: testCase.body })).json();
    if (probe.result?.isError || !testCase.check(probe.result)) throw new Error(`the & ${testCase.label} path does not answer: ${JSON.stringify(probe)}`);
    return {
      async run(seconds) {
        const result = await autocannon({ url: `${mcp.url}/mcp`, connections: CONNECTIONS, duration: seconds, method: 'POST', headers, body: testCase.body });
        return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx };
      },
      async stop() {
        await stop(mcp.child);
        await stop(api.child);
      },
    };
  };
}

/** Returns the targets missed (empty when all are met). */
export async function benchAmpersandIdentity(): Promise<string[]> {
  const missed: string[] = [];
  for (const testCase of CASES) {
    const { reference, subject, stolenPercent } = await compareAlternating(() => serverTarget('reference-echo', [toolCall('echo', { text: 'hello' })], CONNECTIONS), identityTarget(testCase));
    const ratio = subject.requestsPerSecond / reference.requestsPerSecond;
    console.log(`\n& ${testCase.label} on PostgreSQL through MCP → API (${CONNECTIONS} connections, ${WARMUP_SECONDS}s warm-up, then ${ROUNDS} alternating rounds of ${SECONDS}s each; medians; loopback, node ${process.version})`);
    console.log(line('reference: SDK per-request echo', reference));
    console.log(line(testCase.label, subject));
    console.log(`throughput ratio: ${ratio.toFixed(2)}× reference (target ≥ ${TARGET_RATIO.toFixed(2)}×)   p99 ${subject.p99} ms (target < ${TARGET_P99_MS} ms)`);
    if (stolenPercent !== undefined) console.log(stealNote(stolenPercent));
    if (ratio < TARGET_RATIO) missed.push(`${testCase.label}: throughput below ${TARGET_RATIO}× reference`);
    if (subject.p99 >= TARGET_P99_MS) missed.push(`${testCase.label}: p99 at or above ${TARGET_P99_MS} ms`);
    if (subject.errors + subject.non2xx > 0) missed.push(`${testCase.label}: tool calls had errors`);
  }
  return missed;
}
