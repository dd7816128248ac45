/**
 * `npm run operator -- …` as the README shows it, typed at the repository root: a release folder
 * and CHENGDU_SOUL_DATA_DIR given relative mean relative to where the operator typed the command,
 * not to the workspace folder npm runs the script in (which read no release and opened another,
 * empty database).
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, RELEASES_DIR } from '../src/config.ts';
import { runOperatorProcess } from './support/chengdu-process.ts';

const work = mkdtempSync(join(tmpdir(), 'chengdu-operator-paths-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function npmOperator(env: NodeJS.ProcessEnv, ...argv: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile('npm', ['run', '-s', 'operator', '--', ...argv], { cwd: REPO_ROOT, env, timeout: 90_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}`.trim() });
    });
  });
}

describe('operator paths typed at the repository root', () => {
  it('publishes a relative release folder into a relative data directory', async () => {
    const folder = join(work, 'release');
    cpSync(join(RELEASES_DIR, '2026-11-30.1'), folder, { recursive: true });
    const dataDir = join(work, 'db');
    const env: NodeJS.ProcessEnv = { ...process.env, CHENGDU_SOUL_DATA_DIR: relative(REPO_ROOT, dataDir), LOG_LEVEL: 'warn' };
    delete env.DATABASE_URL;

    const validated = await npmOperator(env, 'validate-catalog', relative(REPO_ROOT, folder));
    expect(validated, validated.output).toEqual({ code: 0, output: expect.stringMatching(/^valid: 2026-11-30\.1 /) });
    const published = await npmOperator(env, 'publish-catalog', relative(REPO_ROOT, folder));
    expect(published, published.output).toEqual({ code: 0, output: expect.stringMatching(/^published: 2026-11-30\.1 /) });

    expect(existsSync(dataDir)).toBe(true);
    const listed = await runOperatorProcess({ ...env, CHENGDU_SOUL_DATA_DIR: dataDir }, 'list-catalog');
    expect(listed.output).toMatch(/^2026-11-30\.1\t.*\tcurrent$/);
  }, 120_000);
});
