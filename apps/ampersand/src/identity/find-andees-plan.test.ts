/**
 * `find_andees` reads the namesakes through the name indexes, whatever the statistics say, and its
 * work does not grow with their number (issue 42). Ordered by tag and cut after a few rows, the
 * statement used to let the planner walk the whole tag index and filter every andee by name
 * whenever it guessed that enough andees would match; then it read every namesake, and with a
 * real name distribution there are ten times as many at ten times the people (3–22× slower with a
 * constraint at 10,000). Here the data is seeded at two sizes with names drawn common-to-rare and
 * facts from a vocabulary, analyzed, and the statements the real code runs are explained with the
 * planner's own costs (no setting forced): andees may be reached only through a name index, or by
 * key from a constraint's few holders (or, on a table of two pages, read whole), and every
 * statement is run under EXPLAIN ANALYZE to count the rows it read from andees and identity_facts:
 * at most ROWS_READ at the large size, where reading every namesake is thousands (at the small
 * one the tables are a few pages, read whole as the planner rightly prefers).
 * PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, CompiledQuery } from 'kysely';
import { openTestDatabase, recordStatements, type TestDatabase } from '@agent-products/kit/testing';
import { ampersandMigrations } from '../store/migrations.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { findAndees } from './profiles.ts';

const NAME_INDEXES = new Set([
  'andees_by_name_key',
  'andees_by_name_word',
  'andees_by_name_key_and_tag',
  'andees_by_first_name_word',
  'andees_by_second_name_word',
  'andees_by_third_name_word',
  'andees_by_later_name_word',
]);
/** A candidate from a constraint's side (at most a hundred public facts' holders) is read by its key. */
const KEY_INDEX = 'andees_pkey';
/** Rows one find_andees may read from andees and identity_facts, at any size. */
const ROWS_READ = 1_000;
const READ_TABLES = new Set(['andees', 'identity_facts']);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** How the plan reaches `andees`: every index it reads there, and whether it reads the table whole. */
function andeeAccess(node: PlanNode, found = { indexes: new Set<string>(), sequential: false }) {
  const index = node['Index Name'];
  if (index?.startsWith('andees')) found.indexes.add(index);
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'andees') found.sequential = true;
  for (const child of node.Plans ?? []) andeeAccess(child, found);
  return found;
}

/**
 * Rows the executed plan read from andees and identity_facts: each scan of them, the rows it
 * returned and those it read and dropped (a filter, a lossy recheck), over all its loops (EXPLAIN
 * reports both per loop).
 */
function rowsRead(node: PlanNode): number {
  const own = READ_TABLES.has(node['Relation Name'] ?? '')
    ? ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * (node['Actual Loops'] ?? 1)
    : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child), 0);
}

/**
 * `size` andees, first names drawn so a few are common and most are rare (the i-th name of 40
 * about 1/i as often, "Ada" the third most common), three public facts each from a vocabulary of
 * 60 words plus a pending one, and everything analyzed.
 */
async function seed(db: TestDatabase<AmpersandDatabase>['db'], size: number): Promise<void> {
  await sql`
    with first_names as (
      select array['James','Mary','Ada','Wei','Olga','Luis','Amara','Kenji','Ingrid','Tomas',
        'Priya','Sven','Leila','Marco','Yuki','Nadia','Omar','Hana','Felix','Rosa',
        'Ivan','Zara','Ravi','Elena','Kofi','Mei','Pablo','Anya','Tariq','Lena',
        'Bruno','Sofia','Emeka','Ines','Dmitri','Noor','Hugo','Aiko','Sami','Vera'] as names
    ), weights as (
      select n, sum(1.0 / n) over (order by n) / sum(1.0 / n) over () as upto from generate_series(1, 40) n
    )
    insert into andees (andee_id, tag, display_name)
    select 'seed-' || i, 'seed' || lpad(i::text, 7, '0'),
      (select names[(select min(n) from weights where upto >= ((i * 7919) % 10007) / 10007.0)] from first_names)
        || ' ' || (array['Stone','Lovelace','Okafor','Chen','Novak','Silva','Haddad','Berg'])[1 + i % 8]
    from generate_series(1, ${size}) i`.execute(db);
  await sql`
    with words as (
      select array['cello','bees','hiking','jazz','chess','pottery','sailing','climbing','baking','poetry',
        'running','cycling','painting','gardening','tennis','surfing','knitting','photography','camping','diving',
        'violin','piano','guitar','drums','opera','theatre','cinema','novels','history','physics',
        'chemistry','biology','astronomy','robotics','coding','design','architecture','fashion','cooking','wine',
        'coffee','tea','yoga','boxing','fencing','rowing','skiing','skating','dancing','singing',
        'birds','dogs','cats','horses','fishing','hunting','travel','languages','maps','trains'] as w
    )
    insert into identity_facts (fact_id, andee_id, value, visibility, status, created_at, source, content_words)
    select 'seed-' || a || '-' || k, 'seed-' || a, 'I love ' || w[1 + (a * 31 + k * 17) % 60] || '.',
      case when k = 3 then 'private' else 'public' end, case when k = 3 then 'pending' else 'approved' end,
      now(), 'seed', array[w[1 + (a * 31 + k * 17) % 60]]
    from words, generate_series(1, ${size}) a, generate_series(0, 3) k`.execute(db);
  await sql`analyze`.execute(db);
}

