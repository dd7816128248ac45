/**
 * The housekeeping sweep's cost follows what it removes and has a ceiling per run, whoever set
 * its work: thousands of clients registered and abandoned (anyone can register one), lapsed
 * sessions and sign-in links, expired OAuth rows. Every statement a run makes reaches these
 * tables through an index (explained with sequential scans priced out, kit query-plans.ts), a run
 * removes at most its bound, and the runs after it take the rest. PGlite by default, PostgreSQL
 * with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDatabase, recordStatements, sequentialScans, type TestDatabase } from '@agent-products/kit/testing';
import { ampersandMigrations } from '../store/migrations.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { CLIENTS_SCANNED_PER_RUN, Grants } from '../auth/grants.ts';
import { SWEEP_BOUND, sweepOnce } from './sweeps.ts';

const SWEPT = ['oauth_store', 'interaction_approvals', 'oauth_refresh_successions', 'sign_in_links', 'web_sessions'];
const NOW = new Date();
const DAY = 24 * 3600_000;
const ABANDONED = 2_500;
const LAPSED_SESSIONS = 12_000;

let database: TestDatabase<AmpersandDatabase>;
/** A time as a statement parameter typed for a row built by `select … union all`. */
const at = (time: Date) => sql`${time}::timestamptz`;

beforeAll(async () => {
  database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'housekeeping_sweeps');
  const db = database.db;
  await db.insertInto('andees').values({ andee_id: 'ada', tag: 'ada', display_name: 'Ada Lovelace', photo_url: null }).execute();
  const old = new Date(NOW.getTime() - 3 * DAY);
  // Abandoned registrations, each from its own address as an outsider would spread them, and
  // 300 clients in use (a grant each), all past the unused-client TTL.
  await sql`
    insert into oauth_store (model, id_hash, payload, client_id, created_at)
    select 'Client', 'client-' || i, jsonb_build_object('client_id', 'c' || i, 'client_name', 'Probe from 10.0.' || (i / 250) || '.' || (i % 250)), 'c' || i, ${at(old)}
    from generate_series(1, ${ABANDONED + 300}::int) i`.execute(db);
  await sql`
    insert into oauth_store (model, id_hash, payload, client_id, account_id, grant_id, created_at)
    select 'Grant', 'grant-' || i, '{}'::jsonb, 'c' || i, 'ada', 'g' || i, ${at(old)}
    from generate_series(${ABANDONED + 1}::int, ${ABANDONED + 300}::int) i`.execute(db);
  await sql`
    insert into web_sessions (session_hash, andee_id, csrf_token, created_at, expires_at)
    select 'lapsed-' || i, 'ada', 'csrf', ${at(old)}, ${at(new Date(NOW.getTime() - DAY))} from generate_series(1, ${LAPSED_SESSIONS}::int) i
    union all select 'live', 'ada', 'csrf', ${at(NOW)}, ${at(new Date(NOW.getTime() + DAY))}`.execute(db);
  await sql`
    insert into sign_in_links (token_hash, andee_id, created_at, expires_at, used_at)
    select 'spent-' || i, 'ada', ${at(old)}, ${at(new Date(NOW.getTime() - 2 * DAY))}, ${at(old)} from generate_series(1, 300) i
    union all select 'lapsed-today', 'ada', ${at(NOW)}, ${at(new Date(NOW.getTime() - 3600_000))}, null
    union all select 'fresh', 'ada', ${at(NOW)}, ${at(new Date(NOW.getTime() + 600_000))}, null`.execute(db);
  await sql`analyze`.execute(db);
}, 120_000);
afterAll(async () => database?.dispose());

const clients = async () =>
  Number(
    (
      await database.db
        .selectFrom('oauth_store')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('model', '=', 'Client')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the housekeeping sweep', () => {
  it('reads every swept table through an index, never whole', async () => {
    const recorded = recordStatements(database.db);
    // One sweep on a copy of the work: the statements are explained, then the data is put back.
    await recorded.db
      .transaction()
      .execute(async (trx) => {
        await sweepOnce(trx, new Grants(trx), { now: NOW, unusedClientTtlSeconds: 24 * 3600 });
        throw new RollBack();
      })
      .catch((error) => {
        if (!(error instanceof RollBack)) throw error;
      });
    expect(recorded.statements.length).toBeGreaterThanOrEqual(6);
    const whole = [];
    for (const statement of recorded.statements) {
      const scans = await sequentialScans(database.db, statement, SWEPT);
      if (scans.length > 0) whole.push({ sql: statement.sql, scans });
    }
    expect(whole).toEqual([]);
  });

  it('removes at most its bound a run, the abandoned clients and lapsed rows only, and the next runs take the rest', async () => {
    const grants = new Grants(database.db);
    const first = await sweepOnce(database.db, grants, { now: NOW, unusedClientTtlSeconds: 24 * 3600 });
    expect(first.unusedClients).toBeLessThanOrEqual(CLIENTS_SCANNED_PER_RUN);
    expect(first.unusedClients).toBeGreaterThan(0);
    expect(first.webSessions).toBe(SWEEP_BOUND.batch * SWEEP_BOUND.batches);
    // A link lapsed this hour stays a day (its page still says "expired"); the spent ones go.
    expect(first.signInLinks).toBe(300);

    let runs = 1;
    while ((await clients()) > 300 && runs < 10) {
      await sweepOnce(database.db, grants, { now: NOW, unusedClientTtlSeconds: 24 * 3600 });
      runs++;
    }
    expect(await clients()).toBe(300);
    // The bound is what made it take several runs: one run alone cannot read every client.
    expect(runs).toBeGreaterThanOrEqual(Math.ceil((ABANDONED + 300) / CLIENTS_SCANNED_PER_RUN));
    const kept = await database.db.selectFrom('oauth_store').select('client_id').where('model', '=', 'Grant').execute();
    expect(kept).toHaveLength(300);
    const sessions = await database.db.selectFrom('web_sessions').select('session_hash').execute();
    expect(sessions.map((s) => s.session_hash)).toEqual(['live']);
    const links = await database.db.selectFrom('sign_in_links').select('token_hash').orderBy('token_hash').execute();
    expect(links.map((l) => l.token_hash)).toEqual(['fresh', 'lapsed-today']);
  });
});

class RollBack extends Error {}
