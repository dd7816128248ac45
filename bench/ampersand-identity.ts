/**
 * &'s identity answers under load, on PostgreSQL: `ask_question` with two participants and
 * `connections_read`, each through the MCP service to the API (own processes), at 50 connections,
 * against the reference echo server in alternating rounds of the same run. Targets (issue 13):
 * throughput ≥ 0.8× the reference, p99 < 50 ms.
 */
import { benchAmpersandCase, type AmpersandCase } from './lib/ampersand-target.ts';

const ON_POSTGRES = { api: 'ampersand-api-postgres', connections: 50, targetRatio: 0.8, targetP99Ms: 50 } as const;

const CASES: AmpersandCase[] = [
  {
    ...ON_POSTGRES,
    label: 'ask_question, two participants',
    heading: 'ask_question, two participants on PostgreSQL through MCP → API',
    tool: 'ask_question',
    args: { question: 'Who likes jazz piano and pasta?', participants: ['&grace', '&hedy'] },
    answers: (r) => r?.structuredContent?.basedOnFacts > 0,
  },
  {
    ...ON_POSTGRES,
    label: 'connections_read',
    heading: 'connections_read on PostgreSQL through MCP → API',
    tool: 'connections_read',
    args: { limit: 10 },
    answers: (r) => r?.structuredContent?.active?.length === 2,
  },
];

/** Returns the targets missed (empty when all are met). */
export async function benchAmpersandIdentity(): Promise<string[]> {
  const missed: string[] = [];
  for (const c of CASES) missed.push(...(await benchAmpersandCase(c)));
  return missed;
}
