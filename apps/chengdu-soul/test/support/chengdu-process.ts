/**
 * Chengdu Soul as an operator runs it, for black-box suites across processes: the server
 * (`node --import tsx apps/chengdu-soul/src/main.ts`) and the operator CLI, each its own process
 * in the same environment.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { REPO_ROOT } from '../../src/config.ts';

const START_TIMEOUT_MS = 45_000;

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<void>;
  output: () => string;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}


/** Starts the server and waits until `GET /health` answers `ok`. */
export async function startServerProcess(env: NodeJS.ProcessEnv, baseUrl: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/chengdu-soul/src/main.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await healthy(baseUrl))) {
    if (gone) throw new Error(`the server exited while starting:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become healthy within ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
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
    execFile(process.execPath, ['--import', 'tsx', 'apps/chengdu-soul/src/cli/operator.ts', ...argv], { cwd: REPO_ROOT, env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}`.trim() });
    });
  });
}
