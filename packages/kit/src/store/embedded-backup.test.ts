/**
 * A backup of an embedded data directory taken while its owner serves writes, restored into an
 * empty directory: every write acknowledged before the backup began is in it, and no transaction
 * is in it by halves (the copy is one point in time). With no owner the command copies the
 * directory itself under its lock. A restore refuses a non-empty directory, another product's
 * backup, a backup cut short and one whose names would leave the directory, and leaves nothing
 * behind when it refuses.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupError, openDatabase, type Database } from './index.ts';
import { BACKUP_FORMAT, BACKUP_MANIFEST, backupEmbedded } from './embedded-backup.ts';
import { restoreEmbedded } from './embedded-restore.ts';
import { tarEnd, tarHeader, tarPadding } from './tar-format.ts';

// Made only when the suite runs (a DATABASE_URL run skips it and leaves nothing behind).
let work: string;

const WRITERS = 4;
const PRODUCT = 'kit-test';

async function pairsIn(database: Database<any>): Promise<Map<number, string[]>> {
  const { rows } = await sql<{ pair: number; side: string }>`select pair, side from pairs order by pair, side`.execute(database.db);
  const pairs = new Map<number, string[]>();
  for (const row of rows) pairs.set(row.pair, [...(pairs.get(row.pair) ?? []), row.side]);
  return pairs;
}

function refusal(error: unknown): string | undefined {
  return error instanceof BackupError ? error.code : undefined;
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('backup and restore of an embedded data directory', () => {
  let dataDir: string;
  let backup: string;
  /** The live database's rows once its writers stopped: what a backup with no product running must hold. */
  let finalPairs: Map<number, string[]>;
  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'kit-backup-'));
    dataDir = join(work, 'live');
    backup = join(work, 'during-writes.tar.gz');
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('takes a point-in-time backup from the owner while writes go on, and restores every write acknowledged before it', { timeout: 600_000 }, async () => {
    const owner = await openDatabase<any>({ dataDir });
    const acknowledged = new Set<number>();
    let beforeBackup = new Set<number>();
    let next = 0;
    let stop = false;
    try {
      await sql`create table pairs (pair int not null, side text not null, primary key (pair, side))`.execute(owner.db);
      // Each write is two rows in one transaction: a copy that is not one point in time would show one without the other.
      const writer = async () => {
        while (!stop) {
          const pair = next++;
          await owner.db.transaction().execute(async (trx) => {
            await sql`insert into pairs values (${pair}, 'left')`.execute(trx);
            await sql`insert into pairs values (${pair}, 'right')`.execute(trx);
          });
          acknowledged.add(pair);
        }
      };
      const writers = Array.from({ length: WRITERS }, writer);
      while (acknowledged.size < 50) await new Promise((resolve) => setTimeout(resolve, 5));
      beforeBackup = new Set(acknowledged);
      const outcome = await backupEmbedded({ product: PRODUCT, databaseDir: dataDir, databasePrefix: 'db', to: backup });
      const afterBackup = acknowledged.size;
      while (acknowledged.size < afterBackup + 20) await new Promise((resolve) => setTimeout(resolve, 5));
      stop = true;
      await Promise.all(writers);
      finalPairs = await pairsIn(owner);
      expect(outcome).toMatchObject({ takenBy: 'running product', ownerPid: process.pid });
      expect(outcome.bytes).toBeGreaterThan(1_000_000);
      expect(readdirSync(work).filter((name) => name.includes('partial'))).toEqual([]);
    } finally {
      stop = true;
      await owner.close();
    }

    const restoredDir = join(work, 'restored');
    mkdirSync(restoredDir);
    const restored = await restoreEmbedded({ product: PRODUCT, from: backup, dataDir: restoredDir });
    expect(restored.manifest).toMatchObject({ format: BACKUP_FORMAT, product: PRODUCT, databasePrefix: 'db' });
    expect(existsSync(join(restoredDir, 'db', '.owner-secret'))).toBe(false);
    const database = await openDatabase<any>({ dataDir: join(restoredDir, 'db') });
    try {
      const pairs = await pairsIn(database);
      for (const pair of beforeBackup) expect(pairs.get(pair), `pair ${pair}, acknowledged before the backup began`).toEqual(['left', 'right']);
      for (const [pair, sides] of pairs) expect(sides, `pair ${pair} is whole`).toEqual(['left', 'right']);
      // Writes went on during and after the backup: the latest ones are not in it.
      expect(pairs.size).toBeLessThan(acknowledged.size);
    } finally {
      await database.close();
    }
  });

  // The timeouts bound a hang, not speed: opening PGlite takes minutes on the loaded shared machine.
  it('with no product running, copies the directory itself under its lock', { timeout: 600_000 }, async () => {
    const offline = join(work, 'offline.tar');
    const outcome = await backupEmbedded({
      product: PRODUCT,
      databaseDir: dataDir,
      databasePrefix: '',
      files: [{ path: join(work, 'during-writes.tar.gz'), name: 'kept-beside.bin' }],
      to: offline,
    });
    expect(outcome.takenBy).toBe('this process');
    const restoredDir = join(work, 'restored-offline');
    await restoreEmbedded({ product: PRODUCT, from: offline, dataDir: restoredDir });
    expect(readFileSync(join(restoredDir, 'kept-beside.bin'))).toEqual(readFileSync(backup));
    const database = await openDatabase<any>({ dataDir: restoredDir });
    try {
      expect(await pairsIn(database)).toEqual(finalPairs);
    } finally {
      await database.close();
    }
    await expect(backupEmbedded({ product: PRODUCT, databaseDir: dataDir, databasePrefix: '', to: offline }).catch(refusal)).resolves.toBe('backup_exists');
    await expect(backupEmbedded({ product: PRODUCT, databaseDir: work, databasePrefix: '', to: join(work, 'x.tar') }).catch(refusal)).resolves.toBe(
      'not_embedded',
    );
  });

  it('refuses a non-empty directory, another product, a cut-short backup and names that leave the directory, changing nothing', async () => {
    const occupied = join(work, 'occupied');
    mkdirSync(occupied);
    writeFileSync(join(occupied, 'keep.txt'), 'mine');
    await expect(restoreEmbedded({ product: PRODUCT, from: backup, dataDir: occupied }).catch(refusal)).resolves.toBe('data_directory_not_empty');
    expect(readdirSync(occupied)).toEqual(['keep.txt']);

    const empty = join(work, 'empty');
    await expect(restoreEmbedded({ product: 'another', from: backup, dataDir: empty }).catch(refusal)).resolves.toBe('wrong_product');

    const cut = join(work, 'cut.tar');
    writeFileSync(cut, readFileSync(join(work, 'offline.tar')));
    truncateSync(cut, Math.floor(statSync(cut).size / 2));
    await expect(restoreEmbedded({ product: PRODUCT, from: cut, dataDir: empty }).catch(refusal)).resolves.toBe('invalid_backup');

    const manifest = Buffer.from(JSON.stringify({ format: BACKUP_FORMAT, product: PRODUCT, pointInTime: new Date().toISOString(), databasePrefix: '' }));
    const evil = Buffer.from('outside');
    const escaping = join(work, 'escaping.tar');
    writeFileSync(
      escaping,
      Buffer.concat([
        tarHeader({ name: BACKUP_MANIFEST, type: 'file', mode: 0o644, size: manifest.length, mtime: new Date() }),
        manifest,
        tarPadding(manifest.length),
        tarHeader({ name: '../escaped.txt', type: 'file', mode: 0o644, size: evil.length, mtime: new Date() }),
        evil,
        tarPadding(evil.length),
        tarEnd(),
      ]),
    );
    await expect(restoreEmbedded({ product: PRODUCT, from: escaping, dataDir: empty }).catch(refusal)).resolves.toBe('invalid_backup');
    expect(existsSync(join(work, 'escaped.txt'))).toBe(false);

    expect(existsSync(empty)).toBe(false);
    expect(readdirSync(work).filter((name) => name.includes('restoring'))).toEqual([]);
  });
});
