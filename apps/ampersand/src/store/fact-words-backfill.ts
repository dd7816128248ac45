/**
 * Migration 0056's backfill (the kit's online migrations, kit README): each fact written before
 * the migration, or by an older release during a rolling update, gets its content words
 * (text/content-words.ts), the same words the write path stores. A null `content_words` is a
 * fact not reached yet; `find_andees` fills the few it is about to read itself (fillMissingWords),
 * so its answers are right before the backfill is done.
 */
import { sql, type Kysely } from 'kysely';
import type { Backfill } from '@agent-products/kit/store';
import { contentWords } from '../text/content-words.ts';

export const FACT_WORDS_BACKFILL = '0056_public_fact_words';

export const factWordsBackfill: Backfill = {
  // The next `limit` facts by id, whatever their state, so a batch's work is bounded even on a
  // pass where almost every fact already has its words; only those still without are written.
  async batch(db, cursor, limit) {
    const facts = await db
      .selectFrom('identity_facts')
      .select(['fact_id', 'value', sql<boolean>`content_words is null`.as('missing')])
      .where('fact_id', '>', cursor)
      .orderBy('fact_id')
      .limit(limit)
      .execute();
    if (facts.length === 0) return undefined;
    const rows = await storeMissingWords(
      db,
      facts.filter((f) => f.missing),
    );
    return { last: facts.at(-1)!.fact_id, rows };
  },
  async remaining(db) {
    const { rows } = await sql`select 1 from identity_facts where content_words is null limit 1`.execute(db);
    return rows.length > 0;
  },
};

/**
 * Stores the content words of facts that have none yet, in one statement (the words computed
 * here, sent as one JSON array). Only where still null and the value is the one read: a fact
 * written or edited meanwhile carries its own words already. Returns how many were stored.
 */
export async function storeMissingWords(db: Kysely<any>, facts: ReadonlyArray<{ fact_id: string; value: string }>): Promise<number> {
  if (facts.length === 0) return 0;
  const words = JSON.stringify(facts.map((fact) => ({ fact_id: fact.fact_id, value: fact.value, words: [...contentWords(fact.value)] })));
  // The rows are locked in fact id order first: the backfill's batches and find_andees' fills of
  // the same facts then always wait on each other in one order, and never deadlock.
  const result = await sql`
    with v as (select * from jsonb_to_recordset(${words}::jsonb) as v(fact_id text, value text, words jsonb)),
    locked as (
      select f.fact_id from identity_facts f join v on v.fact_id = f.fact_id
      where f.content_words is null order by f.fact_id for update of f
    )
    update identity_facts f
    set content_words = array(select w from jsonb_array_elements_text(v.words) with ordinality as t(w, n) order by n)
    from locked, v
    where f.fact_id = locked.fact_id and v.fact_id = f.fact_id and f.value = v.value and f.content_words is null`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
