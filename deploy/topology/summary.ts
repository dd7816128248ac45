/**
 * What the run concludes and prints: the load's failures judged (every failed attempt a 503 or a
 * reset, every request completed), Prometheus asked whether every replica is up and counted, and
 * the summary text pasted into deploy/README.md.
 */
import { cpus, loadavg } from 'node:os';
import type { Acknowledged } from '@agent-products/chengdu-soul/acknowledged-writes';
import type { CheckOutcome } from './cross-replica-checks.ts';
import { SERVICES, type TopologySettings } from './layout.ts';
import type { MetricsServer } from './metrics-server.ts';
import type { LoadTallies } from './mixed-load.ts';
import type { Replica } from './replicas.ts';
import type { Tally } from './retrying-calls.ts';

export function failuresCheck(product: string, tally: Tally): CheckOutcome {
  const kinds = Object.keys(tally.failedAttempts);
  const retryable = kinds.every((kind) => kind === '503' || kind === 'reset');
  const ok = retryable && Object.keys(tally.unrecovered).length === 0 && tally.succeeded === tally.requests;
  return {
    name: `${product}: every failure retryable and completed`,
    ok,
    detail: `${tally.requests} requests, ${tally.succeeded} succeeded (${tally.completedByRetry} after a retry); failed attempts ${JSON.stringify(tally.failedAttempts)}; unrecovered ${JSON.stringify(tally.unrecovered)}${Object.keys(tally.examples).length ? ` e.g. ${JSON.stringify(tally.examples)}` : ''}`,
  };
}

export async function prometheusCoverage(server: MetricsServer, all: Replica[]): Promise<{ checks: CheckOutcome[]; printed: string }> {
  const queries = ['up', 'sum by (job, replica) (http_server_requests_total)', 'sum by (job, replica) (mcp_server_tool_calls_total)'];
  const results = await Promise.all(queries.map((q) => server.query(q)));
  const lines = queries.flatMap((q, i) => [`  query: ${q}`, ...results[i]!.map((s) => `    ${s.metric.job}{replica="${s.metric.replica}"} ${s.value}`).sort()]);
  const sampleOf = (i: number, name: string) => results[i]!.find((s) => s.metric.replica === name)?.value;
  const down = all.filter((r) => sampleOf(0, r.name) !== 1).map((r) => r.name);
  const uncounted = all.filter((r) => !(sampleOf(1, r.name)! > 0)).map((r) => r.name);
  return {
    printed: lines.join('\n'),
    checks: [
      { name: 'Prometheus: every replica up', ok: down.length === 0, detail: down.length ? `not up: ${down.join(', ')}` : `up = 1 for all ${all.length}` },
      {
        name: 'Prometheus: request counters cover every replica',
        ok: uncounted.length === 0,
        detail: uncounted.length ? `no requests counted: ${uncounted.join(', ')}` : `http_server_requests_total > 0 for all ${all.length}`,
      },
    ],
  };
}

export function printSummary(
  s: TopologySettings,
  loadSeconds: number,
  tallies: LoadTallies,
  restarts: string[],
  acknowledged: Acknowledged[],
  haproxy: string[],
  prometheus: string,
  checks: CheckOutcome[],
): void {
  const requests = Object.values(tallies).reduce((n, t) => n + t.requests, 0);
  const lines = [
    '',
    `== npm run topology: summary (${new Date().toISOString()}, ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}) ==`,
    `replicas: ${Object.entries(SERVICES)
      .map(([name, { replicas }]) => `${name} ×${replicas}`)
      .join(', ')}; HAProxy and Prometheus on 127.0.0.1:${s.basePort}+`,
    `load: ${s.connections} connections, ${loadSeconds.toFixed(0)} s, ${requests} requests (${Object.entries(tallies)
      .map(([p, t]) => `${p} ${t.requests}`)
      .join(', ')})`,
    `restarts under load: ${restarts.join('; ')}`,
    `writes acknowledged: ${new Set(acknowledged.map((w) => `${w.tool}:${String(w.args.idempotencyKey)}`)).size} (${acknowledged.length} answers)`,
    'HAProxy (its statistics, the whole run):',
    ...haproxy.map((line) => `  ${line}`),
    'checks:',
    ...checks.map((c) => `  ${c.ok ? 'PASS' : 'FAIL'} ${c.name}: ${c.detail}`),
    'Prometheus (GET /api/v1/query):',
    prometheus,
    `result: ${checks.every((c) => c.ok) ? 'all checks passed' : `${checks.filter((c) => !c.ok).length} of ${checks.length} checks FAILED`}`,
    '',
  ];
  process.stdout.write(lines.join('\n'));
}
