/**
 * Builds a migration's declared indexes (online-migration.ts) without blocking writes:
 * `CREATE INDEX CONCURRENTLY`, outside any transaction. A concurrent build that failed half way
 * leaves an invalid index behind, which `if not exists` would take for done: it is dropped and
 * built again. Checked at every start, so a process stopped between a migration's commit and its
 * index build finishes the build next time. PGlite runs the same statements (one connection, so
 * nothing is waited for).
 */
import { sql, type Kysely } from 'kysely';
import type { ConcurrentIndex } from './online-migration.ts';

const INDEX_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function buildIndexesConcurrently(db: Kysely<any>, indexes: readonly ConcurrentIndex[]): Promise<string[]> {
  if (indexes.length === 0) return [];
  for (const index of indexes) if (!INDEX_NAME.test(index.name)) throw new TypeError(`Invalid index name: ${index.name}`);
  const present = await indexValidity(
    db,
    indexes.map((i) => i.name),
  );
  const built: string[] = [];
  for (const index of indexes) {
    const valid = present.get(index.name);
    if (valid === true) continue;
    if (valid === false) await sql`drop index concurrently if exists ${sql.id(index.name)}`.execute(db);
    try {
      await sql`create index concurrently if not exists ${sql.id(index.name)} ${sql.raw(index.definition)}`.execute(db);
    } catch (error) {
      // Another process starting at the same time built it first.
      if ((await indexValidity(db, [index.name])).get(index.name) !== true) throw error;
      continue;
    }
    built.push(index.name);
  }
  return built;
}

/** Each named index of the current schema that exists, with whether it is valid (usable). */
async function indexValidity(db: Kysely<any>, names: string[]): Promise<Map<string, boolean>> {
  const { rows } = await sql<{ name: string; valid: boolean }>`
    select c.relname as name, i.indisvalid as valid
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relname = any(${names}::text[])`.execute(db);
  return new Map(rows.map((r) => [r.name, r.valid]));
}
