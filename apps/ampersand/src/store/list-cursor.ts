/**
 * The cursor of the API's paged lists (questions sent and received, pending connection requests;
 * issue 27 §4): the newest-first keyset cursor the web pages use too (store/newest-first.ts), so a
 * list is never cut off silently. The web reads a cursor it cannot use as the first page; an agent
 * is told instead, since starting over silently would repeat rows it already has.
 */
import { readCursor } from './newest-first.ts';
import { ampersandErrors } from '../errors.ts';

/** Rows per page of these lists. */
export const LIST_PAGE_SIZE = 100;

/** The cursor when this list handed it out; `invalid_arguments` naming the field otherwise. */
export function checkedCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined || readCursor(cursor)) return cursor;
  throw ampersandErrors.fail('invalid_arguments', 'The cursor is not one this list handed out; start again without it.', {
    fields: [{ field: 'cursor', problem: 'is not a cursor this list handed out' }],
  });
}
