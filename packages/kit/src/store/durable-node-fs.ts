/**
 * The embedded database's file system: PGlite's NODEFS (PostgreSQL's files are the data
 * directory's own files), plus what makes an acknowledged write survive a power cut.
 *
 * PGlite runs PostgreSQL with `fsync = off` and its NODEFS has no fsync at all, so a commit sat
 * in the kernel's page cache until the kernel chose to write it out. Here every file PostgreSQL
 * writes is noted (and every directory whose entries it creates, renames or removes), and
 * `syncToFs`, which PGlite calls after each exchange and the statement batch once per batch
 * (pglite-statements.ts), fdatasyncs those files (the write-ahead log first) and fsyncs those
 * directories before anyone hears an answer: a group commit per batch, and nothing to do for a
 * read that wrote nothing. PostgreSQL's own orderings between the log, the data files and the
 * control file are kept as it keeps them with fsync on (`write`).
 */
import { closeSync, fdatasync, fsync, open, openSync, close, fdatasyncSync } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { NodeFS } from '@electric-sql/pglite/nodefs';

const fdatasyncAsync = promisify(fdatasync);
const fsyncAsync = promisify(fsync);
const openAsync = promisify(open);
const closeAsync = promisify(close);

/** The parts of Emscripten's NODEFS this file wraps (PGlite 0.5: `Module.NODEFS`). */
interface EmscriptenNode {
  parent: EmscriptenNode;
}
interface Stream {
  nfd?: number;
  node: EmscriptenNode;
  shared?: { refcount: number };
}
interface NodeFileSystem {
  realPath(node: EmscriptenNode): string;
  stream_ops: {
    write(stream: Stream, buffer: unknown, offset: number, length: number, position?: number): number;
    close(stream: Stream): void;
    setattr(stream: Stream, attributes: { size?: number }): void;
  };
  node_ops: {
    setattr(node: EmscriptenNode, attributes: { size?: number }): void;
    mknod(parent: EmscriptenNode, name: string, mode: number, dev: number): unknown;
    rename(node: EmscriptenNode, newDirectory: EmscriptenNode, newName: string): void;
    unlink(parent: EmscriptenNode, name: string): void;
    rmdir(parent: EmscriptenNode, name: string): void;
    symlink(parent: EmscriptenNode, name: string, target: string): unknown;
    mkdir(parent: EmscriptenNode, name: string, mode: number): unknown;
  };
}

type Init = NodeFS['init'];

export class DurableNodeFS extends NodeFS {
  /** Open files written since the last sync, by descriptor, with their path. */
  readonly #writtenFiles = new Map<number, string>();
  /** Files written since the last sync and closed since: synced by path. */
  readonly #closedWrittenPaths = new Set<string>();
  /** Directories whose entries changed since the last sync. */
  readonly #changedDirectories = new Set<string>();
  #syncs = 0;

  /** How many syncs wrote something to disk (tests read it). */
  get syncs(): number {
    return this.#syncs;
  }

