/**
 * Browser sessions on the run's database: a started session resumes from its cookie value alone,
 * the table never holds that value, each start mints a new id and CSRF token, expiry is absolute,
 * ending deletes it, starting sweeps expired rows, and a failed start inside a transaction leaves
 * no session.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { hashToken } from '../auth/index.ts';
import { openTestDatabase, type TestDatabase } from '../testing/index.ts';
import { BrowserSessions, cookieMaxAge, type SessionTable } from './browser-sessions.ts';

interface Tables {
  people: { person_id: string; admitted: boolean };
  web_sessions: { session_hash: string; person_id: string; csrf_token: string; created_at: Date; expires_at: Date };
}
type Db = Kysely<Tables>;
interface Live {
  personId: string;
  csrfToken: string;
}

const migrations = {
  '0001_sessions': {
    async up(db: Kysely<any>) {
      await sql`create table people (person_id text primary key, admitted boolean not null)`.execute(db);
      await sql`
        create table web_sessions (
          session_hash text primary key, person_id text not null references people,
          csrf_token text not null, created_at timestamptz not null, expires_at timestamptz not null)`.execute(db);
    },
  },
};

let database: TestDatabase<Tables>;
let sessions: BrowserSessions<string, Live, Db>;
const DAY = 24 * 3600_000;
const now = new Date('2026-12-01T10:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

function table(db: Db): SessionTable<string, Live, Db> {
  return {
    async insert(trx, row) {
      await trx
        .insertInto('web_sessions')
        .values({ session_hash: row.sessionHash, person_id: row.subject, csrf_token: row.csrfToken, created_at: row.createdAt, expires_at: row.expiresAt })
        .execute();
    },
    async deleteExpired(trx, at) {
      await trx.deleteFrom('web_sessions').where('expires_at', '<=', at).execute();
    },
    async findLive(sessionHash, at) {
      const row = await db
        .selectFrom('web_sessions')
        .innerJoin('people', 'people.person_id', 'web_sessions.person_id')
        .select(['web_sessions.person_id', 'csrf_token'])
        .where('session_hash', '=', sessionHash)
        .where('expires_at', '>', at)
        .where('admitted', '=', true)
        .executeTakeFirst();
      return row ? { personId: row.person_id, csrfToken: row.csrf_token } : undefined;
    },
    async delete(sessionHash) {
      await db.deleteFrom('web_sessions').where('session_hash', '=', sessionHash).execute();
    },
  };
}

beforeAll(async () => {
  database = await openTestDatabase<Tables>(migrations, 'kit_browser_sessions');
  await database.db
    .insertInto('people')
    .values([
      { person_id: 'p1', admitted: true },
      { person_id: 'p2', admitted: true },
    ])
    .execute();
});
// Built for each test, so that a lifetime refused by mistake fails the tests rather than the file.
beforeEach(() => {
  sessions = new BrowserSessions(table(database.db), 7 * DAY);
});
afterAll(async () => {
  await database?.dispose();
});

describe('BrowserSessions', () => {
  it('resumes a started session from its cookie value, which the table never holds', async () => {
    const started = await sessions.start(database.db, 'p1', now);
    expect(started.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(started.expiresAt).toEqual(later(7 * DAY));
    expect(cookieMaxAge(started, now)).toBe(7 * 24 * 3600);
    const live = await sessions.resume(started.sessionId, later(DAY));
    expect(live?.personId).toBe('p1');
    expect(live?.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await database.db.selectFrom('web_sessions').selectAll().execute();
    expect(rows.some((r) => r.session_hash === hashToken(started.sessionId))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(started.sessionId);
  });

  it('mints a new id and CSRF token for every start, even for the same subject', async () => {
    const a = await sessions.start(database.db, 'p2', now);
    const b = await sessions.start(database.db, 'p2', now);
    expect(a.sessionId).not.toBe(b.sessionId);
    const [liveA, liveB] = await Promise.all([sessions.resume(a.sessionId, now), sessions.resume(b.sessionId, now)]);
    expect(liveA!.csrfToken).not.toBe(liveB!.csrfToken);
  });

  it('does not resume an unknown id, an expired session, or one whose subject is no longer admitted', async () => {
    const started = await sessions.start(database.db, 'p1', now);
    expect(await sessions.resume('no-such-session', now)).toBeUndefined();
    expect(await sessions.resume(started.sessionId, later(7 * DAY - 1))).toBeDefined();
    expect(await sessions.resume(started.sessionId, later(7 * DAY))).toBeUndefined();
    await database.db.updateTable('people').set({ admitted: false }).where('person_id', '=', 'p1').execute();
    try {
      expect(await sessions.resume(started.sessionId, now)).toBeUndefined();
    } finally {
      await database.db.updateTable('people').set({ admitted: true }).where('person_id', '=', 'p1').execute();
    }
  });

  it('ends a session for good', async () => {
    const started = await sessions.start(database.db, 'p1', now);
    await sessions.end(started.sessionId);
    expect(await sessions.resume(started.sessionId, now)).toBeUndefined();
  });

  it('drops expired rows when a session starts', async () => {
    const old = await sessions.start(database.db, 'p1', now);
    await sessions.start(database.db, 'p2', later(8 * DAY));
    const left = await database.db.selectFrom('web_sessions').select('session_hash').where('session_hash', '=', hashToken(old.sessionId)).execute();
    expect(left).toEqual([]);
  });

  it('writes nothing when the transaction it started in rolls back', async () => {
    let started: { sessionId: string } | undefined;
    await expect(
      database.db.transaction().execute(async (trx) => {
        started = await sessions.start(trx, 'p1', now);
        throw new Error('the sign-in failed after all');
      }),
    ).rejects.toThrow('the sign-in failed after all');
    expect(await sessions.resume(started!.sessionId, now)).toBeUndefined();
  });

  it('refuses a lifetime that is not positive', () => {
    for (const lifetime of [0, -1, Number.NaN]) {
      expect(() => new BrowserSessions(table(database.db), lifetime)).toThrow(new RangeError(`A session lifetime must be positive (given: ${lifetime} ms).`));
    }
    expect(() => new BrowserSessions(table(database.db), 1)).not.toThrow();
  });

  it('tells the cookie the whole seconds the session has left', async () => {
    const started = await sessions.start(database.db, 'p1', now);
    expect(cookieMaxAge(started, later(1500))).toBe(7 * 24 * 3600 - 2);
    expect(cookieMaxAge(started, later(7 * DAY - 999))).toBe(0);
  });

  it('keeps sessions that have not expired when another one starts', async () => {
    const kept = await sessions.start(database.db, 'p1', now);
    await sessions.start(database.db, 'p2', later(7 * DAY - 1));
    expect((await sessions.resume(kept.sessionId, later(7 * DAY - 1)))?.personId).toBe('p1');
  });
});
