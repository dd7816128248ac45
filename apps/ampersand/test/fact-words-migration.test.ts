/**
 * Migration 0056 stores each fact's content words, which `find_andees` matches constraints
 * against, as an online migration (kit README): its schema change adds the column empty and
 * locks nothing for long; facts written before it get their words from its backfill, in batches
 * while the product serves, the same words the write path stores (text/content-words.ts). The
 * backfill resumes where it stopped, catches facts written behind its cursor, waits for another
 * process's lease; `find_andees` is right before it has run. On PGlite, or PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeEach, expect, it } from 'vitest';
import { sql } from 'kysely';
import { migrate, runBackfills, startBackfills, type Migrations } from '@agent-products/kit/store';
import { openTestDatabase, type TestDatabase } from '@agent-products/kit/testing';
import { ampersandMigrations } from '../src/store/migrations.ts';
import { FACT_WORDS_BACKFILL } from '../src/store/fact-words-backfill.ts';
import { findAndees } from '../src/identity/profiles.ts';
import { contentWords } from '../src/text/content-words.ts';

const databases: TestDatabase<any>[] = [];
let database: TestDatabase<any>;

afterAll(async () => {
  for (const d of databases) await d.dispose();
});

const texts = ['I play the Cellos in a string quartet.', 'Stop words: the, and, of.', 'Ünïcode wörds — São Paulo!'];

const before = Object.fromEntries(Object.entries(ampersandMigrations).filter(([name]) => name < '0056'));

/**
 * A database on the schema before 0056 holding 2,500 facts (more than one batch), migrated to
 * today's schema. The schema before 0056 is the run's template of those migrations (made once, by
 * migrating from empty; kit/testing), not migrated again from empty for every case.
 */
beforeEach(async () => {
  database = await openTestDatabase<any>(before, 'amp_fact_words');
  databases.push(database);
  await database.db
    .insertInto('andees')
    .values([
      { andee_id: 'a1', tag: 'ada', display_name: 'Ada', photo_url: null },
      { andee_id: 'v1', tag: 'viewer', display_name: 'Viewer', photo_url: null },
    ])
    .execute();
  await sql`
    insert into identity_facts (fact_id, andee_id, value, value_key, visibility, status, source, created_at)
    select 'f' || lpad(i::text, 5, '0'), 'a1', (${sql.lit(`{${texts.map((t) => `"${t}"`).join(',')}}`)}::text[])[1 + i % 3] || ' ' || i,
      'k' || i, 'public', 'approved', 'cli', now()
    from generate_series(0, 2499) i`.execute(database.db);
  expect(await migrate(database.db, database.schema, ampersandMigrations)).toContain('0056_public_fact_words');
});

async function words() {
  return database.db.selectFrom('identity_facts').select(['fact_id', 'value', 'content_words']).orderBy('fact_id').execute();
}

async function progress() {
  return (
    await sql<{ cursor: string; pass: number; rows_done: number; done: boolean }>`
    select cursor, pass, rows_done::int as rows_done, done_at is not null as done from kit_backfills where name = ${FACT_WORDS_BACKFILL}`.execute(database.db)
  ).rows[0]!;
}

/** Today's migrations with 0056's backfill aborting `signal` after each batch it runs. */
function stoppingAfterEachBatch(controller: AbortController): Migrations {
  const migration = ampersandMigrations[FACT_WORDS_BACKFILL]!;
  const backfill = migration.backfill!;
  return {
    ...ampersandMigrations,
    [FACT_WORDS_BACKFILL]: {
      ...migration,
      backfill: {
        ...backfill,
        async batch(db, cursor, limit) {
          const done = await backfill.batch(db, cursor, limit);
          controller.abort();
          return done;
        },
      },
    },
  };
}

