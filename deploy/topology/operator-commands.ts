/**
 * Operator commands (and the migration) as the image runs them (`node deploy/run.mjs <operator> <command> …`), each its
 * own process in the environment of the product it operates, while the replicas serve.
 */
import { execFile } from 'node:child_process';
import { REPO_ROOT } from './replicas.ts';

export function operatorCommand(
  env: NodeJS.ProcessEnv,
  process: 'migrate' | 'chengdu-soul-operator' | 'ampersand-operator',
  ...argv: string[]
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(globalThis.process.execPath, ['deploy/run.mjs', process, ...argv], { cwd: REPO_ROOT, env, timeout: 120_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${process} ${argv[0] ?? ''} failed: ${stdout}${stderr}`));
      else resolve(`${stdout}${stderr}`.trim());
    });
  });
}
