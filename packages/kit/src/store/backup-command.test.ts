/**
 * The operator's backup and restore commands refuse before touching anything: on PostgreSQL (there
 * is no embedded directory; PostgreSQL's own tools are named), without the file to write or read,
 * and for a directory that holds no embedded database.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BackupError, runBackupCommand } from './index.ts';
import type { BackupCommandTarget } from './backup-command.ts';

const work = mkdtempSync(join(tmpdir(), 'kit-backup-command-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const target = (overrides: Partial<BackupCommandTarget> = {}): BackupCommandTarget => ({
  product: 'kit-test',
  databaseUrl: undefined,
  dataDir: join(work, 'data'),
  databasePrefix: 'db',
  files: ['token-secret'],
  cwd: work,
  ...overrides,
});

async function refusal(argv: string[], overrides: Partial<BackupCommandTarget> = {}): Promise<{ code: string; message: string }> {
  try {
    await runBackupCommand(target(overrides), argv);
  } catch (error) {
    if (error instanceof BackupError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error(`${argv.join(' ')} was not refused`);
}

describe('backup and restore commands', () => {
  it('refuse on PostgreSQL and name pg_dump instead', async () => {
    const refused = await refusal(['backup', '--to', 'x.tar'], { databaseUrl: 'postgres://127.0.0.1/none' });
    expect(refused.code).toBe('not_embedded');
    expect(refused.message).toContain('pg_dump');
    expect((await refusal(['restore', '--from', 'x.tar'], { databaseUrl: 'postgres://127.0.0.1/none' })).code).toBe('not_embedded');
  });

  it('need the file to write or read', async () => {
    expect(await refusal(['backup'])).toMatchObject({ code: 'usage', message: 'backup needs --to <file>' });
    expect(await refusal(['backup', '--to', '--data-dir'])).toMatchObject({ code: 'usage' });
    expect(await refusal(['restore', '--data-dir', 'somewhere'])).toMatchObject({ code: 'usage', message: 'restore needs --from <file>' });
  });

  it('find no embedded database in a directory without one, and write nothing', async () => {
    expect((await refusal(['backup', '--to', 'none.tar'])).code).toBe('not_embedded');
    expect(existsSync(join(work, 'none.tar'))).toBe(false);
    expect((await refusal(['restore', '--from', 'missing.tar'])).code).toBe('invalid_backup');
    expect(existsSync(join(work, 'data'))).toBe(false);
  });
});
