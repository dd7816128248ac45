/**
 * The embedded database's file system syncs what PostgreSQL wrote before an answer, and only
 * then: a write is followed by a sync, a read by none, and a reopened directory holds every
 * acknowledged row. (That no HTTP answer ever leaves a written file unsynced is proven on the
 * real server under strace: apps/chengdu-soul/test/durable-commit.test.ts.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { DurableNodeFS } from './durable-node-fs.ts';

const work = mkdtempSync(join(tmpdir(), 'kit-durable-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('DurableNodeFS', () => {
  it('syncs after a write, not after a read, and keeps every acknowledged row', { timeout: 240_000 }, async () => {
    const dataDir = join(work, 'data');
    const fs = new DurableNodeFS(dataDir);
    const client = new PGlite({ fs });
    await client.waitReady;
    await client.exec('create table notes (id int primary key, body text)');

    const beforeWrites = fs.syncs;
    for (let id = 0; id < 5; id++) await client.query('insert into notes values ($1, $2)', [id, `note ${id}`]);
    expect(fs.syncs - beforeWrites).toBe(5);

    const beforeReads = fs.syncs;
    for (let id = 0; id < 5; id++) await client.query('select body from notes where id = $1', [id]);
    expect(fs.syncs - beforeReads).toBe(0);
    await client.close();

    const reopened = new PGlite({ fs: new DurableNodeFS(dataDir) });
    const { rows } = await reopened.query<{ n: number }>('select count(*)::int as n from notes');
    expect(rows[0]!.n).toBe(5);
    await reopened.close();
  });
});
