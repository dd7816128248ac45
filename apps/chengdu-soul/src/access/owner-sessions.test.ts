/**
 * The owner's browser sessions on the run's database, with the clock given to each call: a sign-in
 * link buys one seven-day session, spent and started together or not at all; a session resumes
 * with the owner's account, email and CSRF token until it expires, its account loses approval or
 * the owner signs out.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '@agent-products/kit/auth';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '@agent-products/kit/testing';
import { chengduMigrations } from '../store/migrations.ts';
import type { ChengduDatabase } from '../store/schema.ts';
import { OwnerSessions, SESSION_DAYS } from './owner-sessions.ts';
import { SignInLinks } from './sign-in-links.ts';

let database: TestDatabase<ChengduDatabase>;
let links: SignInLinks;
let sessions: OwnerSessions;
const t0 = new Date('2026-12-01T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const DAY = 24 * 3600_000;

beforeAll(async () => {
  database = await openTestDatabase<ChengduDatabase>(chengduMigrations, 'chengdu_owner_sessions');
  links = new SignInLinks(database.db);
});
// Built for each test, so that a mutant that breaks construction fails tests, not the file's hook.
beforeEach(() => {
  sessions = new OwnerSessions(database.db, links);
});
afterAll(async () => {
  await database?.dispose();
});

async function owner(approved = true): Promise<{ accountId: string; email: string }> {
  const accountId = `acct_${randomUUID()}`;
  const email = `${accountId}@example.org`;
  await database.db.insertInto('accounts').values({ account_id: accountId, email, approved }).execute();
  return { accountId, email };
}

async function signedIn(accountId: string, now = t0) {
  const link = await links.issue(accountId, now);
  const started = await sessions.signIn(link.token, now);
  if ('failure' in started) throw new Error(`sign-in failed: ${started.failure}`);
  return started;
}

describe(`owner sessions on ${testDatabaseKind()}`, () => {
  it('signs in with a link into a seven-day session that resumes with the owner and a CSRF token', async () => {
    const { accountId, email } = await owner();
    const started = await signedIn(accountId);
    expect(SESSION_DAYS).toBe(7);
    expect(started.expiresAt).toEqual(at(7 * DAY));
    const live = await sessions.resume(started.sessionId, at(DAY));
    expect(live).toEqual({ accountId, email, csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: at(7 * DAY) });
    const row = await database.db.selectFrom('sessions').selectAll().where('session_hash', '=', hashToken(started.sessionId)).executeTakeFirst();
    expect(row).toMatchObject({ account_id: accountId, csrf_token: live!.csrfToken });
    expect(new Date(row!.created_at).getTime()).toBe(t0.getTime());
  });

  it('resumes until the last millisecond of the seven days, not after', async () => {
    const { accountId } = await owner();
    const started = await signedIn(accountId);
    expect(await sessions.resume(started.sessionId, at(7 * DAY - 1))).toBeDefined();
    expect(await sessions.resume(started.sessionId, at(7 * DAY))).toBeUndefined();
  });

  it('does not sign in with a link that failed, and writes no session for it', async () => {
    const { accountId } = await owner();
    const link = await links.issue(accountId, t0);
    const before = await database.db.selectFrom('sessions').select('session_hash').execute();
    expect(await sessions.signIn(link.token, at(15 * 60_000))).toEqual({ failure: 'expired' });
    expect(await sessions.signIn('csl_never-issued', t0)).toEqual({ failure: 'unknown' });
    await signedIn(accountId);
    expect(await sessions.signIn((await links.issue(accountId, t0)).token, t0)).toHaveProperty('sessionId');
    const spent = await links.issue(accountId, t0);
    await sessions.signIn(spent.token, t0);
    expect(await sessions.signIn(spent.token, t0)).toEqual({ failure: 'used' });
    const after = await database.db.selectFrom('sessions').select('session_hash').execute();
    expect(after.length).toBe(before.length + 3);
  });

  it('spends the link and starts the session together: a failed start leaves the link unused', async () => {
    const { accountId } = await owner();
    const link = await links.issue(accountId, t0);
    // The same database, but each sign-in's transaction fails after its work, as a lost connection at commit would.
    const brokenSessions = new OwnerSessions(
      new Proxy(database.db, {
        get(target, property, receiver) {
          if (property !== 'transaction') return Reflect.get(target, property, receiver);
          return () => ({
            execute: (work: (trx: unknown) => Promise<unknown>) =>
              target.transaction().execute(async (trx) => {
                const result = await work(trx);
                expect(result).toHaveProperty('sessionId');
                throw new Error('the session row could not be written');
              }),
          });
        },
      }),
      links,
    );
    await expect(brokenSessions.signIn(link.token, t0)).rejects.toThrow('could not be written');
    expect(await links.state(link.token, t0)).toBe('valid');
    expect(await sessions.signIn(link.token, t0)).toHaveProperty('sessionId');
  });

  it('ends for an account that lost approval', async () => {
    const { accountId } = await owner();
    const started = await signedIn(accountId);
    await database.db.updateTable('accounts').set({ approved: false }).where('account_id', '=', accountId).execute();
    expect(await sessions.resume(started.sessionId, at(DAY))).toBeUndefined();
  });

  it("signs out for good, leaving the owner's other sessions", async () => {
    const { accountId } = await owner();
    const phone = await signedIn(accountId);
    const laptop = await signedIn(accountId);
    await sessions.signOut(phone.sessionId);
    expect(await sessions.resume(phone.sessionId, t0)).toBeUndefined();
    expect((await sessions.resume(laptop.sessionId, t0))?.accountId).toBe(accountId);
  });

  it('drops expired sessions when a new one starts, and keeps live ones', async () => {
    const { accountId } = await owner();
    const old = await signedIn(accountId, t0);
    const live = await signedIn(accountId, at(DAY));
    await signedIn(accountId, at(7 * DAY));
    const hashes = (await database.db.selectFrom('sessions').select('session_hash').execute()).map((r) => r.session_hash);
    expect(hashes).not.toContain(hashToken(old.sessionId));
    expect(hashes).toContain(hashToken(live.sessionId));
  });
});
