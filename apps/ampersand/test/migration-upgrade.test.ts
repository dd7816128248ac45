/**
 * An install made by the last released build upgrades: its database holds exactly the released
 * migrations, and migrating it to today's list must run only the new ones. Kysely's migrator
 * refuses a pending migration named before one already run, so a new migration given a low
 * number (as `0023_agent_chat` once was, after `0050_rate_limits` had shipped) stops every
 * existing install at start; this test fails first. On PGlite, or PostgreSQL with DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import pg from 'pg';
import { migrate, openDatabase, type Database } from '@agent-products/kit/store';
import { ampersandMigrations } from '../src/store/migrations.ts';

/** What the last released build had run (main at 972f89d). Extend it when a build ships. */
const RELEASED = [
  '0001_andees',
  '0002_oauth',
  '0003_idempotency_records',
  '0004_identity_signals',
  '0005_first_party_clients',
  '0006_contacts',
  '0007_connection_requests',
  '0008_peer_questions',
  '0009_notifications',
  '0020_loops',
  '0021_signal_suggestions',
  '0022_evidence',
  '0050_rate_limits',
];

const url = process.env.DATABASE_URL;
const schema = url ? `amp_upgrade_${randomBytes(5).toString('hex')}` : 'public';
let database: Database<unknown> | undefined;

afterAll(async () => {
  await database?.close();
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`).finally(() => client.end());
});

it('upgrades a database made by the released migrations, running only the new ones', async () => {
  database = await openDatabase<unknown>({ url, dataDir: 'memory://', schema });
  const released = Object.fromEntries(Object.entries(ampersandMigrations).filter(([name]) => RELEASED.includes(name)));
  expect(Object.keys(released).sort()).toEqual([...RELEASED].sort());
  await migrate(database.db, database.schema, released);

  const ran = await migrate(database.db, database.schema, ampersandMigrations);
  expect(ran.sort()).toEqual(
    Object.keys(ampersandMigrations)
      .filter((name) => !RELEASED.includes(name))
      .sort(),
  );
  // Every name added since sorts after every released one, or the migrator would have refused.
  // biome-ignore lint/complexity/useMathMinMax: migration names are strings; Math.max would compare NaN.
  for (const name of ran) expect(name > RELEASED.reduce((a, b) => (a > b ? a : b))).toBe(true);
});
