/**
 * readIfGranted (auth/granted-read.ts), which loop_read uses to carry the grant
 * check in its one statement: nothing when the condition fails, the rows (in the numbered
 * order) when it holds, an empty list when it holds and nothing matches.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDatabase, type TestDatabase } from '@agent-products/kit/testing';
import { AndeeRepository } from '../src/andees/andee-repository.ts';
import { readIfGranted } from '../src/auth/granted-read.ts';
import { ampersandMigrations } from '../src/store/migrations.ts';
import type { AmpersandDatabase } from '../src/store/schema.ts';

let database: TestDatabase<AmpersandDatabase>;

beforeAll(async () => {
  database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'granted-read');
  const andees = new AndeeRepository(database.db);
  for (const tag of ['cy', 'ab', 'bz', 'aa']) await andees.create({ tag, displayName: tag });
}, 120_000);
afterAll(async () => {
  await database?.close();
});

it('answers only under a live grant, in the numbered order', async () => {
  const byTag = database.db
    .selectFrom('andees')
    .select(['tag', sql<number>`row_number() over (order by tag desc)`.as('n')])
    .where('tag', '<>', 'aa')
    .orderBy('tag', 'desc');
  expect(await readIfGranted(database.db, sql<boolean>`false`, byTag, 'n')).toBeUndefined();
  expect((await readIfGranted(database.db, sql<boolean>`true`, byTag, 'n'))!.map((r) => r.tag)).toEqual(['cy', 'bz', 'ab']);
  expect(await readIfGranted(database.db, sql<boolean>`true`, byTag.where('tag', '=', 'nobody'))).toEqual([]);
});