it('adds the column empty and the index, leaving the words to the backfill, which gives every fact its words', async () => {
  expect((await words()).every((r) => r.content_words === null)).toBe(true);
  const { rows: index } = await sql<{ valid: boolean }>`
    select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
    where c.relname = 'identity_facts_public_words' and c.relnamespace = current_schema()::regnamespace`.execute(database.db);
  expect(index).toEqual([{ valid: true }]);
  expect(await progress()).toMatchObject({ cursor: '', done: false });

  await runBackfills(database.db, ampersandMigrations, { batchSize: 1000 });
  const rows = await words();
  expect(rows).toHaveLength(2500);
  for (const row of rows) expect(new Set(row.content_words)).toEqual(contentWords(row.value));
  expect(rows.find((r) => r.value.startsWith('I play'))!.content_words).toEqual(expect.arrayContaining(['play', 'cello', 'string', 'quartet']));
  expect(await progress()).toMatchObject({ cursor: 'f02499', rows_done: 2500, done: true });
  // Upgraded and fresh databases end in one shape: nullable, no default.
  const { rows: column } = await sql<{ is_nullable: string; column_default: string | null }>`
    select is_nullable, column_default from information_schema.columns
    where table_schema = current_schema() and table_name = 'identity_facts' and column_name = 'content_words'`.execute(database.db);
  expect(column).toEqual([{ is_nullable: 'YES', column_default: null }]);
});

it('resumes from its recorded cursor, and goes round again for facts written behind it', async () => {
  const controller = new AbortController();
  await runBackfills(database.db, stoppingAfterEachBatch(controller), { batchSize: 1000, signal: controller.signal });
  expect(await progress()).toMatchObject({ cursor: 'f00999', rows_done: 1000, done: false });
  expect((await words()).filter((r) => r.content_words !== null).map((r) => r.fact_id)).toEqual(
    Array.from({ length: 1000 }, (_, i) => `f${String(i).padStart(5, '0')}`),
  );
  // A release that does not know the column writes a fact whose id sorts before the cursor.
  await sql`insert into identity_facts (fact_id, andee_id, value, value_key, visibility, status, source, created_at)
    values ('e-late', 'a1', 'Plays chess on Sundays', 'plays chess on sundays', 'public', 'approved', 'cli', now())`.execute(database.db);

  await runBackfills(database.db, ampersandMigrations, { batchSize: 1000, passPauseMs: 0 });
  const rows = await words();
  for (const row of rows) expect(new Set(row.content_words)).toEqual(contentWords(row.value));
  expect(await progress()).toMatchObject({ pass: 2, rows_done: 2501, done: true });
  // Done is done: running again finds nothing to do and changes nothing.
  await runBackfills(database.db, ampersandMigrations, { batchSize: 1000 });
  expect(await progress()).toMatchObject({ pass: 2, rows_done: 2501, done: true });
});

it('leaves a backfill another live process holds, and takes it over once that lease runs out', async () => {
  await sql`update kit_backfills set lease_owner = 'other-replica', lease_until = now() + interval '1 hour' where name = ${FACT_WORDS_BACKFILL}`.execute(
    database.db,
  );
  const running = startBackfills(database.db, ampersandMigrations, { batchSize: 1000, leaseMs: 100 });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect((await words()).every((r) => r.content_words === null)).toBe(true);
  await sql`update kit_backfills set lease_until = now() - interval '1 second' where name = ${FACT_WORDS_BACKFILL}`.execute(database.db);
  await running.done;
  expect((await words()).every((r) => r.content_words !== null)).toBe(true);
  expect(await progress()).toMatchObject({ done: true });
});

it('find_andees matches a constraint against facts the backfill has not reached', async () => {
  const found = await findAndees(database.db, { andeeId: 'v1', firstParty: false }, { name: 'Ada', constraints: ['plays the cello'] });
  expect(found.result).toBe('match');
  expect(found.matches.map((m) => m.tag)).toEqual(['&ada']);
  expect((await findAndees(database.db, { andeeId: 'v1', firstParty: false }, { name: 'Ada', constraints: ['violin'] })).result).toBe('no_match');
});
