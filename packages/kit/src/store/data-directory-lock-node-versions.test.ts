/**
 * The data directory's lock is one name whichever Node took it: an owner started with the system
 * Node (20) is found by an operator command run with the project's Node (24), and the other way
 * round. Node 20 binds an abstract socket name padded to the whole `sun_path` and later Nodes bind
 * it as long as it is, so before the name filled the field each was invisible to the other and
 * both could open one directory. An owner of the release before, which bound the short name
 * under Node 22 or later, is still found.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { lockAddress, lockDataDirectory } from './data-directory-lock.ts';
import { jsonFrame } from './frames.ts';

const LOCK_MODULE = fileURLToPath(new URL('./data-directory-lock.ts', import.meta.url));
const SYSTEM_NODE = '/usr/bin/node';
const work = mkdtempSync(join(tmpdir(), 'kit-lock-node-versions-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const majorOf = (node: string) => spawnSync(node, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' }).stdout.trim();
const otherNode = existsSync(SYSTEM_NODE) && majorOf(SYSTEM_NODE) !== majorOf(process.execPath);

/** Locks `dataDir` with the system Node: prints what it found, then holds what it took until its input ends. */
function lockWithSystemNode(dataDir: string) {
  const script = `
    const { lockDataDirectory } = await import(${JSON.stringify(LOCK_MODULE)});
    const outcome = await lockDataDirectory(${JSON.stringify(dataDir)});
    console.log(JSON.stringify('held' in outcome ? { held: true } : { ownerPid: outcome.ownerPid }));
    process.stdin.resume();
    process.stdin.once('end', () => process.exit(0));`;
  const child = spawn(SYSTEM_NODE, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const line = new Promise<{ held?: boolean; ownerPid?: number }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the system Node exited (${code}) before answering`)));
    createInterface({ input: child.stdout! }).once('line', (text) => resolve(JSON.parse(text)));
  });
  const done = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin!.end();
    await exited;
  };
  return { child, line, done };
}

// Abstract socket names are Linux's; the lock is the embedded database's own.
describe.skipIf(process.platform !== 'linux' || !otherNode || Boolean(process.env.DATABASE_URL))('the lock across Node versions', () => {
  it('finds an owner that the system Node started', { timeout: 60_000 }, async () => {
    const dataDir = join(work, 'owned-by-system-node');
    mkdirSync(dataDir);
    const owner = lockWithSystemNode(dataDir);
    try {
      expect(await owner.line).toEqual({ held: true });
      const outcome = await lockDataDirectory(dataDir);
      if ('held' in outcome) await outcome.held.release();
      expect(outcome).toMatchObject({ ownerPid: owner.child.pid });
    } finally {
      await owner.done();
    }
  });

  it('is found by the system Node while this Node owns the directory', { timeout: 60_000 }, async () => {
    const dataDir = join(work, 'owned-here');
    mkdirSync(dataDir);
    const outcome = await lockDataDirectory(dataDir);
    if (!('held' in outcome)) throw new Error('the directory was already owned');
    const opener = lockWithSystemNode(dataDir);
    try {
      expect(await opener.line).toEqual({ ownerPid: process.pid });
    } finally {
      await opener.done();
      await outcome.held.release();
    }
  });
});

describe.skipIf(process.platform !== 'linux' || Boolean(process.env.DATABASE_URL))('the lock of the release before', () => {
  it('finds an owner holding the short name as releases before the padded name bound it', { timeout: 60_000 }, async () => {
    const dataDir = join(work, 'owned-by-last-release');
    mkdirSync(dataDir);
    const shortName = lockAddress(dataDir).replace(/\0+$/, '');
    const lastRelease = createServer((peer) => peer.write(jsonFrame({ pid: 4242, nonce: '00' })));
    await new Promise<void>((resolve) => lastRelease.listen({ path: shortName }, resolve));
    try {
      const outcome = await lockDataDirectory(dataDir);
      if ('held' in outcome) await outcome.held.release();
      expect(outcome).toEqual({ ownerPid: 4242, address: shortName });
    } finally {
      await new Promise((resolve) => lastRelease.close(resolve));
    }
  });
});
