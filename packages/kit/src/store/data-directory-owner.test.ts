/**
 * An embedded data directory has one owner process. Openers are separate processes (the lock is
 * between processes): a second product opener is refused with the owner's PID; a guest opener
 * reaches the owner's database, its writes seen by the owner at once; a killed owner's lock is free
 * for the next opener; a stale socket-file lock (platforms without kernel-named sockets) is taken
 * over, and only by one of two racing takers; a process squatting on the lock's name without the
 * data directory's secret gets no query from a guest.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DataDirectoryInUseError, openDatabase } from './index.ts';
import { lockAddress, lockDataDirectory } from './data-directory-lock.ts';
import { createServer } from 'node:net';

const OPENER = fileURLToPath(new URL('../testing/embedded-opener.ts', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'kit-owner-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

interface Opened {
  child: ChildProcess;
  line: { opened: boolean; ownerPid?: number; rows?: unknown[]; code?: string; message?: string };
}

function opener(dataDir: string, mode: 'refuse' | 'reach', statement?: string): Promise<Opened> {
  const child = spawn(process.execPath, ['--import', 'tsx', OPENER, dataDir, mode, ...(statement ? [statement] : [])], { stdio: ['pipe', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the opener exited (${code}) before answering`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve({ child, line: JSON.parse(line) }));
  });
}

const exited = (child: ChildProcess) =>
  new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(undefined) : child.once('exit', resolve)));

// The lock is the embedded database's own; a DATABASE_URL run has nothing of it to prove again.
describe.skipIf(Boolean(process.env.DATABASE_URL))('one owner per embedded data directory', () => {
  it('refuses a second opener with the owner PID, and serves a guest opener through the owner', { timeout: 120_000 }, async () => {
    const dataDir = join(work, 'owned');
    const owner = await opener(dataDir, 'refuse', 'create table notes (id int primary key, body text, at timestamptz)');
    expect(owner.line).toMatchObject({ opened: true, ownerPid: owner.child.pid });

    const second = await opener(dataDir, 'refuse');
    expect(second.line).toMatchObject({ opened: false, code: 'data_directory_in_use' });
    expect(second.line.message).toContain(`process ${owner.child.pid}`);
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirectoryInUseError);

    const guest = await openDatabase({ dataDir, whenOwned: 'reach' });
    try {
      expect(guest.ownerPid).toBe(owner.child.pid);
      const at = new Date('2026-12-01T08:00:00.123Z');
      await guest.db.transaction().execute(async (trx) => {
        await sql`insert into notes values (1, 'one', ${at})`.execute(trx);
        await sql`insert into notes values (2, 'two', ${at})`.execute(trx);
      });
      await expect(
        guest.db.transaction().execute(async (trx) => {
          await sql`insert into notes values (3, 'three', ${at})`.execute(trx);
          await sql`insert into notes values (1, 'again', ${at})`.execute(trx);
        }),
      ).rejects.toMatchObject({ code: '23505', constraint: 'notes_pkey' });
      const rows = (await sql<{ id: number; at: Date }>`select id, at from notes order by id`.execute(guest.db)).rows;
      expect(rows).toEqual([
        { id: 1, at },
        { id: 2, at },
      ]);
    } finally {
      await guest.close();
    }
    // A further process sees the guest's writes through the owner, which therefore holds them.
    const reader = await opener(dataDir, 'reach', 'select count(*)::int as n from notes');
    expect(reader.line).toMatchObject({ opened: true, ownerPid: owner.child.pid, rows: [{ n: 2 }] });

    owner.child.stdin!.end();
    await exited(owner.child);
    const after = await openDatabase({ dataDir });
    try {
      expect(after.ownerPid).toBe(process.pid);
      expect((await sql<{ n: number }>`select count(*)::int as n from notes`.execute(after.db)).rows).toEqual([{ n: 2 }]);
    } finally {
      await after.close();
    }
  });

  it('frees the lock of an owner that was killed', { timeout: 120_000 }, async () => {
    const dataDir = join(work, 'killed');
    const owner = await opener(dataDir, 'refuse', 'create table kept (id int)');
    owner.child.kill('SIGKILL');
    await exited(owner.child);
    const next = await opener(dataDir, 'refuse', 'select count(*)::int as n from kept');
    expect(next.line).toMatchObject({ opened: true, ownerPid: next.child.pid, rows: [{ n: 0 }] });
    next.child.stdin!.end();
    await exited(next.child);
  });

  it('takes a stale socket-file lock over, once among racing takers', async () => {
    const dataDir = join(work, 'socket-file');
    mkdirSync(dataDir);
    const address = join(dataDir, '.owner.sock');
    // A killed owner leaves its socket file behind, with nobody listening on it.
    const dead = spawn(process.execPath, ['-e', `require('node:net').createServer().listen(${JSON.stringify(address)}, () => console.log('listening'))`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(dead);
    await new Promise((resolve) => createInterface({ input: dead.stdout! }).once('line', resolve));
    dead.kill('SIGKILL');
    await exited(dead);
    expect(existsSync(address)).toBe(true);
    const takers = await Promise.all(Array.from({ length: 4 }, () => lockDataDirectory(dataDir, address)));
    const holders = takers.filter((t) => 'held' in t);
    expect(holders).toHaveLength(1);
    for (const taker of takers) if ('ownerPid' in taker) expect(taker.ownerPid).toBe(process.pid);
    for (const holder of holders) if ('held' in holder) await holder.held.release();
  });

  it('sends no query to a process on the lock name that cannot prove it owns the directory', async () => {
    const dataDir = join(work, 'squatted');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, '.owner-secret'), 'ab'.repeat(32));
    const received: string[] = [];
    const squatter = createServer((peer) => {
      peer.write(Buffer.concat([Buffer.from([0, 0, 0, 27]), Buffer.from('{"pid":4242,"nonce":"0000"}')]));
      peer.on('data', (chunk) => {
        received.push(chunk.toString('latin1'));
        const fake = Buffer.from('{"proof":"00"}');
        peer.write(Buffer.concat([Buffer.from([0, 0, 0, fake.length]), fake]));
      });
    });
    await new Promise<void>((resolve) => squatter.listen({ path: lockAddress(dataDir) }, resolve));
    try {
      await expect(openDatabase({ dataDir, whenOwned: 'reach' })).rejects.toThrow(/could not prove it owns it/);
      expect(received.join('')).not.toContain('ab'.repeat(32));
      expect(received.join('')).not.toMatch(/select|insert/i);
      await expect(openDatabase({ dataDir })).rejects.toMatchObject({ code: 'data_directory_in_use', ownerPid: 4242 });
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
