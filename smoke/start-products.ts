/**
 * The products as `npm start` runs them: `scripts/start.mjs` over the built `dist/` (the smoke
 * script builds first), one process per product, driven only from outside over loopback. Each
 * product's address is read from its own start banner. zaezd and Chengdu Soul bind a free port
 * themselves (port 0) and announce it; tutu-sim's port must be known before zaezd starts (it is
 * zaezd's upstream), so it is probed free first, and a start that lost that port to another
 * process is retried.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '@agent-products/kit/testing';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
// Five processes start at once, two of them initialising an embedded database; a loaded machine needs minutes.
const START_TIMEOUT_MS = 240_000;

export interface RunningProducts {
  chengdu: string;
  zaezd: string;
  tutu: string;
  ampersandApi: string;
  ampersandMcp: string;
  output: () => string;
  /** SIGTERM to `start.mjs`, which stops every product; resolves with its exit code. */
  stop(): Promise<number | null>;
}

const BANNERS = {
  chengdu: /Chengdu Soul\s+(http:\/\/\S+)\//,
  zaezd: /zaezd\s+(http:\/\/\S+)\//,
  tutu: /tutu-sim\s+(http:\/\/\S+)\//,
  ampersandApi: /& API \+ OAuth\s+(http:\/\/\S+)\//,
  ampersandMcp: /& MCP\s+(http:\/\/\S+\/mcp)\s/,
};

export async function startProducts(env: NodeJS.ProcessEnv, attempts = 2): Promise<RunningProducts> {
  const tutuPort = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: REPO_ROOT,
    env: {
      ...env,
      CHENGDU_SOUL_PORT: '0',
      ZAEZD_PORT: '0',
      TUTU_SIM_PORT: String(tutuPort),
      TUTU_MCP_URL: `http://127.0.0.1:${tutuPort}/mcp`,
      // Never the defaults, should & be started by npm start too.
      AMPERSAND_MCP_PORT: String(await freePort()),
      AMPERSAND_API_PORT: String(await freePort()),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    return await awaitBanners(child);
  } catch (error) {
    if (attempts > 1 && /EADDRINUSE/.test(String(error))) return startProducts(env, attempts - 1);
    throw error;
  }
}

function awaitBanners(child: ChildProcess): Promise<RunningProducts> {
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      // SIGTERM, not SIGKILL: start.mjs then stops every product it started; killed, it would
      // leave them running as orphans that hold their ports and data directories.
      child.kill('SIGTERM');
      reject(new Error(`the products did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      const urls = Object.fromEntries(Object.entries(BANNERS).map(([name, pattern]) => [name, pattern.exec(output)?.[1]]));
      if (Object.values(urls).every(Boolean)) {
        clearTimeout(timer);
        resolve({
          ...(urls as Record<keyof typeof BANNERS, string>),
          output: () => output,
          async stop() {
            if (child.exitCode === null) child.kill('SIGTERM');
            return exited;
          },
        });
      }
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code} while starting:\n${output}`));
    });
  });
}

/** One operator command as the README gives it (`npm run operator -- …`), its own process. */
export function operator(env: NodeJS.ProcessEnv, ...argv: string[]): Promise<{ code: number; output: string }> {
  return npmScript(env, 'operator', argv);
}

/** One & operator command as the README gives it (`npm run ampersand -- …`), its own process. */
export function ampersandOperator(env: NodeJS.ProcessEnv, ...argv: string[]): Promise<{ code: number; output: string }> {
  return npmScript(env, 'ampersand', argv);
}

function npmScript(env: NodeJS.ProcessEnv, script: string, argv: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile('npm', ['run', '--silent', script, '--', ...argv], { cwd: REPO_ROOT, env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}`.trim() });
    });
  });
}
