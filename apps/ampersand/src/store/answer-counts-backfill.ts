/**
 * Migration 0062's backfill (online migrations, kit README): answers given before it were each
 * counted 1 when answered; a question whose answer's signal is not approved is set to 0, a batch
 * of questions at a time while the API serves. Until it is done, questions_list counts the
 * approved signals itself (identity/peer-questions.ts), so its answer is right for every question.
 */
import { sql } from 'kysely';
import type { Backfill } from '@agent-products/kit/store';

export const ANSWER_COUNTS_BACKFILL = '0062_answer_signal_counts';

export const answerCountsBackfill: Backfill = {
  async batch(db, cursor, limit) {
    const { rows } = await sql<{ last: string | null; rows: number }>`
      with batch as (select question_id from peer_questions where question_id > ${cursor} order by question_id limit ${limit}),
      fixed as (
        update peer_questions q set signals_created = 0 from batch b
        where q.question_id = b.question_id and q.signals_created > 0 and not exists (
          select 1 from identity_facts f where f.andee_id = q.recipient_id and f.status = 'approved' and f.question_id = q.question_id)
        returning 1
      )
      select (select max(question_id) from batch) as last, (select count(*) from fixed)::int as rows`.execute(db);
    const row = rows[0];
    return row?.last ? { last: row.last, rows: row.rows } : undefined;
  },
  async remaining(db) {
    const { rows } = await sql`
      select 1 from peer_questions q where q.signals_created > 0 and not exists (
        select 1 from identity_facts f where f.andee_id = q.recipient_id and f.status = 'approved' and f.question_id = q.question_id)
      limit 1`.execute(db);
    return rows.length > 0;
  },
};
