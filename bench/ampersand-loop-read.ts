/**
 * `loop_read` of one Loop with three items (its conversation and the surface contract included)
 * with a valid access token — through the MCP service to the API, own processes, on the embedded
 * database and then on PostgreSQL — at 50 connections, against the reference echo server in
 * alternating rounds of the same run. Targets (issue 26): throughput ≥ 1.0× the reference,
 * p99 < 50 ms, on each.
 */
import { benchOnBothDatabases } from './lib/ampersand-target.ts';

export function benchAmpersandLoopRead(): Promise<string[]> {
  return benchOnBothDatabases({
    label: 'loop_read (3 items) with a token',
    heading: 'loop_read through MCP → API',
    api: 'ampersand-api',
    tool: 'loop_read',
    args: { title: 'Family movie night', skillId: 'skill_family_movie_night' },
    answers: (r) => r?.structuredContent?.loop?.items?.length === 3,
    connections: 50,
    targetRatio: 1,
    targetP99Ms: 50,
  });
}
