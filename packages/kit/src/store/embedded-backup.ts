/**
 * A backup of an embedded data directory, taken while the product serves. PGlite is one process's
 * database: only the process that owns the directory can read it at one point in time. So when a
 * product owns it, the backup is asked of that process over the owner channel (owner-channel.ts:
 * it holds its turn, checkpoints and streams the files, its requests waiting meanwhile); when none
 * does, this process takes the directory's lock, so no product starts on it during the copy, and
 * reads the files itself.
 *
 * The file is a tar archive (gzip-compressed when its name ends in `.gz` or `.tgz`): first a
 * manifest (`BACKUP_MANIFEST`: the product, the point in time, where the database is inside), then
 * the database's files, then the product's own files that belong with it (&'s token secret). It is
 * written to a temporary name, synced and renamed, so a file under the name given is always whole;
 * temporary files left in that folder by backups that were killed are removed first
 * (backup-partials.ts).
 */
import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { BackupError } from './backup-error.ts';
import { partialPath, removeStalePartials } from './backup-partials.ts';
import { isOwnerFile, lockDataDirectory } from './data-directory-lock.ts';
import { directoryTar, fileEntry } from './directory-tar.ts';
import { syncParentDirectory } from './durable-node-fs.ts';
import { OwnerChannel } from './owner-client-dialect.ts';
import { tarEnd, tarHeader, tarPadding } from './tar-format.ts';

/** The archive's first entry. */
export const BACKUP_MANIFEST = 'agent-products-backup.json';
export const BACKUP_FORMAT = 'agent-products-embedded-backup/1';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  product: string;
  /** The backup's point in time: every write acknowledged before it is in the backup, none after. */
  pointInTime: string;
  /** Where the database's files are inside the archive ('' for the top). */
  databasePrefix: string;
}

export interface EmbeddedBackupOptions {
  /** The product's name, kept in the manifest; a restore refuses another product's backup. */
  product: string;
  /** The PGlite data directory. */
  databaseDir: string;
  /** Where its files go inside the archive, relative to the product's data directory ('' when it is that directory). */
  databasePrefix: string;
  /** Files of the product's data directory a restore needs besides the database (name: relative path in the archive). */
  files?: Array<{ path: string; name: string }>;
  /** The backup file to write; it must not exist. */
  to: string;
}

export interface BackupOutcome {
  pointInTime: Date;
  /** The process that served the backup: the product's (it was running) or this one. */
  takenBy: 'running product' | 'this process';
  ownerPid?: number;
  bytes: number;
  /** Temporary files of killed backups removed from the backup's folder first. */
  removedPartials: string[];
}

export async function backupEmbedded(options: EmbeddedBackupOptions): Promise<BackupOutcome> {
  if (existsSync(options.to)) throw new BackupError('backup_exists', `${options.to} already exists; a backup never overwrites a file. Name a new one.`);
  if (!existsSync(join(options.databaseDir, 'PG_VERSION'))) {
    throw new BackupError('not_embedded', `${options.databaseDir} holds no embedded database (no PG_VERSION): nothing to back up.`);
  }
  const removedPartials = await removeStalePartials(dirname(options.to));
  const lock = await lockDataDirectory(options.databaseDir);
  if ('held' in lock) {
    try {
      const pointInTime = new Date();
      const bytes = await writeArchive(options, pointInTime, directoryTar(options.databaseDir, { prefix: options.databasePrefix, leaveOut: isOwnerFile }));
      return { pointInTime, takenBy: 'this process', bytes, removedPartials };
    } finally {
      await lock.held.release();
    }
  }
  const channel = await OwnerChannel.open(lock.address, options.databaseDir);
  try {
    const { from, chunks } = await channel.backup(options.databasePrefix);
    const bytes = await writeArchive(options, from, chunks);
    return { pointInTime: from, takenBy: 'running product', ownerPid: lock.ownerPid, bytes, removedPartials };
  } finally {
    await channel.close();
  }
}

async function writeArchive(options: EmbeddedBackupOptions, pointInTime: Date, database: AsyncIterable<Uint8Array>): Promise<number> {
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    product: options.product,
    pointInTime: pointInTime.toISOString(),
    databasePrefix: options.databasePrefix,
  };
  let bytes = 0;
  async function* archive(): AsyncGenerator<Uint8Array> {
    for await (const chunk of entries()) {
      bytes += chunk.length;
      yield chunk;
    }
  }
  async function* entries(): AsyncGenerator<Uint8Array> {
    const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
    yield tarHeader({ name: BACKUP_MANIFEST, type: 'file', mode: 0o644, size: text.length, mtime: pointInTime });
    yield text;
    yield tarPadding(text.length);
    yield* database;
    for (const file of options.files ?? []) yield* fileEntry(file.path, file.name);
    yield tarEnd();
  }
  const partial = partialPath(options.to);
  const file = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  try {
    await once(file, 'open');
    if (/\.(t?gz)$/.test(options.to)) await pipeline(Readable.from(archive()), createGzip(), file);
    else await pipeline(Readable.from(archive()), file);
    const handle = await open(partial, 'r');
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
    if (existsSync(options.to)) throw new BackupError('backup_exists', `${options.to} appeared while the backup was written; it was left as it is.`);
    await rename(partial, options.to);
    syncParentDirectory(options.to);
    return bytes;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
