/** The shape every paged list shares (the cursor itself: api/list-cursor.ts over store/newest-first.ts): an optional cursor in, `nextCursor` out. */
import * as z from 'zod';

export const pageInput = z
  .object({ cursor: z.string().min(1).max(200).optional().describe('nextCursor of the previous page; omit for the first (newest) page') })
  .strict();

export const nextCursorOutput = z.string().nullable().describe('Pass as cursor for the next page; null when this page is the last');

/** A page's text rendering, saying when there is more and how to get it. */
export function withMore(text: string, nextCursor: string | null): string {
  return nextCursor ? `${text}\nMore on the next page: call again with cursor "${nextCursor}".` : text;
}
