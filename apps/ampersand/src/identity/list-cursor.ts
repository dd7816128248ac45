/**
 * Paging the caller's own lists (questions sent and received, pending connection requests)
 * instead of stopping silently at a fixed count (issue 27 §4). The order is newest first, ties
 * broken by id; a page's `nextCursor` is an opaque token of the last row's (time, id), and the
 * next page starts strictly after it, so rows written meanwhile never shift or repeat a page.
 * A cursor is only a position within the caller's own rows: altering one can skip or repeat
 * rows of theirs, never show anyone else's. An unreadable cursor is `invalid_arguments`.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { ampersandErrors } from '../errors.ts';

export interface ListPosition {
  at: Date;
  id: string;
}

/** Rows per page of these lists. */
export const LIST_PAGE_SIZE = 100;

export function encodeCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.at.toISOString(), position.id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): ListPosition | undefined {
  if (cursor === undefined) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    const time = typeof at === 'string' ? new Date(at) : undefined;
    if (time && !Number.isNaN(time.getTime()) && typeof id === 'string' && id.length > 0 && id.length <= 100) return { at: time, id };
  } catch {
    // Refused below, as every other unreadable cursor.
  }
  throw ampersandErrors.fail('invalid_arguments', 'The cursor is not one this list handed out; start again without it.', {
    fields: [{ field: 'cursor', problem: 'is not a cursor this list handed out' }],
  });
}

/** Rows strictly after `position` in (time desc, id desc) order. */
export function after(timeColumn: string, idColumn: string, position: ListPosition): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(timeColumn)}, ${sql.ref(idColumn)}) < (${position.at}, ${position.id})`;
}

/** One page out of `limit + 1` rows read: the page, and the cursor when there is more. */
export function pageOf<T>(rows: T[], limit: number, positionOf: (row: T) => ListPosition): { rows: T[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows, nextCursor: null };
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: encodeCursor(positionOf(page[page.length - 1]!)) };
}
