/**
 * An & tool call with a valid access token — local verification, forwarding to the API (which
 * verifies again, checks the grant and reads the connections) — at 50 connections, against the
 * reference echo server in alternating rounds of the same run. The API runs in its own process
 * behind the MCP service, on the embedded database and then on PostgreSQL. Targets (issue 26):
 * throughput ≥ 1.3× the reference, p99 < 40 ms, on each.
 */
import { benchOnBothDatabases, type AmpersandCase } from './lib/ampersand-target.ts';

/** The call measured (also by observability-cost.ts, which measures it with and without metrics). */
export const toolCallCase: AmpersandCase = {
  label: 'connections_read with a token',
  heading: 'tool call through MCP → API',
  api: 'ampersand-api',
  tool: 'connections_read',
  args: { limit: 10 },
  answers: (r) => r?.structuredContent?.active?.length === 1,
  connections: 50,
  targetRatio: 1.3,
  targetP99Ms: 40,
};

export function benchAmpersandToolCall(): Promise<string[]> {
  return benchOnBothDatabases(toolCallCase);
}
