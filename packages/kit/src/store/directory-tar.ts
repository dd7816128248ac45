/**
 * A directory as tar entries, produced a chunk at a time (a header, the file's bytes in slices, its
 * padding), so a backup of any size passes through a fixed amount of memory. It reads the files
 * as they are at the moment each is read: the caller makes sure nothing writes them meanwhile (the
 * database owner holds its turn; with no owner, the caller holds the directory's lock).
 */
import { open, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { tarHeader, tarPadding } from './tar-format.ts';

const SLICE_BYTES = 256 * 1024;

export interface DirectoryTarOptions {
  /** Where the entries go inside the archive (`db` puts `PG_VERSION` at `db/PG_VERSION`); empty for the top. */
  prefix: string;
  /** Names in the directory's top level left out (the owner's lock files and secret). */
  leaveOut: (name: string) => boolean;
}

export async function* directoryTar(root: string, options: DirectoryTarOptions): AsyncGenerator<Buffer> {
  if (options.prefix) yield* directoryEntry(root, options.prefix);
  yield* walk(root, options.prefix, true, options);
}

async function* walk(directory: string, archived: string, top: boolean, options: DirectoryTarOptions): AsyncGenerator<Buffer> {
  const names = (await readdir(directory)).sort();
  for (const name of names) {
    if (top && options.leaveOut(name)) continue;
    const path = join(directory, name);
    const inArchive = archived ? `${archived}/${name}` : name;
    const info = await stat(path);
    if (info.isDirectory()) {
      yield* directoryEntry(path, inArchive);
      yield* walk(path, inArchive, false, options);
    } else if (info.isFile()) {
      yield* fileEntry(path, inArchive);
    }
  }
}

async function* directoryEntry(path: string, inArchive: string): AsyncGenerator<Buffer> {
  const info = await stat(path);
  yield tarHeader({ name: inArchive, type: 'directory', mode: info.mode, size: 0, mtime: info.mtime });
}

/** One file's header, bytes and padding; the size is read once from the open file and exactly that many bytes follow. */
export async function* fileEntry(path: string, inArchive: string): AsyncGenerator<Buffer> {
  const handle = await open(path, 'r');
  try {
    const info = await handle.stat();
    yield tarHeader({ name: inArchive, type: 'file', mode: info.mode, size: info.size, mtime: info.mtime });
    let position = 0;
    while (position < info.size) {
      const slice = Buffer.alloc(Math.min(SLICE_BYTES, info.size - position));
      const { bytesRead } = await handle.read(slice, 0, slice.length, position);
      if (bytesRead === 0) throw new Error(`${path} shrank while it was being backed up: something wrote the data directory meanwhile.`);
      position += bytesRead;
      yield bytesRead === slice.length ? slice : slice.subarray(0, bytesRead);
    }
    yield tarPadding(info.size);
  } finally {
    await handle.close();
  }
}
