/**
 * The owner channel never leaves the product stuck behind a guest: a peer that takes the turn,
 * opens a transaction and falls silent is dropped after the idle limit, its transaction rolled
 * back and the turn handed on; a peer that asks for a backup and stops reading it is cut off
 * after the same limit and the turn handed on; a peer that cannot prove it read the directory's
 * secret is disconnected before any statement.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { lockAddress, lockDataDirectory, type HeldLock } from './data-directory-lock.ts';
import { ExclusiveTurn } from './exclusive-turn.ts';
import { jsonFrame } from './frames.ts';
import { serveOwnerChannel } from './owner-channel.ts';
import { OwnerChannel } from './owner-client-dialect.ts';

const IDLE_MS = 300;
const dataDir = mkdtempSync(join(tmpdir(), 'kit-channel-'));
let held: HeldLock;
let client: PGlite;
const turn = new ExclusiveTurn();

beforeAll(async () => {
  if (process.env.DATABASE_URL) return;
  const lock = await lockDataDirectory(dataDir);
  if (!('held' in lock)) throw new Error('the test could not take its own directory');
  held = lock.held;
  client = new PGlite();
  await client.waitReady;
  serveOwnerChannel(held, client, turn, IDLE_MS);
});
afterAll(async () => {
  await held?.release();
  await client?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// Embedded-only machinery: a DATABASE_URL run has nothing of it to prove again.
describe.skipIf(Boolean(process.env.DATABASE_URL))('the owner channel', () => {
  it('drops a peer idle in its turn, rolling its transaction back and handing the turn on', async () => {
    const channel = await OwnerChannel.open(lockAddress(dataDir), dataDir);
    await channel.request({ op: 'acquire' });
    await channel.request({ op: 'query', sql: 'begin', parameters: [] });
    await channel.request({ op: 'query', sql: 'create table abandoned (x int)', parameters: [] });
    const started = Date.now();
    const end = await turn.take();
    try {
      expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS - 50);
      expect(client.isInTransaction()).toBe(false);
      expect((await client.query<{ t: string | null }>(`select to_regclass('abandoned')::text as t`)).rows).toEqual([{ t: null }]);
    } finally {
      end();
    }
    await expect(channel.request({ op: 'acquire' })).rejects.toThrow(/closed/);
  });

  it('streams a backup to a peer that reads it, and cuts off one that stops reading, handing the turn on', async () => {
    const filler = randomBytes(12 * 1024 * 1024);
    writeFileSync(join(dataDir, 'filler'), filler);
    const reader = await OwnerChannel.open(lockAddress(dataDir), dataDir);
    const { chunks } = await reader.backup('copy');
    let bytes = 0;
    for await (const chunk of chunks) bytes += chunk.length;
    await reader.close();
    // The prefix directory, the file's header, its bytes (a whole number of blocks); no .owner-secret.
    expect(bytes).toBe(512 + 512 + filler.length);

    const stalled = await OwnerChannel.open(lockAddress(dataDir), dataDir);
    const unread = await stalled.backup('copy');
    const started = Date.now();
    const end = await turn.take();
    end();
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS - 50);
    // What had arrived is still there to read; then the stream ends as cut off, not as a whole backup.
    const readRest = async () => {
      for await (const chunk of unread.chunks) expect(chunk.length).toBeGreaterThan(0);
    };
    await expect(readRest()).rejects.toThrow(/closed/);
  });

  it('disconnects a peer whose proof is wrong, before any statement', async () => {
    const socket = createConnection({ path: lockAddress(dataDir) });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.once('data', () => socket.write(jsonFrame({ proof: '00'.repeat(32), nonce: 'n' })));
    await closed;
    expect(client.isInTransaction()).toBe(false);
  });
});
