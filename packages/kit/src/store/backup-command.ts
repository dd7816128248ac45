/**
 * The operator's `backup --to <file>` and `restore --from <file> [--data-dir <empty dir>]`, the same
 * in every product's command line: the product says where its embedded database is and which of its
 * own files belong with it, this reads the arguments and words the outcome. On PostgreSQL there is
 * no embedded directory to copy: the command says so and names PostgreSQL's own tools.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { BackupError } from './backup-error.ts';
import { backupEmbedded } from './embedded-backup.ts';
import { restoreEmbedded } from './embedded-restore.ts';

export interface BackupCommandTarget {
  product: string;
  /** Set when the product runs on PostgreSQL (DATABASE_URL): the commands then refuse. */
  databaseUrl: string | undefined;
  /** The product's data directory (what `restore` creates by default). */
  dataDir: string;
  /** The PGlite directory inside it ('' when it is the data directory itself). */
  databasePrefix: string;
  /** Files of the data directory a restored product needs besides the database (relative names), kept when present. */
  files: string[];
  /** Where relative paths the operator typed are relative to (npm's INIT_CWD). */
  cwd: string;
}

export const BACKUP_COMMANDS_HELP = `  backup --to <file>         a consistent backup of the embedded database while the product serves
                             (tar; gzip when <file> ends in .gz or .tgz); never overwrites a file
  restore --from <file> [--data-dir <dir>]
                             restore a backup into an empty data directory (default: the configured one)`;

export async function runBackupCommand(target: BackupCommandTarget, argv: readonly string[]): Promise<string> {
  const [command, ...args] = argv;
  if (target.databaseUrl) {
    throw new BackupError(
      'not_embedded',
      `${target.product} runs on PostgreSQL (DATABASE_URL), not the embedded database: back it up with pg_dump (or pg_basebackup) and restore with pg_restore; the README gives the lines.`,
    );
  }
  const databaseDirOf = (dataDir: string) => (target.databasePrefix ? resolve(dataDir, target.databasePrefix) : dataDir);
  if (command === 'backup') {
    const to = resolve(target.cwd, required(args, '--to', 'backup needs --to <file>'));
    const outcome = await backupEmbedded({
      product: target.product,
      databaseDir: databaseDirOf(target.dataDir),
      databasePrefix: target.databasePrefix,
      // A file the product did not write (&'s token secret given by the environment) is not there to keep.
      files: target.files.map((name) => ({ path: resolve(target.dataDir, name), name })).filter((file) => existsSync(file.path)),
      to,
    });
    const by = outcome.takenBy === 'running product' ? `by the running ${target.product} (process ${outcome.ownerPid})` : 'with no product running';
    const removed = outcome.removedPartials.length ? `; removed what killed backups left there: ${outcome.removedPartials.join(', ')}` : '';
    return `backup of ${target.dataDir} as of ${outcome.pointInTime.toISOString()}, taken ${by}: ${to} (${outcome.bytes} bytes of archive)${removed}`;
  }
  if (command === 'restore') {
    const from = resolve(target.cwd, required(args, '--from', 'restore needs --from <file>'));
    const dataDir = resolve(target.cwd, option(args, '--data-dir') ?? target.dataDir);
    const outcome = await restoreEmbedded({ product: target.product, from, dataDir });
    return `restored ${from} (as of ${outcome.manifest.pointInTime}, ${outcome.files} files) into ${dataDir}; start ${target.product} on it`;
  }
  throw new BackupError('usage', `not a backup command: ${command}`);
}

function option(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

function required(args: readonly string[], name: string, usage: string): string {
  const value = option(args, name);
  if (!value || value.startsWith('--')) throw new BackupError('usage', usage);
  return value;
}
