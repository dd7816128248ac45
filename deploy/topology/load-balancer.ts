/**
 * Debian's HAProxy in front of the replicas: one frontend per product on its base port, each
 * spreading over that product's replicas and checking `GET /health/ready` every second, as
 * deploy/haproxy.cfg does for compose. Added for a run where replicas die: a request whose
 * connection is refused or cut before any answer is sent again to another replica
 * (`retry-on`, `option redispatch`), which a write may be because each carries its
 * idempotency key. A request that cannot be placed gets HAProxy's 503, which clients retry.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICES, frontendPort, replicaPort, statsPort, type Service } from './layout.ts';

export const HAPROXY = '/usr/sbin/haproxy';

export function haproxyConfig(basePort: number): string {
  const sections = (Object.keys(SERVICES) as Service[]).map((service) => {
    const servers = Array.from(
      { length: SERVICES[service].replicas },
      (_, i) => `    server ${service}-${i + 1} 127.0.0.1:${replicaPort(basePort, service, i + 1)}`,
    );
    return [
      `frontend ${service}`,
      `    bind 127.0.0.1:${frontendPort(basePort, service)}`,
      `    default_backend ${service}`,
      `backend ${service}`,
      ...servers,
    ].join('\n');
  });
  return `global
    maxconn 2000

defaults
    mode http
    option forwardfor
    timeout connect 2s
    timeout client 120s
    timeout server 120s
    timeout http-keep-alive 60s
    option httpchk
    http-check send meth GET uri /health/ready ver HTTP/1.1 hdr Host 127.0.0.1
    timeout check 5s
    default-server check inter 1s fall 2 rise 2
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response junk-response response-timeout

# What the run reports of HAProxy's own work: its retries, redispatches and answers by status.
listen stats
    bind 127.0.0.1:${statsPort(basePort)}
    stats enable
    stats uri /stats

${sections.join('\n\n')}
`;
}

export interface LoadBalancer {
  /** Per product, from HAProxy's statistics: what it retried, redispatched and answered. */
  report(): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startLoadBalancer(basePort: number, workDir: string): Promise<LoadBalancer> {
  const file = join(workDir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(basePort));
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(join(workDir, 'haproxy.log'));
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  while (!(await listening(frontendPort(basePort, 'tutu-sim')))) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode} (see ${workDir}/haproxy.log)`);
    if (Date.now() > deadline) throw new Error('haproxy did not listen within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    async report() {
      const csv = await (await fetch(`http://127.0.0.1:${statsPort(basePort)}/stats;csv`)).text();
      const [header, ...rows] = csv.trim().split('\n');
      const fields = header!.replace(/^# /, '').split(',');
      const records = rows.map((row) => Object.fromEntries(row.split(',').map((value, i) => [fields[i], value])));
      return (Object.keys(SERVICES) as Service[]).map((service) => {
        const front = records.find((r) => r.pxname === service && r.svname === 'FRONTEND') ?? {};
        const back = records.find((r) => r.pxname === service && r.svname === 'BACKEND') ?? {};
        return `${service}: ${front.stot} sessions; answered 2xx ${front.hrsp_2xx}, 4xx ${front.hrsp_4xx}, 5xx ${front.hrsp_5xx}; retried ${back.wretr}, redispatched ${back.wredis}, connection errors ${back.econ}, response errors ${back.eresp}`;
      });
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function listening(port: number): Promise<boolean> {
  try {
    await (await fetch(`http://127.0.0.1:${port}/health/live`, { signal: AbortSignal.timeout(2000) })).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}
