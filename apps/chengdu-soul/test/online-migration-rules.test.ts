/**
 * Every Chengdu Soul migration follows the online-migration rule (kit README): its schema change
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
import { chengduMigrations } from '../src/store/migrations.ts';

/** The last migration written before the rule. */
const BEFORE_THE_RULE = '0007_owner_lists_by_index';

/** What migrations from before the rule (7 December 2026) do, reviewed then. */
const HISTORICAL: Record<string, string[]> = {
  '0007_owner_lists_by_index': ['create index pages_by_account on pages', 'create index proposals_by_draft on idempotency_records'],
};

const url = process.env.DATABASE_URL;
const schema = url ? `chengdu_rules_${randomBytes(5).toString('hex')}` : 'public';
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
  expect(await migrationRuleFindings(database.db, database.schema, chengduMigrations)).toEqual(HISTORICAL);
}, 300_000);
