/**
 * Chengdu Soul as an operator runs it, for black-box suites across processes: the server
 * (`node --import tsx apps/chengdu-soul/src/main.ts`) and the operator CLI, each its own process
 * in the same environment. The server binds its port itself (CHENGDU_SOUL_PORT=0 unless the
 * environment names one) and the starter reads the address it bound from its stdout, so no port
 * is picked for it beforehand that another process could take in between.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { REPO_ROOT } from '../../src/config.ts';

// A bound on a hung start, not a speed check: on an empty embedded database the first start
// publishes the bundled catalog, which takes over a minute on the shared two-core machine.
const START_TIMEOUT_MS = 180_000;

export interface ServerProcess {
  child: ChildProcess;
  /** The address the server bound, as it announced it: `http://127.0.0.1:<port>`. */
  url: string;
  port: number;
  exited: Promise<void>;
  output: () => string;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/** The banner line main.ts writes once listening: `Chengdu Soul   http://127.0.0.1:<port>/   (web)`. */
const ANNOUNCED = /^Chengdu Soul\s+(http:\/\/127\.0\.0\.1:(\d+))\/\s/m;

/**
 * Starts the server, learns the address it bound from its stdout, and waits until `GET /health`
 * answers `ok`. `under` runs it under another program (e.g. `['strace', …]`), given the command after it.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv, under: readonly string[] = []): Promise<ServerProcess> {
  const command = [...under, process.execPath, '--import', 'tsx', 'apps/chengdu-soul/src/main.ts'];
  const child = spawn(command[0]!, command.slice(1), {
    cwd: REPO_ROOT,
    env: { CHENGDU_SOUL_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stdout = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout!.on('data', keep);
  child.stdout!.on('data', (chunk: Buffer) => {
    if (!ANNOUNCED.test(stdout)) stdout += chunk.toString();
  });
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + START_TIMEOUT_MS;
  let announced = ANNOUNCED.exec(stdout);
  while (!announced || !(await healthy(announced[1]!))) {
    if (gone) throw new Error(`the server exited while starting:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become healthy within ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    announced = ANNOUNCED.exec(stdout);
  }
  return {
    child,
    url: announced![1]!,
    port: Number(announced![2]),
    exited,
    output: () => output,
    async stop() {
      if (!gone) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function healthy(baseUrl: string): Promise<boolean> {
  try {
    const answer = await fetch(`${baseUrl}/health`);
    return answer.status === 200 && ((await answer.json()) as { status: string }).status === 'ok';
  } catch {
    return false;
  }
}

/** Runs one operator command as its own process; resolves with its exit code and output. */
export function runOperatorProcess(env: NodeJS.ProcessEnv, ...argv: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/chengdu-soul/src/cli/operator.ts', ...argv],
      { cwd: REPO_ROOT, env, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}`.trim() });
      },
    );
  });
}
