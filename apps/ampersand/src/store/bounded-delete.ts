/**
 * Deleting what a condition selects a bounded batch at a time: the rows are chosen through the
 * condition's index (at most `limit` of them) and removed by their physical address in the same
 * statement, so one statement's work and locks follow `limit`, not the table's size or how much
 * has piled up. A row changed between the choice and the delete moved and is left for a later
 * batch, which is harmless for a sweep.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';

export async function deleteBatch(db: Kysely<any>, table: string, condition: RawBuilder<boolean>, limit: number): Promise<number> {
  const result = await sql`
    delete from ${sql.table(table)}
    where ctid = any(array(select ctid from ${sql.table(table)} where ${condition} limit ${limit}))`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/**
 * Batches of `batch` rows until one comes back short or `batches` have run: the bound one sweep
 * run spends on one kind of row, however many an outsider or an outage left behind (the next run
 * takes the rest).
 */
export async function deleteInBatches(
  db: Kysely<any>,
  table: string,
  condition: RawBuilder<boolean>,
  { batch, batches }: { batch: number; batches: number },
): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < batches; i++) {
    const count = await deleteBatch(db, table, condition, batch);
    deleted += count;
    if (count < batch) break;
  }
  return deleted;
}
