/**
 * Reading one person's facts costs a few pages, whoever asks next (issue 42 item 5). Facts are
 * written over time among everyone else's, so in the table one person's 50 lie on about 50
 * pages; an agent's calls rotate over many people, so those pages are rarely cached, and a read
 * that fetched each row from the table cost a page per fact. Here the facts are seeded the way
 * use writes them (fact number k for everyone, then k + 1), vacuumed and analyzed, and the
 * statements identity_read and a profile run are explained with ANALYZE and BUFFERS for people
 * spread over the population: each must read identity_facts by an index-only scan of a handful
 * of pages (buffer counts and plans, never timings). So must the facts a third party's view of a
 * Loop screens out (loops/third-party-loop-view.ts), which read the whole table on every
 * loop_read while their condition ORed the owner's subquery. PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { openTestDatabase, recordStatements, type TestDatabase } from '@agent-products/kit/testing';
import { ampersandMigrations } from '../store/migrations.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { identitySnapshotPage, identitySnapshotStatement } from '../evidence/identity-snapshot.ts';
import { visibleSignals } from './visibility.ts';
import { hiddenFacts } from '../loops/third-party-loop-view.ts';

const PEOPLE = 1_500;
const FACTS = 50;
/** Pages one person's read may touch in identity_facts: the index's descent and its few leaves, not a page per fact. */
const PAGES_PER_READ = 8;
const READERS = ['p-17', 'p-402', 'p-811', 'p-1203', 'p-1499'];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

/** The scans of identity_facts in a plan. */
function factScans(node: PlanNode, found: PlanNode[] = []): PlanNode[] {
  if (node['Relation Name'] === 'identity_facts') found.push(node);
  for (const child of node.Plans ?? []) factScans(child, found);
  return found;
}

let database: TestDatabase<AmpersandDatabase>;

beforeAll(async () => {
  database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'facts_locality');
  const db = database.db;
  await sql`insert into andees (andee_id, tag, display_name) select 'p-' || i, 'p' || i, 'Person ' || i from generate_series(1, ${PEOPLE}) i`.execute(db);
  // Fact k of everyone, then fact k + 1: one person's facts end up spread over the table.
  for (let k = 0; k < FACTS; k++) {
    await sql`
      insert into identity_facts (fact_id, andee_id, value, value_key, visibility, status, source, hds_code, created_at, updated_at, reviewed_at)
      select 'f-' || i || '-' || ${k}::int, 'p-' || i, 'Something person ' || i || ' said about themselves, number ' || ${k}::int || '.',
        'something person ' || i || ' said about themselves, number ' || ${k}::int || '.',
        (array['public', 'connected', 'private'])[1 + ${k}::int % 3], 'approved', 'cli', null,
        now() - interval '60 days' + ${k}::int * interval '1 day' + i * interval '1 ms', now() - interval '60 days' + ${k}::int * interval '1 day', null
      from generate_series(1, ${PEOPLE}) i`.execute(db);
  }
  await sql`insert into loops (loop_id, owner_id, title, renderer, skill_id, created_at, updated_at)
    select 'loop-' || i, 'p-' || i, 'Movie night', 'recommendations', 'skill_family_movie_night', now(), now() from generate_series(1, ${PEOPLE}) i`.execute(
    db,
  );
  await sql`vacuum (analyze) identity_facts`.execute(db);
  await sql`analyze loops`.execute(db);
  await sql`analyze andees`.execute(db);
}, 300_000);
afterAll(async () => database?.dispose());

async function explainFactsRead(read: (db: TestDatabase<AmpersandDatabase>['db']) => Promise<unknown>): Promise<PlanNode[]> {
  const recorded = recordStatements(database.db);
  await read(recorded.db);
  const statement = recorded.statements.find((s) => s.sql.includes('identity_facts'));
  expect(statement, 'the read ran a statement on identity_facts').toBeDefined();
  return explainStatement(statement!);
}

/** A statement built once (kit `compiledOnce`) is taken from its builder: a recording plugin sees only its first build. */
async function explainStatement(statement: { sql: string; parameters: readonly unknown[] }): Promise<PlanNode[]> {
  const explained = await database.db.executeQuery<{ 'QUERY PLAN': unknown }>(
    CompiledQuery.raw(`explain (analyze, buffers, format json) ${statement.sql}`, [...statement.parameters]),
  );
  const document = explained.rows[0]!['QUERY PLAN'];
  const plans = (typeof document === 'string' ? JSON.parse(document) : document) as Array<{ Plan: PlanNode }>;
  return factScans(plans[0]!.Plan);
}

function expectFewPages(scans: PlanNode[]): void {
  expect(scans.length).toBeGreaterThan(0);
  for (const scan of scans) {
    expect(scan['Node Type'], 'read from the index alone').toMatch(/^Index Only Scan/);
    expect(scan['Heap Fetches']).toBe(0);
    expect((scan['Shared Hit Blocks'] ?? 0) + (scan['Shared Read Blocks'] ?? 0)).toBeLessThanOrEqual(PAGES_PER_READ);
  }
}

describe(`one person's facts among ${PEOPLE} people's, ${FACTS} each, written interleaved`, () => {
  it.each(READERS)('identity_read page 1 of %s reads a few index pages, not a page per fact', async (andeeId) => {
    const input = { limit: 50 } as Parameters<typeof identitySnapshotPage>[2];
    const now = new Date();
    const facts = (await identitySnapshotPage(database.db, andeeId, input, now)).facts.length;
    const scans = await explainStatement(identitySnapshotStatement(database.db, andeeId, input, now, undefined));
    expect(facts).toBe(FACTS);
    expectFewPages(scans);
  });

  it.each(READERS)("a stranger's view of %s's profile reads a few index pages", async (andeeId) => {
    let shown = 0;
    const scans = await explainFactsRead(async (db) => {
      shown = (await visibleSignals(db, { andeeId: 'p-1', firstParty: false }, [{ andeeId, connected: false }])).length;
    });
    expect(shown).toBe(Math.ceil(FACTS / 3));
    expectFewPages(scans);
  });

  it.each(READERS)("a third party's view of %s's Loop screens the two people's facts by index, never the whole table", async (owner) => {
    let hidden = 0;
    const scans = await explainFactsRead(async (db) => {
      hidden = (await hiddenFacts(db, 'p-1', `loop-${owner.slice(2)}`, ['f-9-4'])).ids.size;
    });
    // The facts not public (connected or private) of the caller and of the owner, and the one grounded fact (connected).
    expect(hidden).toBe(2 * (FACTS - Math.ceil(FACTS / 3)) + 1);
    for (const scan of scans) {
      expect(scan['Node Type']).not.toBe('Seq Scan');
      expect((scan['Shared Hit Blocks'] ?? 0) + (scan['Shared Read Blocks'] ?? 0)).toBeLessThanOrEqual(2 * PAGES_PER_READ);
    }
  });
});
