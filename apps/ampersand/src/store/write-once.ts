/**
 * A use case's write in one transaction; with an idempotency key, the first call's answer is
 * stored and a retry (concurrent or later) with the same key and arguments gets it back without
 * writing again (the kit's idempotency records, kept per account and operation).
 */
import type { Kysely, Transaction } from 'kysely';
import { runIdempotent } from '@agent-products/kit/store';
import type { AmpersandDatabase } from './schema.ts';

export async function writeOnce<R>(
  db: Kysely<AmpersandDatabase>,
  scope: { accountId: string; operation: string; idempotencyKey: string | undefined },
  args: unknown,
  now: Date,
  work: (trx: Transaction<AmpersandDatabase>) => Promise<R>,
): Promise<R> {
  if (!scope.idempotencyKey) return db.transaction().execute(work);
  const { result } = await runIdempotent(db, { accountId: scope.accountId, operation: scope.operation, idempotencyKey: scope.idempotencyKey }, args, now, work);
  return result;
}
