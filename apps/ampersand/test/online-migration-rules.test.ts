/**
 * Every & migration after 0065 follows the online-migration rule (kit README): its schema change
 * rewrites, scans and blocks no table that already existed; indexes on such tables are declared
 * (built CONCURRENTLY) and work on their rows is a backfill. Checked on what the migrations really
 * execute (kit/testing migration-rules.ts). The migrations written before the rule keep exactly the
 * findings listed here: reviewed, never to grow. On PGlite, or PostgreSQL with DATABASE_URL.
 */
import { expect, it } from 'vitest';
import { migrationRuleFindingsOnFreshDatabase } from '@agent-products/kit/testing';
import { ampersandMigrations } from '../src/store/migrations.ts';

/** The last migration written before the rule. */
const BEFORE_THE_RULE = '0065_interaction_started_from';

/**
 * What migrations from before the rule do, reviewed on 7 December 2026. They ran long ago on every
 * database but one upgraded from an old release; their tables were small or absent then. 0051's
 * inline REFERENCES was there all along, named once the check learnt to read it.
 */
const HISTORICAL: Record<string, string[]> = {
  '0004_identity_signals': ['validated constraint on identity_facts', 'update identity_facts', 'create index identity_facts_live_value on identity_facts'],
  '0051_agent_chat': [
    'validated constraint on loop_runs',
    'create index loop_runs_by_chat_turn on loop_runs',
    'create index loop_runs_chat_by_andee on loop_runs',
    'add column chat_andee_id references andees on conversation_messages',
    'validated constraint on conversation_messages',
    'create index conversation_chat_seq on conversation_messages',
  ],
  '0052_names_by_index': ['create index andees_by_name_key on andees', 'create index andees_by_name_word on andees'],
};

it('runs no migration that rewrites, scans or blocks a table that already existed, but the reviewed historical ones', async () => {
  for (const name of Object.keys(HISTORICAL)) expect(name <= BEFORE_THE_RULE).toBe(true);
  expect(await migrationRuleFindingsOnFreshDatabase(ampersandMigrations, 'amp_rules')).toEqual(HISTORICAL);
}, 300_000);
