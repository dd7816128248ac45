/**
 * `identity_read` (a first page of 50 approved facts from a corpus of 120, a fresh snapshot each
 * call) with the & hosted runtime's token — through the MCP service to the API, own processes,
 * on the embedded database and then on PostgreSQL — at 50 connections, against the reference
 * echo server in alternating rounds of the same run. Targets (issue 26), as for loop_read:
 * throughput ≥ 1.0× the reference, p99 < 50 ms, on each.
 */
import { benchOnBothDatabases } from './lib/ampersand-target.ts';

const PAGE = 50;

export function benchAmpersandIdentityRead(): Promise<string[]> {
  return benchOnBothDatabases({
    label: `identity_read (page of ${PAGE})`,
    heading: `identity_read through MCP → API (page of ${PAGE} of 120 facts, hosted-runtime token)`,
    api: 'ampersand-api',
    hostedRuntime: true,
    tool: 'identity_read',
    args: { limit: PAGE },
    answers: (r) => r?.structuredContent?.facts?.length === PAGE && Boolean(r.structuredContent.nextCursor),
    connections: 50,
    targetRatio: 1,
    targetP99Ms: 50,
  });
}
