/**
 * Exactly-once writes under retries. A write runs in one transaction that first claims
 * (account, operation, key) in `idempotency_records`; concurrent retries with the same key wait
 * on that row and then read the stored answer instead of writing again. The same key with other
 * arguments is refused. Only successful answers are stored: a refused write leaves no record, so
 * its retry is judged afresh.
 *
 * The product's migrations create the table: account_id, operation, idempotency_key (primary key
 * together), request_hash, response jsonb, created_at.
 */
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { sql, type Kysely, type Transaction } from 'kysely';
import { platformErrors } from '../mcp/errors.ts';

export interface IdempotencyScope {
  accountId: string;
  operation: string;
  idempotencyKey: string;
}

export function requestHash(operation: string, args: unknown): string {
  return createHash('sha256').update(canonicalize({ operation, args }) ?? '').digest('hex');
}

export async function runIdempotent<R>(
  db: Kysely<any>,
  scope: IdempotencyScope,
  args: unknown,
  now: Date,
  work: (trx: Transaction<any>) => Promise<R>,
): Promise<{ result: R; replayed: boolean }> {
  const hash = requestHash(scope.operation, args);
  return db.transaction().execute(async (trx) => {
    const claimed = await sql<{ claimed: number }>`
      insert into idempotency_records (account_id, operation, idempotency_key, request_hash, response, created_at)
      values (${scope.accountId}, ${scope.operation}, ${scope.idempotencyKey}, ${hash}, 'null'::jsonb, ${now})
      on conflict do nothing
      returning 1 as claimed`.execute(trx);
    if (claimed.rows.length === 1) {
      const result = await work(trx);
      await sql`
        update idempotency_records set response = ${JSON.stringify(result)}::jsonb
        where account_id = ${scope.accountId} and operation = ${scope.operation} and idempotency_key = ${scope.idempotencyKey}`.execute(trx);
      return { result, replayed: false };
    }
    const stored = await sql<{ request_hash: string; response: unknown }>`
      select request_hash, response from idempotency_records
      where account_id = ${scope.accountId} and operation = ${scope.operation} and idempotency_key = ${scope.idempotencyKey}`.execute(trx);
    const row = stored.rows[0];
    if (!row || row.request_hash !== hash) {
      throw platformErrors.fail(
        'idempotency_conflict',
        `The idempotencyKey was already used for a different ${scope.operation}; use a new key for a new action.`,
        { idempotencyKey: scope.idempotencyKey },
      );
    }
    const response = typeof row.response === 'string' ? JSON.parse(row.response) : row.response;
    return { result: response as R, replayed: true };
  });
}
