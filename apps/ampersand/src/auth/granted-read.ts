/**
 * A read that carries the grant check (api-token.ts `in-read`): the query's rows when the
 * condition (`liveGrantCondition`) holds, undefined when it does not — one statement instead of
 * the check and then the read. With `orderBy`, a column of the query's that numbers its rows
 * (row_number() in the query's own order), the rows come back in that order: a subquery's order
 * does not survive the join around it.
 */
import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';

export async function readIfGranted<R extends object>(
  db: Kysely<any>,
  condition: RawBuilder<boolean>,
  query: SelectQueryBuilder<any, any, R>,
  orderBy?: keyof R & string,
): Promise<R[] | undefined> {
  return grantedRows((await grantedQuery(condition, query, orderBy).execute(db)).rows);
}

export type GrantedRow<R> = R & { granted__: boolean; present__: boolean | null };

/** readIfGranted's statement, unexecuted (to build it once: kit `compiledOnce`); its rows go through `grantedRows`. */
export function grantedQuery<R extends object>(
  condition: RawBuilder<boolean>,
  query: SelectQueryBuilder<any, any, R>,
  orderBy?: keyof R & string,
): RawBuilder<GrantedRow<R>> {
  const order = orderBy ? sql`order by r.${sql.ref(orderBy)}` : sql``;
  return sql<GrantedRow<R>>`
    select r.*, guard.granted__
    from (select ${condition} as granted__) guard
    left join lateral (select true as present__, q.* from (${query}) q where guard.granted__) r on true
    ${order}`;
}

/** The query's rows out of grantedQuery's, or undefined when the grant was not live. */
export function grantedRows<R extends object>(rows: GrantedRow<R>[]): R[] | undefined {
  if (!rows[0]?.granted__) return undefined;
  return rows.filter((r) => r.present__).map(({ granted__: _granted, present__: _present, ...row }) => row as unknown as R);
}
