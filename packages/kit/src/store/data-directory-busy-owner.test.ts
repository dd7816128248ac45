/**
 * An owner whose event loop is busy for longer than the hello timeout (PGlite opening, migrations
 * and a first release publishing under load) is still found: a command started meanwhile learns
 * its PID once it answers instead of failing with "does not answer".
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { lockAddress, ownerPid } from './data-directory-lock.ts';

const LOCK_MODULE = fileURLToPath(new URL('./data-directory-lock.ts', import.meta.url));
const BUSY_MS = 7_000;
const work = mkdtempSync(join(tmpdir(), 'kit-busy-owner-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// The lock is the embedded database's own; a DATABASE_URL run has nothing of it to prove again.
describe.skipIf(Boolean(process.env.DATABASE_URL))('a busy owner', () => {
  it('is found once its event loop is free again, past the hello timeout', { timeout: 60_000 }, async () => {
    const dataDir = join(work, 'busy');
    const script = `
      import { mkdirSync } from 'node:fs';
      const { lockDataDirectory } = await import(${JSON.stringify(LOCK_MODULE)});
      mkdirSync(${JSON.stringify(dataDir)}, { recursive: true });
      const outcome = await lockDataDirectory(${JSON.stringify(dataDir)});
      console.log(JSON.stringify({ held: Boolean(outcome.held) }));
      setTimeout(() => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${BUSY_MS}), 200);
      setTimeout(() => process.exit(0), ${BUSY_MS} + 5_000);`;
    const owner = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        owner.once('exit', (code) => reject(new Error(`the owner exited (${code}) before holding the lock`)));
        createInterface({ input: owner.stdout! }).once('line', resolve);
      });
      expect(JSON.parse(line)).toEqual({ held: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
      await expect(ownerPid(lockAddress(dataDir))).resolves.toBe(owner.pid);
    } finally {
      owner.kill('SIGKILL');
    }
  });
});
