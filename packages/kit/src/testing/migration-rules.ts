/**
 * Checks a product's migrations against the online-migration rule (kit README): run one at a time
 * on a real database, each schema change's executed statements are read, and every one that would
 * rewrite, scan or lock a table that already existed before it (so may hold millions of rows) is
 * named. What a migration declares as concurrent indexes or as a backfill is not in its schema
 * change, so it is never named. Checking what ran, not the source text, cannot miss a statement
 * built by Kysely's schema builder or assembled at run time.
 *
 * Named (on a table that existed before the migration):
 * - `update T` / `delete from T`: work on existing rows belongs in a backfill;
 * - `create index N on T`: without CONCURRENTLY it blocks every write to T while it builds;
 * - `alter column C type on T`: rewrites T (or at least scans it) under an exclusive lock;
 * - `add column C volatile default on T`: a volatile default or a stored generated column rewrites T;
 * - `add column C references R on T`: an inline REFERENCES is a foreign key checked at once (a
 *   column constraint cannot be NOT VALID), and it locks R against writes until the migration
 *   commits; the online way is the column alone, the constraint added NOT VALID, and VALIDATE
 *   CONSTRAINT in a later migration (it blocks no writes);
 * - `validated constraint on T`: a CHECK or FOREIGN KEY added without NOT VALID, or SET NOT NULL,
 *   scans T under an exclusive lock.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { migrate, openDatabase, type Migrations } from '../store/index.ts';
import { recordStatements } from './query-plans.ts';

/** Each migration's findings, by name; migrations with none are left out. */
export async function migrationRuleFindings(db: Kysely<any>, schema: string, migrations: Migrations): Promise<Record<string, string[]>> {
  const findings: Record<string, string[]> = {};
  const names = Object.keys(migrations).sort();
  await migrate(db, schema, {});
  for (const [i, name] of names.entries()) {
    const existing = await tableNames(db);
    const recorded: string[] = [];
    const migration = migrations[name]!;
    const prefix = Object.fromEntries(names.slice(0, i).map((n) => [n, migrations[n]!]));
    await migrate(db, schema, {
      ...prefix,
      [name]: {
        ...migration,
        async up(tx: Kysely<any>) {
          const recording = recordStatements(tx);
          await migration.up(recording.db);
          recorded.push(...recording.statements.map((s) => s.sql));
        },
      },
    });
    const found = recorded.flatMap((statement) => statementFindings(statement, existing));
    if (found.length > 0) findings[name] = found;
  }
  return findings;
}

async function tableNames(db: Kysely<any>): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db);
  return new Set(rows.map((r) => r.name));
}

const VOLATILE_DEFAULT =
  /\b(clock_timestamp|random|gen_random_uuid|uuid_generate_v\d|nextval|timeofday|txid_current)\s*\(|\b(big|small)?serial\b|generated\s+always\s+as\s*\(.*\)\s*stored/;

/** What one executed statement does that the rule forbids, given the tables that existed before its migration. */
export function statementFindings(statement: string, existing: ReadonlySet<string>): string[] {
  const text = normalized(statement);
  const table = (name: string) => name.split('.').at(-1)!;
  const old = (name: string) => existing.has(table(name));
  let m = /^update\s+(?:only\s+)?(\S+)/.exec(text);
  if (m && old(m[1]!)) return [`update ${table(m[1]!)}`];
  m = /^delete\s+from\s+(?:only\s+)?(\S+)/.exec(text);
  if (m && old(m[1]!)) return [`delete from ${table(m[1]!)}`];
  m = /^create\s+(?:unique\s+)?index\s+(concurrently\s+)?(?:if\s+not\s+exists\s+)?(\S+)\s+on\s+(?:only\s+)?(\S+)/.exec(text);
  if (m) return !m[1] && old(m[3]!) ? [`create index ${m[2]} on ${table(m[3]!)}`] : [];
  m = /^alter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?(\S+)\s+(.*)$/.exec(text);
  if (!m || !old(m[1]!)) return [];
  const on = table(m[1]!);
  const found: string[] = [];
  for (const action of splitActions(m[2]!)) {
    let a = /^alter\s+(?:column\s+)?(\S+)\s+(?:set\s+data\s+)?type\b/.exec(action);
    if (a) found.push(`alter column ${a[1]} type on ${on}`);
    a = /^add\s+(?:column\s+)?(?:if\s+not\s+exists\s+)?(\S+)\s+(.*)$/.exec(action);
    const column = a && !/^(constraint|check|foreign|primary|unique)\b/.test(action.slice(4)) ? a : null;
    if (column && VOLATILE_DEFAULT.test(column[2]!)) found.push(`add column ${column[1]} volatile default on ${on}`);
    const referenced = column && /\breferences\s+([^\s(]+)/.exec(withoutLiterals(column[2]!));
    if (referenced) found.push(`add column ${column[1]} references ${table(referenced[1]!)} on ${on}`);
    if (/^add\s+(constraint\s+\S+\s+)?(check|foreign\s+key)\b/.test(action) && !/\bnot\s+valid\b/.test(action)) found.push(`validated constraint on ${on}`);
    if (/^alter\s+(?:column\s+)?\S+\s+set\s+not\s+null\b/.test(action)) found.push(`validated constraint on ${on}`);
  }
  return found;
}

/** Lower case, quotes and function bodies ($$ … $$) removed, whitespace collapsed. */
function normalized(statement: string): string {
  return statement
    .replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, '$$')
    .replaceAll('"', '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text with its string literals emptied, so a default's words are not read as SQL. */
function withoutLiterals(text: string): string {
  return text.replace(/'(?:[^']|'')*'/g, "''");
}

/** An ALTER TABLE's comma-separated actions, commas inside parentheses kept. */
function splitActions(actions: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of actions) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/**
 * The rule's findings for a product's migrations run on a fresh database: PGlite in memory, or a
 * new schema on DATABASE_URL's PostgreSQL, dropped afterwards. What each product's rule test runs.
 */
export async function migrationRuleFindingsOnFreshDatabase(migrations: Migrations, schemaPrefix: string): Promise<Record<string, string[]>> {
  const url = process.env.DATABASE_URL;
  const schema = url ? `${schemaPrefix}_${randomBytes(5).toString('hex')}` : 'public';
  const database = await openDatabase<unknown>({ url, dataDir: 'memory://', schema });
  try {
    return await migrationRuleFindings(database.db, database.schema, migrations);
  } finally {
    await database.close();
    if (url) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`).finally(() => client.end());
    }
  }
}
