/**
 * Times every statement a Kysely instance runs into `db_client_operation_duration_seconds`,
 * labelled by the statement's kind: the query builder's node, or a raw statement's first keyword
 * when it is a known one, so the label stays a small fixed set whatever SQL a product writes.
 *
 * On PostgreSQL (and a guest reaching an embedded owner) through Kysely's `log` hook, which wraps
 * each connection's executeQuery. The embedded driver times its own statements instead
 * (pglite-dialect.ts): the hook's wrapper is an async function awaiting an async logger per
 * statement, and on the embedded database, whose statements cost microseconds, that wrapper was
 * what metrics cost (bench/README.md, "Observability cost").
 */
import type { CompiledQuery, LogEvent } from 'kysely';
import { metricsEnabled } from './metric-registry.ts';
import { recordDatabaseCall } from './store-metrics.ts';

const NODE_OPERATION: Readonly<Record<string, string>> = {
  SelectQueryNode: 'SELECT',
  InsertQueryNode: 'INSERT',
  UpdateQueryNode: 'UPDATE',
  DeleteQueryNode: 'DELETE',
  MergeQueryNode: 'MERGE',
};
const KEYWORDS = new Set([
  'SELECT',
  'INSERT',
  'UPDATE',
  'DELETE',
  'WITH',
  'BEGIN',
  'COMMIT',
  'ROLLBACK',
  'SAVEPOINT',
  'RELEASE',
  'LISTEN',
  'NOTIFY',
  'VACUUM',
  'ANALYZE',
  'CREATE',
  'ALTER',
  'DROP',
  'SET',
  'LOCK',
]);
const FIRST_WORD = /^\s*([A-Za-z]+)/;

/** The `log` option for a Kysely instance: undefined when metrics are off, so nothing wraps the connections. */
export const timeDatabaseStatements: ((event: LogEvent) => void) | undefined = metricsEnabled
  ? (event) => recordDatabaseCall('postgresql', statementOperation(event.query), event.queryDurationMillis / 1000)
  : undefined;

/** The bounded `db_operation_name` of a compiled statement. */
export function statementOperation(query: CompiledQuery): string {
  const known = NODE_OPERATION[query.query.kind];
  if (known !== undefined) return known;
  const word = FIRST_WORD.exec(query.sql)?.[1]?.toUpperCase();
  return word !== undefined && KEYWORDS.has(word) ? word : 'OTHER';
}
