/**
 * Every Chengdu Soul migration follows the online-migration rule (kit README): its schema change
 * rewrites, scans and blocks no table that already existed; indexes on such tables are declared
 * (built CONCURRENTLY) and work on their rows is a backfill. Checked on what the migrations really
 * execute (kit/testing migration-rules.ts). The migrations written before the rule keep exactly the
 * findings listed here: reviewed, never to grow. On PGlite, or PostgreSQL with DATABASE_URL.
 */
import { expect, it } from 'vitest';
import { migrationRuleFindingsOnFreshDatabase } from '@agent-products/kit/testing';
import { chengduMigrations } from '../src/store/migrations.ts';

/** The last migration written before the rule. */
const BEFORE_THE_RULE = '0007_owner_lists_by_index';

/** What migrations from before the rule (7 December 2026) do, reviewed then. */
const HISTORICAL: Record<string, string[]> = {
  '0007_owner_lists_by_index': ['create index pages_by_account on pages', 'create index proposals_by_draft on idempotency_records'],
};

it('runs no migration that rewrites, scans or blocks a table that already existed, but the reviewed historical ones', async () => {
  for (const name of Object.keys(HISTORICAL)) expect(name <= BEFORE_THE_RULE).toBe(true);
  expect(await migrationRuleFindingsOnFreshDatabase(chengduMigrations, 'chengdu_rules')).toEqual(HISTORICAL);
}, 300_000);
