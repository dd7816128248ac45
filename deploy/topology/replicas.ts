/**
 * The product processes of the run, each started as the deployment image starts it
 * (`node deploy/run.mjs <process>`, the built dist files, with `npm start`'s Node flags), on its
 * own port, its output appended to a log file of its own. A replica is ready when its
 * `GET /health/ready` answers 200, the same check HAProxy makes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Service, replicaPort } from './layout.ts';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** As scripts/start.mjs runs each product. */
const NODE_FLAGS = ['--max-semi-space-size=32', '--enable-source-maps'];
// A bound on a hung start, not a speed check: a product starting beside eight others on a shared
// two-core machine takes tens of seconds.
const READY_TIMEOUT_MS = 180_000;

export interface Replica {
  service: Service;
  /** 1 or 2. */
  index: number;
  port: number;
  name: string;
  url: string;
  /** Starts the process (again) and resolves once it is ready. */
  start(): Promise<void>;
  /** Sends the signal and resolves with the exit code (null when killed by a signal). */
  stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<number | null>;
  running(): boolean;
}

const PORT_SETTING: Record<Service, string> = {
  'chengdu-soul': 'CHENGDU_SOUL_PORT',
  zaezd: 'ZAEZD_PORT',
  'tutu-sim': 'TUTU_SIM_PORT',
  'ampersand-api': 'AMPERSAND_API_PORT',
  'ampersand-mcp': 'AMPERSAND_MCP_PORT',
};

export function replica(service: Service, index: number, basePort: number, env: NodeJS.ProcessEnv, logDir: string): Replica {
  const port = replicaPort(basePort, service, index);
  const name = `${service}-${index}`;
  const url = `http://127.0.0.1:${port}`;
  const log = createWriteStream(join(logDir, `${name}.log`), { flags: 'a' });
  let child: ChildProcess | undefined;
  let exited: Promise<number | null> = Promise.resolve(null);
  return {
    service,
    index,
    port,
    name,
    url,
    running: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    async start() {
      const started = spawn(process.execPath, [...NODE_FLAGS, 'deploy/run.mjs', service], {
        cwd: REPO_ROOT,
        env: { ...env, [PORT_SETTING[service]]: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      started.stdout!.pipe(log, { end: false });
      started.stderr!.pipe(log, { end: false });
      exited = new Promise((resolve) => started.once('exit', (code) => resolve(code)));
      const deadline = Date.now() + READY_TIMEOUT_MS;
      while (!(await ready(url))) {
        if (started.exitCode !== null || started.signalCode !== null) throw new Error(`${name} exited while starting (see ${logDir}/${name}.log)`);
        if (Date.now() > deadline) throw new Error(`${name} was not ready within ${READY_TIMEOUT_MS} ms (see ${logDir}/${name}.log)`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    async stop(signal) {
      if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

async function ready(url: string): Promise<boolean> {
  try {
    const answer = await fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(5000) });
    await answer.arrayBuffer();
    return answer.status === 200;
  } catch {
    return false;
  }
}
