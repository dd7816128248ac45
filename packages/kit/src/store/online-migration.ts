/**
 * A migration in two parts, so upgrading never stops the service (the rule is in the kit README):
 *
 * - `up`, the schema change: runs in the migrator's transaction under a lock timeout (a change
 *   waiting behind a long transaction is given up and tried again, instead of queueing every
 *   reader of the table behind it), and rewrites no table: no whole-table UPDATE, no column type
 *   change, no volatile default, no plain CREATE INDEX on a table that already holds rows.
 * - `indexes`: the indexes it adds to tables that already hold rows, built `CONCURRENTLY` once its
 *   transaction has committed (CONCURRENTLY cannot run inside one), before the next migration.
 * - `backfill`: the work on existing rows, done in bounded batches in the background of the
 *   serving process (backfills.ts); readers must be correct for rows it has not reached yet.
 */
import type { Kysely, Migration } from 'kysely';

export interface ConcurrentIndex {
  name: string;
  /** What follows the index's name in CREATE INDEX: `on table using … (…) where …`. */
  definition: string;
}

/** One batch of a backfill's work, in its own transaction: `rows` brought up to date, ending at key `last`. */
export interface BackfillBatch {
  last: string;
  rows: number;
}

export interface Backfill {
  /**
   * Does the work on at most `limit` rows whose key sorts after `cursor`, in key order, and says
   * where it stopped; `undefined` when no row after `cursor` needs it. Must be idempotent: a batch
   * may be repeated after a crash between its commit and the next.
   */
  batch(db: Kysely<any>, cursor: string, limit: number): Promise<BackfillBatch | undefined>;
  /**
   * Whether any row anywhere still needs the work (one written behind the cursor by a release
   * that does not know the new column, during a rolling update): asked when a pass reaches the end;
   * the backfill starts another pass from the beginning when it does.
   */
  remaining(db: Kysely<any>): Promise<boolean>;
}

export interface OnlineMigration extends Migration {
  indexes?: readonly ConcurrentIndex[];
  backfill?: Backfill;
}
