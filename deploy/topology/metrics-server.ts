/**
 * Debian's Prometheus scraping every replica's `/metrics` (loopback peers need no token), one job
 * per product with a `replica` label, and the questions the run asks it through its HTTP API
 * (`/api/v1/query`): is every replica `up`, and do the request counters cover every replica.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICES, prometheusPort, replicaPort, type Service } from './layout.ts';

export const PROMETHEUS = '/usr/bin/prometheus';
export const SCRAPE_SECONDS = 2;

export function prometheusConfig(basePort: number): string {
  const jobs = (Object.keys(SERVICES) as Service[]).map((service) => {
    const targets = Array.from(
      { length: SERVICES[service].replicas },
      (_, i) => `      - targets: ['127.0.0.1:${replicaPort(basePort, service, i + 1)}']\n        labels: { replica: '${service}-${i + 1}' }`,
    );
    return `  - job_name: ${service}\n    static_configs:\n${targets.join('\n')}`;
  });
  return `global:\n  scrape_interval: ${SCRAPE_SECONDS}s\n  scrape_timeout: ${SCRAPE_SECONDS}s\nscrape_configs:\n${jobs.join('\n')}\n`;
}

export interface MetricsServer {
  url: string;
  /** An instant query's result vector: each sample's labels and value. */
  query(promql: string): Promise<Array<{ metric: Record<string, string>; value: number }>>;
  stop(): Promise<void>;
}

export async function startMetricsServer(basePort: number, workDir: string): Promise<MetricsServer> {
  const file = join(workDir, 'prometheus.yml');
  writeFileSync(file, prometheusConfig(basePort));
  const storage = join(workDir, 'prometheus-data');
  mkdirSync(storage, { recursive: true });
  const url = `http://127.0.0.1:${prometheusPort(basePort)}`;
  const child: ChildProcess = spawn(
    PROMETHEUS,
    [`--config.file=${file}`, `--storage.tsdb.path=${storage}`, `--web.listen-address=127.0.0.1:${prometheusPort(basePort)}`, '--log.level=warn'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const log = createWriteStream(join(workDir, 'prometheus.log'));
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited with ${child.exitCode} (see ${workDir}/prometheus.log)`);
    if (Date.now() > deadline) throw new Error('prometheus was not ready within 60 s');
    const ready = await fetch(`${url}/-/ready`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    async query(promql) {
      const answer = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(promql)}`);
      const body = (await answer.json()) as {
        status: string;
        error?: string;
        data?: { result: Array<{ metric: Record<string, string>; value: [number, string] }> };
      };
      if (body.status !== 'success') throw new Error(`prometheus refused ${promql}: ${body.error}`);
      return body.data!.result.map((sample) => ({ metric: sample.metric, value: Number(sample.value[1]) }));
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