  override async init(...args: Parameters<Init>): ReturnType<Init> {
    const { emscriptenOpts } = await super.init(...args);
    const preRun = [emscriptenOpts.preRun ?? []].flat();
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [...preRun, (module: { NODEFS: NodeFileSystem }) => this.#watch(module.NODEFS)],
      },
    };
  }

  #watch(nodefs: NodeFileSystem): void {
    const streams = nodefs.stream_ops;
    const nodes = nodefs.node_ops;
    const noteWritten = (stream: Stream) => {
      if (stream.nfd !== undefined) this.#writtenFiles.set(stream.nfd, nodefs.realPath(stream.node));
    };
    const noteEntries = (directory: EmscriptenNode) => this.#changedDirectories.add(nodefs.realPath(directory));

    const { write, close, setattr: setStreamAttributes } = streams;
    streams.write = (stream, ...rest) => {
      // PostgreSQL's two orderings, which it keeps with fsync on and skips with it off: no data
      // page reaches the disk before the log that describes it, and no control file names a
      // checkpoint before the pages that checkpoint wrote are on disk.
      const path = nodefs.realPath(stream.node);
      if (isControlFile(path)) this.#syncNow(() => true);
      else if (!isLog(path)) this.#syncNow(isLog);
      const written = write(stream, ...rest);
      noteWritten(stream);
      return written;
    };
    streams.setattr = (stream, attributes) => {
      setStreamAttributes(stream, attributes);
      if (attributes.size !== undefined) noteWritten(stream);
    };
    streams.close = (stream) => {
      // The descriptor goes away (and its number may be reused): a written file is synced by path later.
      const path = stream.nfd !== undefined && (stream.shared?.refcount ?? 1) <= 1 ? this.#writtenFiles.get(stream.nfd) : undefined;
      if (path !== undefined) {
        this.#writtenFiles.delete(stream.nfd!);
        this.#closedWrittenPaths.add(path);
      }
      close(stream);
    };

    const { setattr, mknod, mkdir, rename, unlink, rmdir, symlink } = nodes;
    nodes.setattr = (node, attributes) => {
      setattr(node, attributes);
      if (attributes.size !== undefined) this.#closedWrittenPaths.add(nodefs.realPath(node));
    };
    nodes.mknod = (parent, ...rest) => {
      const made = mknod(parent, ...rest);
      noteEntries(parent);
      return made;
    };
    nodes.mkdir = (parent, ...rest) => {
      const made = mkdir(parent, ...rest);
      noteEntries(parent);
      return made;
    };
    nodes.rename = (node, newDirectory, newName) => {
      const from = node.parent;
      const oldPath = nodefs.realPath(node);
      rename(node, newDirectory, newName);
      noteEntries(from);
      noteEntries(newDirectory);
      // A file written under a temporary name and renamed into place (PostgreSQL's way of
      // replacing one whole) is synced under the name it now has.
      if (this.#closedWrittenPaths.delete(oldPath)) this.#closedWrittenPaths.add(nodefs.realPath(node));
      for (const [fd, path] of this.#writtenFiles) if (path === oldPath) this.#writtenFiles.set(fd, nodefs.realPath(node));
    };
    nodes.unlink = (parent, name) => {
      unlink(parent, name);
      noteEntries(parent);
    };
    nodes.rmdir = (parent, name) => {
      rmdir(parent, name);
      noteEntries(parent);
    };
    nodes.symlink = (parent, ...rest) => {
      const made = symlink(parent, ...rest);
      noteEntries(parent);
      return made;
    };
  }

  /** Syncs at once, blocking, the noted files `which` selects: rarely needed (see `write`). */
  #syncNow(which: (path: string) => boolean): void {
    for (const [fd, path] of this.#writtenFiles) {
      if (!which(path)) continue;
      fdatasyncSync(fd);
      this.#writtenFiles.delete(fd);
    }
    for (const path of this.#closedWrittenPaths) {
      if (!which(path)) continue;
      syncPathNow(path);
      this.#closedWrittenPaths.delete(path);
    }
  }

  /**
   * Puts on disk everything PostgreSQL wrote since the last call: the write-ahead log's files
   * first (so no data page reaches the disk ahead of the log that describes it), then the other
   * files, then the directories whose entries changed. PGlite calls it under its own lock, so
   * two never overlap.
   */
  override async syncToFs(): Promise<void> {
    if (this.#writtenFiles.size === 0 && this.#closedWrittenPaths.size === 0 && this.#changedDirectories.size === 0) return;
    const open = [...this.#writtenFiles];
    const closed = [...this.#closedWrittenPaths];
    const directories = [...this.#changedDirectories];
    this.#writtenFiles.clear();
    this.#closedWrittenPaths.clear();
    this.#changedDirectories.clear();
    // The log, then the data files, then the control file (see `write` for why this order).
    for (const stage of [isLog, (path: string) => !isLog(path) && !isControlFile(path), isControlFile]) {
      await Promise.all([
        ...open.filter(([, path]) => stage(path)).map(([fd]) => fdatasyncAsync(fd)),
        ...closed.filter((path) => stage(path)).map((path) => syncPath(path, fdatasyncAsync)),
      ]);
    }
    await Promise.all(directories.map((path) => syncPath(path, fsyncAsync)));
    this.#syncs++;
  }

  /**
   * What the last statements wrote is synced before the file system goes, with blocking calls:
   * PGlite closes it as its engine shuts down, and a sync queued on Node's thread pool from there
   * was seen never to answer (the & API hung on SIGTERM with the MCP service's long poll open).
   */
  override async closeFs(): Promise<void> {
    this.#syncNow(isLog);
    this.#syncNow((path) => !isControlFile(path));
    this.#syncNow(() => true);
    for (const path of this.#changedDirectories) syncPathNow(path);
    this.#changedDirectories.clear();
    await super.closeFs();
  }
}

const isLog = (path: string) => path.includes('/pg_wal/');
const isControlFile = (path: string) => path.endsWith('/global/pg_control');

/** `syncPath`, blocking. */
function syncPathNow(path: string): void {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Syncs a file or directory by path; one removed since it was noted needs nothing (its directory is synced). */
async function syncPath(path: string, sync: (fd: number) => Promise<void>): Promise<void> {
  let fd: number;
  try {
    fd = await openAsync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    await sync(fd);
  } finally {
    await closeAsync(fd);
  }
}

/** The directory entry of a new data directory itself, once: its parent must know it exists. */
export function syncParentDirectory(dataDir: string): void {
  const fd = openSync(dirname(dataDir), 'r');
  try {
    fdatasyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
