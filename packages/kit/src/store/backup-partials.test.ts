/**
 * A backup killed outright leaves its hidden `.<file>.<pid>.partial` behind; the next backup into
 * that folder, whatever its name, removes it and says so. Partials of processes still running (a
 * backup being written now) and files of any other shape stay, and a refused backup removes
 * nothing.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { BackupError, runBackupCommand } from './index.ts';
import { partialPath } from './backup-partials.ts';

const work = mkdtempSync(join(tmpdir(), 'kit-backup-partials-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The id of a process that has ended, as a killed backup's has. */
function endedPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' });
  if (!child.pid) throw new Error('no child started');
  return child.pid;
}

it.skipIf(process.platform === 'win32')('removes what killed backups left in the folder before writing the next backup, and nothing else', async () => {
  const dataDir = join(work, 'data');
  mkdirSync(join(dataDir, 'db'), { recursive: true });
  // The copy with no product running needs only a directory that looks embedded.
  writeFileSync(join(dataDir, 'db', 'PG_VERSION'), '17\n');
  const backups = join(work, 'backups');
  mkdirSync(backups);
  const killed = partialPath(join(backups, 'sunday.tar.gz'), endedPid());
  const running = partialPath(join(backups, 'other.tar'), process.pid);
  for (const file of [killed, running, join(backups, '.notes.partial'), join(backups, 'keep.txt')]) writeFileSync(file, 'x');
  const target = { product: 'kit-test', databaseUrl: undefined, dataDir, databasePrefix: 'db', files: [], cwd: work };

  const said = await runBackupCommand(target, ['backup', '--to', 'backups/monday.tar']);

  const killedName = killed.slice(backups.length + 1);
  expect(said).toContain(`removed what killed backups left there: ${killedName}`);
  expect(readdirSync(backups).sort()).toEqual(['.notes.partial', running.slice(backups.length + 1), 'keep.txt', 'monday.tar'].sort());

  // Refused (the file exists): nothing is removed.
  writeFileSync(killed, 'x');
  await expect(runBackupCommand(target, ['backup', '--to', 'backups/monday.tar'])).rejects.toBeInstanceOf(BackupError);
  expect(readdirSync(backups)).toContain(killedName);
});
