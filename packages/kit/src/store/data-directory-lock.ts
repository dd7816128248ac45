/**
 * One process owns an embedded data directory. The lock is a listening local socket whose name is
 * derived from the directory itself, so the operating system, not a file, decides who holds it:
 * on Linux an abstract-namespace socket and on Windows a named pipe, both released by the kernel
 * the moment their process ends (a killed owner leaves nothing stale behind); elsewhere a socket
 * file in the directory, which a later opener takes over only after finding nobody answering on it,
 * under a short-lived guard so two takers cannot both succeed.
 *
 * The same socket is the owner channel (owner-channel.ts): an opener that finds the lock held
 * learns the owner's PID from it and either reaches the database through it or is refused.
 */
import { closeSync, openSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { jsonFrame, parseJsonFrame, readFrames } from './frames.ts';
import { newNonce } from './owner-proof.ts';

export class DataDirectoryInUseError extends Error {
  readonly code = 'data_directory_in_use';
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The embedded data directory ${dataDir} is already open in process ${ownerPid}; exactly one process may open it. ` +
        'Stop that process first, or reach its database through it.',
    );
    this.name = 'DataDirectoryInUseError';
  }
}

export interface HeldLock {
  /** The directory this lock holds. */
  dataDir: string;
  /** The listening socket; the owner channel serves guests on it. */
  server: Server;
  /** Written to the data directory, readable by its user only; peers prove they read it (owner-proof.ts). */
  secret: Buffer;
  /** Hands every peer (each already greeted with this PID and its own nonce) to `serve`, those that came early first. */
  attach(serve: (peer: Socket, nonce: string) => void): void;
  /** Unbinds the socket and ends every peer's connection. */
  release(): Promise<void>;
}

export type LockOutcome = { held: HeldLock } | { ownerPid: number; address: string };

export const SECRET_FILE = '.owner-secret';
const SOCKET_FILE = '.owner.sock';
const GUARD_FILE = '.owner.sock.takeover';
const GUARD_ABANDONED_MS = 10_000;
const HELLO_TIMEOUT_MS = 5_000;
const BUSY_OWNER_TIMEOUT_MS = 60_000;
const ATTEMPTS = 20;

/** The owner's own files in a data directory (its secret, a socket file and its takeover guard): no part of the database, never backed up. */
export const isOwnerFile = (name: string): boolean => name === SECRET_FILE || name.startsWith(`${SECRET_FILE}.`) || name === SOCKET_FILE || name === GUARD_FILE;

/**
 * Linux's `sun_path`, in bytes. Node 20 binds and connects an abstract name as the whole field (the
 * name padded with NULs), Node 22 and later as the name's own length: to the kernel two different
 * names, so an owner started by one Node was invisible to an operator command run by the other,
 * and both could open the directory. A name padded to the whole field is the same name to both.
 */
const SUN_PATH_BYTES = 108;

/** The socket address that stands for this directory (its device and inode, so every path to it agrees). */
export function lockAddress(dataDir: string, platform: NodeJS.Platform = process.platform): string {
  const real = realpathSync(dataDir);
  const name = `agent-products-pglite-${directoryKey(real)}`;
  if (platform === 'linux') return `\0${name}`.padEnd(SUN_PATH_BYTES, '\0');
  if (platform === 'win32') return `\\\\.\\pipe\\${name}`;
  return join(real, SOCKET_FILE);
}

/**
 * The address an owner of a release before the padded name holds when its Node (22 or later)
 * bound the name unpadded; under Node 20 it is the padded address itself. Asked before taking the
 * lock, so an operator command of this release still finds an owner started by the last one.
 */
function unpaddedLockAddress(dataDir: string): string {
  return `\0agent-products-pglite-${directoryKey(realpathSync(dataDir))}`;
}

function directoryKey(real: string): string {
  const { dev, ino } = statSync(real);
  return createHash('sha256').update(`${dev}:${ino}`).digest('hex').slice(0, 40);
}

const socketIsFile = (address: string) => !address.startsWith('\0') && !address.startsWith('\\\\.\\pipe\\');

export async function lockDataDirectory(dataDir: string, address = lockAddress(dataDir)): Promise<LockOutcome> {
  if (address.startsWith('\0')) {
    const unpadded = unpaddedLockAddress(dataDir);
    const pid = await ownerPid(unpadded);
    if (pid !== undefined) return { ownerPid: pid, address: unpadded };
  }
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const server = await tryListen(address);
    if (server) return { held: hold(dataDir, server) };
    const pid = await ownerPid(address);
    if (pid !== undefined) return { ownerPid: pid, address };
    // Nobody answers: the owner just left (the kernel freed the name) or, for a socket file, it died.
    if (socketIsFile(address)) {
      const taken = await takeOverStaleSocketFile(dataDir, address);
      if (taken) return { held: hold(dataDir, taken) };
    }
    await new Promise((resolve) => setTimeout(resolve, 25 * (attempt + 1)));
  }
  throw new Error(`Could not lock the embedded data directory ${dataDir}: its lock is held but its owner does not answer.`);
}

function hold(dataDir: string, server: Server): HeldLock {
  const secret = randomBytes(32);
  const file = join(dataDir, SECRET_FILE);
  const temporary = `${file}.${process.pid}`;
  writeFileSync(temporary, secret.toString('hex'), { mode: 0o600 });
  renameSync(temporary, file);
  const peers = new Set<Socket>();
  const early: Array<[Socket, string]> = [];
  let serve: ((peer: Socket, nonce: string) => void) | undefined;
  server.on('connection', (peer) => {
    peers.add(peer);
    peer.once('close', () => peers.delete(peer));
    peer.on('error', () => peer.destroy());
    const nonce = newNonce();
    peer.write(jsonFrame({ pid: process.pid, nonce }));
    if (serve) serve(peer, nonce);
    else early.push([peer, nonce]);
  });
  return {
    dataDir,
    server,
    secret,
    attach(handler) {
      serve = handler;
      for (const [peer, nonce] of early.splice(0)) if (!peer.destroyed) handler(peer, nonce);
    },
    release: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const peer of peers) peer.destroy();
      }),
  };
}

function tryListen(address: string): Promise<Server | undefined> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve(undefined);
      else reject(error);
    });
    server.listen({ path: address, exclusive: true }, () => {
      server.removeAllListeners('error');
      resolve(server);
    });
  });
}

/** The PID the owner announces on its socket, or undefined when nobody is listening there. */
export function ownerPid(address: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const socket: Socket = createConnection({ path: address });
    const giveUp = (ms: number) =>
      setTimeout(() => {
        socket.destroy();
        reject(new Error(`The owner of the embedded data directory does not answer on its lock socket within ${ms} ms.`));
      }, ms);
    let timer = giveUp(HELLO_TIMEOUT_MS);
    // Accepted means a live owner holds the name; its hello waits while its event loop is busy
    // (opening and migrating PGlite, publishing a first release), which can take longer under load.
    socket.once('connect', () => {
      clearTimeout(timer);
      timer = giveUp(BUSY_OWNER_TIMEOUT_MS);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT' || error.code === 'ECONNRESET') resolve(undefined);
      else reject(error);
    });
    readFrames(
      socket,
      () => 1024,
      (payload) => {
        clearTimeout(timer);
        socket.destroy();
        const hello = parseJsonFrame(payload) as { pid?: unknown };
        if (typeof hello.pid === 'number') resolve(hello.pid);
        else reject(new Error('The embedded data directory lock socket answered something other than its owner.'));
      },
      reject,
    );
  });
}

/**
 * Replaces a socket file nobody answers on. The guard (created exclusively) makes probe, unlink and
 * listen one step among takers; a guard left by a taker killed inside that step expires.
 */
async function takeOverStaleSocketFile(dataDir: string, address: string): Promise<Server | undefined> {
  const guard = join(dataDir, GUARD_FILE);
  try {
    closeSync(openSync(guard, 'wx'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (Date.now() - statSync(guard).mtimeMs > GUARD_ABANDONED_MS) unlinkSync(guard);
    return undefined;
  }
  try {
    if ((await ownerPid(address)) !== undefined) return undefined;
    try {
      unlinkSync(address);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    return await tryListen(address);
  } finally {
    unlinkSync(guard);
  }
}
