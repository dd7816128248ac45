/**
 * Lists that grow with use, a page at a time, newest first (issue 32): a page reads one row past
 * what it shows and no more, and continues after the last row shown by keyset — its timestamp and
 * id, compared as one row value, so rows added or removed meanwhile neither repeat nor skip one.
 * The cursor is opaque to the reader: the last row's timestamp as the database prints it (every
 * microsecond kept) and its id, in URL-safe base64. Anything that is not such a cursor reads as
 * the first page.
 */
import { sql, type SelectQueryBuilder } from 'kysely';

export interface NewestFirstPage<Row> {
  rows: Row[];
  /** Where the next (older) page starts; undefined on the last page. */
  next: string | undefined;
}

const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

interface Cursor {
  at: string;
  id: string;
}

export function readCursor(text: string | undefined): Cursor | undefined {
  if (!text || text.length > 400) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return undefined;
    const [at, id] = parsed;
    if (typeof at !== 'string' || typeof id !== 'string' || !TIMESTAMP_TEXT.test(at) || id.length === 0 || id.length > 200) return undefined;
    return { at, id };
  } catch {
    return undefined;
  }
}

function cursorText(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

/**
 * One page of `query`'s rows, newest first by the `at` timestamp column, ties broken by the `id`
 * column (both named as the query names them, such as `q.created_at`), after `after` when it is
 * a cursor of this list. An index whose columns end in (at, id) — or at least (at) — after the
 * query's equality conditions reads only the rows shown.
 *
 * `offset` skips that many rows of the same order instead, for a contract that names a row
 * offset (the hosted runtime's evidence reads); its page hands out the cursor after it all the same.
 */
export async function newestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: { at: string; id: string },
  options: { limit: number; after?: string | undefined; offset?: number | undefined },
): Promise<NewestFirstPage<O>> {
  const at = sql.ref(columns.at);
  const id = sql.ref(columns.id);
  const after = readCursor(options.after);
  let paged = query.select([sql<string>`${at}::text`.as('page_at'), sql<string>`${id}`.as('page_id')] as never) as SelectQueryBuilder<
    DB,
    TB,
    O & { page_at: string; page_id: string }
  >;
  if (after) paged = paged.where(sql<boolean>`(${at}, ${id}) < (${after.at}::timestamptz, ${after.id})`);
  const ordered = paged
    .orderBy(sql`${at} desc`)
    .orderBy(sql`${id} desc`)
    .limit(options.limit + 1);
  const rows = await (options.offset ? ordered.offset(options.offset) : ordered).execute();
  const shown = rows.slice(0, options.limit);
  const last = shown.at(-1);
  return {
    rows: shown.map(({ page_at: _at, page_id: _id, ...row }) => row as unknown as O),
    next: rows.length > options.limit && last ? cursorText({ at: last.page_at, id: last.page_id }) : undefined,
  };
}
