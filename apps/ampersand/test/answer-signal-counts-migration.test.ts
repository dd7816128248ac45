/**
 * Migration 0062 makes questions_list's signalsCreated what the answerer approved: answers given
 * before it (each counted 1 when answered) are set right by it — 0 unless their signal is
 * approved — and from then on the database recounts a question when its signal changes status.
 * On PGlite, or PostgreSQL with DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import pg from 'pg';
import { migrate, openDatabase, runBackfills, type Database } from '@agent-products/kit/store';
import { PeerQuestions } from '../src/identity/peer-questions.ts';
import { ampersandMigrations } from '../src/store/migrations.ts';

const url = process.env.DATABASE_URL;
const schema = url ? `amp_answer_counts_${randomBytes(5).toString('hex')}` : 'public';
let database: Database<any> | undefined;

afterAll(async () => {
  await database?.close();
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`).finally(() => client.end());
});

it('sets the counts of answers given before it to what was approved, then keeps them so', async () => {
  database = await openDatabase<any>({ url, dataDir: 'memory://', schema });
  const before = Object.fromEntries(Object.entries(ampersandMigrations).filter(([name]) => name < '0062'));
  await migrate(database.db, database.schema, before);
  const db = database.db;
  const now = new Date();
  await db
    .insertInto('andees')
    .values([
      { andee_id: 'asker', tag: 'asker', display_name: 'Asker', photo_url: null },
      { andee_id: 'friend', tag: 'friend', display_name: 'Friend', photo_url: null },
    ])
    .execute();
  const statuses = { approved: 'q-approved', pending: 'q-pending', rejected: 'q-rejected' } as const;
  for (const [status, questionId] of Object.entries(statuses)) {
    await db
      .insertInto('peer_questions')
      .values({
        question_id: questionId,
        asker_id: 'asker',
        recipient_id: 'friend',
        question: `${status}?`,
        status: 'answered',
        signals_created: 1,
        created_at: now,
        expires_at: new Date(now.getTime() + 86_400_000),
        resolved_at: now,
      })
      .execute();
    await db
      .insertInto('identity_facts')
      .values({
        fact_id: `f-${status}`,
        andee_id: 'friend',
        value: `“${status}?” — yes`,
        value_key: `${status} yes`,
        visibility: 'private',
        status,
        source: 'answer',
        question_id: questionId,
        created_at: now,
      })
      .execute();
  }
  const counts = async () =>
    Object.fromEntries(
      (await db.selectFrom('peer_questions').select(['question_id', 'signals_created']).execute()).map((r) => [r.question_id, r.signals_created]),
    );
  expect(await counts()).toEqual({ 'q-approved': 1, 'q-pending': 1, 'q-rejected': 1 });

  expect(await migrate(db, database.schema, ampersandMigrations)).toContain('0062_answer_signal_counts');
  // The schema change leaves the stored counts to the backfill; questions_list counts meanwhile.
  expect(await counts()).toEqual({ 'q-approved': 1, 'q-pending': 1, 'q-rejected': 1 });
  const listed = async () =>
    Object.fromEntries(
      (await new PeerQuestions(db as never, {} as never, {} as never, 86_400, () => new Date()).sent('asker')).map((q) => [q.questionId, q.signalsCreated]),
    );
  expect(await listed()).toEqual({ 'q-approved': 1, 'q-pending': 0, 'q-rejected': 0 });
  await runBackfills(db, ampersandMigrations);
  expect(await counts()).toEqual({ 'q-approved': 1, 'q-pending': 0, 'q-rejected': 0 });
  expect(await listed()).toEqual({ 'q-approved': 1, 'q-pending': 0, 'q-rejected': 0 });
  await db.updateTable('identity_facts').set({ status: 'approved' }).where('fact_id', '=', 'f-pending').execute();
  await db.updateTable('identity_facts').set({ status: 'rejected' }).where('fact_id', '=', 'f-approved').execute();
  expect(await counts()).toEqual({ 'q-approved': 0, 'q-pending': 1, 'q-rejected': 0 });
});
