/**
 * The file a backup is written to before it is renamed into place (embedded-backup.ts): hidden
 * beside the backup and named after it and the writing process, `.<file>.<pid>.partial`, so two
 * backups never write one file and the name given is only ever a whole backup.
 *
 * A backup killed outright (SIGKILL, the OOM killer, a power cut) cannot remove its own partial,
 * and Node offers no file that vanishes with its process (Linux's O_TMPFILE then linkat is out of
 * its reach). So every backup first removes, in the directory it writes to, the partials whose
 * process is gone: an operator expects a failed backup to leave nothing behind once the next one
 * has run, not a hidden file the size of the database in their backup folder, whatever the next
 * backup is named (they are usually dated). A partial whose process still runs (a backup being
 * written now) is left alone, as is any file of another shape. Process ids are this machine's:
 * a folder shared with backups running on other machines needs their partials named apart.
 */
import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const PARTIAL = /^\..+\.(\d+)\.partial$/;

/** Where the backup to `to` is written until it is whole. */
export function partialPath(to: string, pid = process.pid): string {
  return join(dirname(to), `.${basename(to)}.${pid}.partial`);
}

/** Removes the partials in `directory` left by backups whose process ended; answers their names. */
export async function removeStalePartials(directory: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    // A missing directory holds nothing stale; writing the backup there reports it.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const stale = names.filter((name) => {
    const pid = PARTIAL.exec(name)?.[1];
    return pid !== undefined && processIsGone(Number(pid));
  });
  for (const name of stale) await rm(join(directory, name), { force: true });
  return stale;
}

function processIsGone(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists under another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
