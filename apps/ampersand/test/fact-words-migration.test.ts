/**
 * Migration 0056 stores each fact's content words, which `find_andees` matches constraints
 * against: facts written before it get their words from the migration, the same words the write
 * path stores (text/content-words.ts). On PGlite, or PostgreSQL with DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { migrate, openDatabase, type Database } from '@agent-products/kit/store';
import { ampersandMigrations } from '../src/store/migrations.ts';
import { contentWords } from '../src/text/content-words.ts';

const url = process.env.DATABASE_URL;
const schema = url ? `amp_fact_words_${randomBytes(5).toString('hex')}` : 'public';
let database: Database<any> | undefined;

afterAll(async () => {
  await database?.close();
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`).finally(() => client.end());
});

it('gives every fact written before it its content words, in batches past the first', async () => {
  database = await openDatabase<any>({ url, dataDir: 'memory://', schema });
  const before = Object.fromEntries(Object.entries(ampersandMigrations).filter(([name]) => name < '0056'));
  await migrate(database.db, database.schema, before);
  await database.db.insertInto('andees').values({ andee_id: 'a1', tag: 'ada', display_name: 'Ada', photo_url: null }).execute();
  const texts = ['I play the Cellos in a string quartet.', 'Stop words: the, and, of.', 'Ünïcode wörds — São Paulo!'];
  // More facts than one batch of the backfill (1,000), so the walk by fact id must go on.
  await sql`
    insert into identity_facts (fact_id, andee_id, value, value_key, visibility, status, source, created_at)
    select 'f' || lpad(i::text, 5, '0'), 'a1', (${sql.lit(`{${texts.map((t) => `"${t}"`).join(',')}}`)}::text[])[1 + i % 3] || ' ' || i,
      'k' || i, 'public', 'approved', 'cli', now()
    from generate_series(0, 2499) i`.execute(database.db);
  expect(await migrate(database.db, database.schema, ampersandMigrations)).toContain('0056_public_fact_words');
  const rows = await database.db.selectFrom('identity_facts').select(['value', 'content_words']).execute();
  expect(rows).toHaveLength(2500);
  for (const row of rows) expect(new Set(row.content_words)).toEqual(contentWords(row.value));
  expect(rows.find((r) => r.value.startsWith('I play'))!.content_words).toEqual(expect.arrayContaining(['play', 'cello', 'string', 'quartet']));
});
