/**
 * Restores a backup (embedded-backup.ts) into an empty data directory, which a product then starts
 * on. A directory that holds anything is refused: a restore never mixes a backup into live data.
 *
 * The archive is unpacked into a fresh directory beside the target, every file and directory
 * synced, and only then renamed into place, so the target is either untouched or the whole backup;
 * a damaged, cut-short or foreign archive is refused with nothing left behind. Names that would
 * leave the directory (absolute, `..`) are refused, and only files and directories are unpacked.
 */
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, open, rename, rm, rmdir, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { createGunzip } from 'node:zlib';
import { BackupError } from './backup-error.ts';
import { BACKUP_FORMAT, BACKUP_MANIFEST, type BackupManifest } from './embedded-backup.ts';
import { ByteReader } from './byte-reader.ts';
import { syncParentDirectory } from './durable-node-fs.ts';
import { BLOCK, parseTarHeader, type TarEntryHeader } from './tar-format.ts';

const MANIFEST_LIMIT = 64 * 1024;
const WRITE_SLICE = 256 * 1024;
const GZIP_MAGIC = [0x1f, 0x8b];

export interface EmbeddedRestoreOptions {
  /** The product restoring; a backup of another product is refused. */
  product: string;
  /** The backup file. */
  from: string;
  /** The product's data directory to create; absent or empty. */
  dataDir: string;
}

export interface RestoreOutcome {
  manifest: BackupManifest;
  files: number;
  bytes: number;
}

export async function restoreEmbedded(options: EmbeddedRestoreOptions): Promise<RestoreOutcome> {
  const target = resolve(options.dataDir);
  refuseNonEmpty(target);
  if (!existsSync(options.from)) throw new BackupError('invalid_backup', `${options.from} does not exist.`);
  await mkdir(dirname(target), { recursive: true });
  const staging = await mkdtemp(join(dirname(target), `.${basename(target)}.restoring-`));
  try {
    const outcome = await unpack(options, staging);
    await syncTree(staging);
    // Checked again: something may have been written into the target while the archive was unpacked.
    refuseNonEmpty(target);
    if (existsSync(target)) await rmdir(target);
    await rename(staging, target);
    syncParentDirectory(target);
    return outcome;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

function refuseNonEmpty(target: string): void {
  if (!existsSync(target)) return;
  if (!statSync(target).isDirectory())
    throw new BackupError('data_directory_not_empty', `${target} exists and is not a directory; restore into an empty directory.`);
  if (readdirSync(target).length > 0) {
    throw new BackupError(
      'data_directory_not_empty',
      `${target} is not empty; a restore goes into an empty directory only (stop the product and move the old directory aside first).`,
    );
  }
}

async function unpack(options: EmbeddedRestoreOptions, staging: string): Promise<RestoreOutcome> {
  const reader = new ByteReader(await archiveStream(options.from));
  const first = await nextEntry(reader);
  if (!first || first.name !== BACKUP_MANIFEST || first.type !== 'file' || first.size > MANIFEST_LIMIT) {
    throw new BackupError('invalid_backup', `${options.from} is not a backup of an embedded data directory (it does not start with ${BACKUP_MANIFEST}).`);
  }
  const manifest = parseManifest(await entryBytes(reader, first));
  if (manifest.product !== options.product) {
    throw new BackupError('wrong_product', `${options.from} is a backup of ${manifest.product}, not of ${options.product}.`);
  }
  let files = 0;
  let bytes = 0;
  for (;;) {
    const entry = await nextEntry(reader);
    if (!entry) break;
    const path = join(staging, ...safeSegments(entry.name));
    if (entry.type === 'directory') {
      await mkdir(path, { recursive: true, mode: (entry.mode & 0o777) | 0o700 });
      continue;
    }
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    await writeEntry(reader, entry, path);
    files++;
    bytes += entry.size;
  }
  const versionFile = join(staging, ...(manifest.databasePrefix ? manifest.databasePrefix.split('/') : []), 'PG_VERSION');
  if (!existsSync(versionFile)) throw new BackupError('invalid_backup', `${options.from} holds no database (no PG_VERSION where its manifest says).`);
  return { manifest, files, bytes };
}

/** The archive's bytes, unzipped when it is gzip. */
async function archiveStream(path: string): Promise<AsyncIterable<Buffer>> {
  const handle = await open(path, 'r');
  const magic = Buffer.alloc(2);
  try {
    await handle.read(magic, 0, 2, 0);
  } finally {
    await handle.close();
  }
  const raw = createReadStream(path);
  if (magic[0] !== GZIP_MAGIC[0] || magic[1] !== GZIP_MAGIC[1]) return raw;
  const gunzip = createGunzip();
  raw.on('error', (error) => gunzip.destroy(error));
  return raw.pipe(gunzip);
}

/** The next entry's header; undefined at the archive's end; a stream that stops without its end blocks was cut short. */
async function nextEntry(reader: ByteReader): Promise<TarEntryHeader | undefined> {
  const block = await readOrInvalid(reader, BLOCK);
  return parseTarHeader(block);
}

async function entryBytes(reader: ByteReader, entry: TarEntryHeader): Promise<Buffer> {
  const bytes = Buffer.from(await readOrInvalid(reader, entry.size));
  await readOrInvalid(reader, padded(entry.size) - entry.size);
  return bytes;
}

async function writeEntry(reader: ByteReader, entry: TarEntryHeader, path: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, 'wx', (entry.mode & 0o777) | 0o600);
    let left = entry.size;
    while (left > 0) {
      const slice = await reader.upTo(Math.min(left, WRITE_SLICE));
      if (!slice) throw cutShort();
      await handle.write(slice);
      left -= slice.length;
    }
    await handle.datasync();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new BackupError('invalid_backup', `The backup holds ${entry.name} twice.`);
    throw error;
  } finally {
    await handle?.close();
  }
  await readOrInvalid(reader, padded(entry.size) - entry.size);
}

async function readOrInvalid(reader: ByteReader, length: number): Promise<Buffer> {
  const bytes = await reader.exactly(length);
  if (!bytes) throw cutShort();
  return bytes;
}

const cutShort = () => new BackupError('invalid_backup', 'The backup ends before its last entry: it was cut short (copy it again from where it was written).');
const padded = (size: number) => Math.ceil(size / BLOCK) * BLOCK;

/** A name's path segments, refused when it would reach outside the directory it is unpacked into. */
function safeSegments(name: string): string[] {
  const segments = name.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (name.startsWith('/') || segments.length === 0 || segments.some((segment) => segment === '..' || segment.includes('\\') || segment.includes('\u0000'))) {
    throw new BackupError('invalid_backup', `The backup holds the path ${JSON.stringify(name)}, which would leave the data directory.`);
  }
  return segments;
}

function parseManifest(bytes: Buffer): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new BackupError('invalid_backup', `The backup's ${BACKUP_MANIFEST} is not JSON.`);
  }
  if (
    manifest.format !== BACKUP_FORMAT ||
    typeof manifest.product !== 'string' ||
    typeof manifest.pointInTime !== 'string' ||
    typeof manifest.databasePrefix !== 'string'
  ) {
    throw new BackupError('invalid_backup', `The backup's ${BACKUP_MANIFEST} is not of the format ${BACKUP_FORMAT}.`);
  }
  safeSegments(manifest.databasePrefix || '.x');
  return manifest as BackupManifest;
}

/** Every directory under `root` synced (the files were as they were written), so the renamed tree is on disk whole. */
async function syncTree(root: string): Promise<void> {
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.isDirectory()) await syncTree(join(root, entry.name));
  }
  const handle = await open(root, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
