/**
 * Where the next page of photo or place evidence starts: `nextCursor`, the lists' one cursor, on
 * every page but the last; and, for a caller paging by the spec's row `offset`, `nextOffset` — null
 * on a page read by cursor, where no offset is known.
 */
export function nextPage(
  next: string | undefined,
  input: { cursor?: string | undefined; offset?: number | undefined },
  limit: number,
): { nextCursor: string | null; nextOffset: number | null } {
  return {
    nextCursor: next ?? null,
    nextOffset: next === undefined || input.cursor !== undefined ? null : (input.offset ?? 0) + limit,
  };
}
