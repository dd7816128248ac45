/**
 * Every & migration after 0065 follows the online-migration rule (kit README): its schema change
 * rewrites, scans and blocks no table that already existed; indexes on such tables are declared
 * (built CONCURRENTLY) and work on their rows is a backfill. Checked on what the migrations really
 * execute (kit/testing migration-rules.ts). The migrations written before the rule keep exactly the
 * findings listed here: reviewed, never to grow. On PGlite, or PostgreSQL with DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase, type Database } from '@agent-products/kit/store';
import { migrationRuleFindings } from '@agent-products/kit/testing';
import { ampersandMigrations } from '../src/store/migrations.ts';

/** The last migration written before the rule. */
const BEFORE_THE_RULE = '0065_interaction_started_from';

/**
 * What migrations from before the rule do, reviewed on 7 December 2026. They ran long ago on every
 * database but one upgraded from an old release; their tables were small or absent then.
 */
const HISTORICAL: Record<string, string[]> = {
  '0004_identity_signals': ['validated constraint on identity_facts', 'update identity_facts', 'create index identity_facts_live_value on identity_facts'],
  '0051_agent_chat': [
    'validated constraint on loop_runs',
    'create index loop_runs_by_chat_turn on loop_runs',
    'create index loop_runs_chat_by_andee on loop_runs',
    'validated constraint on conversation_messages',
    'create index conversation_chat_seq on conversation_messages',
  ],
  '0052_names_by_index': ['create index andees_by_name_key on andees', 'create index andees_by_name_word on andees'],
};

const url = process.env.DATABASE_URL;
const schema = url ? `amp_rules_${randomBytes(5).toString('hex')}` : 'public';
let database: Database<unknown> | undefined;

afterAll(async () => {
  await database?.close();
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`).finally(() => client.end());
});

it('runs no migration that rewrites, scans or blocks a table that already existed, but the reviewed historical ones', async () => {
  for (const name of Object.keys(HISTORICAL)) expect(name <= BEFORE_THE_RULE).toBe(true);
  database = await openDatabase<unknown>({ url, dataDir: 'memory://', schema });
  expect(await migrationRuleFindings(database.db, database.schema, ampersandMigrations)).toEqual(HISTORICAL);
}, 300_000);