// At 200 andees the table is two pages (and the facts eight), and reading them whole is rightly
// the planner's cheapest way, so rows read are bounded at the large size only; what must never
// happen at either size is reaching andees through another index.
describe.each([
  { size: 200, label: 'small', wholeReadAllowed: true },
  { size: 20_000, label: 'large', wholeReadAllowed: false },
])('find_andees on $size seeded, analyzed andees ($label)', ({ size, wholeReadAllowed }) => {
  let database: TestDatabase<AmpersandDatabase>;
  beforeAll(async () => {
    database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, `find_andees_plan_${size}`);
    await seed(database.db, size);
  }, 120_000);
  afterAll(async () => database?.dispose());

  async function explain(statement: { sql: string; parameters: readonly unknown[] }, options: string): Promise<PlanNode> {
    const explained = await database.db.executeQuery<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(`explain (${options}format json) ${statement.sql}`, [...statement.parameters]),
    );
    const document = explained.rows[0]!['QUERY PLAN'];
    return ((typeof document === 'string' ? JSON.parse(document) : document) as Array<{ Plan: PlanNode }>)[0]!.Plan;
  }

  /** The answer, how the statements reach andees, and the rows they read (each run again under EXPLAIN ANALYZE). */
  async function accessFor(input: { name: string; constraints?: string[] }) {
    const recorded = recordStatements(database.db);
    const answer = await findAndees(recorded.db, { andeeId: 'seed-1', firstParty: false }, input);
    const namesakeStatements = recorded.statements.filter((s) => /\bfrom "?andees"?\s/.test(s.sql));
    expect(namesakeStatements.length, 'a namesake statement ran').toBeGreaterThan(0);
    const access = { indexes: new Set<string>(), sequential: false };
    for (const statement of namesakeStatements) andeeAccess(await explain(statement, ''), access);
    let read = 0;
    for (const statement of recorded.statements) read += rowsRead(await explain(statement, 'analyze, '));
    return { answer, access, read };
  }

  it.each([
    { what: 'a full name', input: { name: 'Ada Lovelace' } },
    { what: 'a common first name', input: { name: 'Ada' } },
    { what: 'a common first name and a common constraint', input: { name: 'James', constraints: ['jazz'] } },
    { what: 'a first name and a constraint few of them meet', input: { name: 'Ada', constraints: ['cello'] } },
    { what: 'a first name and a constraint none of them meet', input: { name: 'Ada', constraints: ['quantum'] } },
    { what: 'a rare first name', input: { name: 'Vera' } },
  ])('by $what reaches andees only through a name index (or by key from a few holders) and reads a bounded number of rows', async ({ input }) => {
    const { access, read } = await accessFor(input);
    expect([...access.indexes].filter((index) => !NAME_INDEXES.has(index) && index !== KEY_INDEX)).toEqual([]);
    if (!wholeReadAllowed) {
      expect(read).toBeLessThanOrEqual(ROWS_READ);
      expect(access.sequential).toBe(false);
      expect(access.indexes.size).toBeGreaterThan(0);
    }
  });

  it('still answers: namesakes by tag, strangers only, a constraint held by a public fact', async () => {
    const { answer } = await accessFor({ name: 'Ada', constraints: ['quantum'] });
    expect(answer.result).toBe('no_match');
    const common = await accessFor({ name: 'Ada' });
    const tags = common.answer.matches.map((m) => m.tag);
    expect(tags).toEqual([...tags].sort());
    expect(common.answer.matches.length).toBeGreaterThan(0);
  });
});
