/**
 * The approved account and its Agent credentials on the run's database, with the clock given to
 * each call: one approved account at a time; a credential lives at most 24 hours, for one
 * audience, is stored only as a hash and can be revoked; every request is judged afresh
 * (unknown, wrong audience, withdrawn account, revoked, expired) and only a good one counts
 * against the account's shared write limit, in the database and in Redis.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '@agent-products/kit/auth';
import { createRateLimiter, type RateLimiter } from '@agent-products/kit/store';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '@agent-products/kit/testing';
import { chengduMigrations } from '../store/migrations.ts';
import type { ChengduDatabase } from '../store/schema.ts';
import { CredentialService, MAX_CREDENTIAL_HOURS } from './credential-service.ts';

let database: TestDatabase<ChengduDatabase>;
let credentials: CredentialService;
const t0 = new Date('2026-12-01T10:00:00Z');
const HOUR = 3600_000;
const at = (ms: number) => new Date(t0.getTime() + ms);
const AUDIENCE = 'http://127.0.0.1:4501/mcp';

beforeAll(async () => {
  database = await openTestDatabase<ChengduDatabase>(chengduMigrations, 'chengdu_credentials');
  credentials = new CredentialService(database.db);
});
afterAll(async () => {
  await database?.dispose();
});

const uniqueEmail = () => `owner-${randomUUID()}@example.org`;

describe(`the approved account on ${testDatabaseKind()}`, () => {
  it('approves one account at a time, normalizing its email, and keeps its id when approved again', async () => {
    const first = uniqueEmail();
    const firstId = await credentials.approveAccount(`  ${first.toUpperCase()} `);
    expect(firstId).toMatch(/^acct_[0-9a-f-]{36}$/);
    expect(await credentials.approvedAccount()).toEqual({ accountId: firstId, email: first });
    const second = uniqueEmail();
    const secondId = await credentials.approveAccount(second);
    expect(secondId).not.toBe(firstId);
    expect(await credentials.approvedAccount()).toEqual({ accountId: secondId, email: second });
    const approved = await database.db.selectFrom('accounts').select('account_id').where('approved', '=', true).execute();
    expect(approved).toEqual([{ account_id: secondId }]);
    expect(await credentials.approveAccount(first)).toBe(firstId);
    expect(await credentials.approvedAccount()).toEqual({ accountId: firstId, email: first });
  });

  it('refuses what is not an email address', async () => {
    for (const bad of ['', 'owner', 'owner@', '@example.org', 'own er@example.org', 'a@b@c']) {
      await expect(credentials.approveAccount(bad)).rejects.toThrow(new TypeError(`Not an email address: ${bad}`));
    }
  });
});

describe(`Agent credentials on ${testDatabaseKind()}`, () => {
  let accountId: string;
  let email: string;
  beforeEach(async () => {
    email = uniqueEmail();
    accountId = await credentials.approveAccount(email);
  });

  it('issues a credential for the approved account, kept only as its hash, listed newest first', async () => {
    const older = await credentials.issue({ audience: AUDIENCE, hours: 2, label: 'older', now: t0 });
    const issued = await credentials.issue({ audience: AUDIENCE, hours: 24, label: 'laptop', now: at(HOUR) });
    expect(issued).toEqual({
      credentialId: expect.stringMatching(/^cred_[0-9a-f-]{36}$/),
      token: expect.stringMatching(/^csa_[A-Za-z0-9_-]{43}$/),
      accountId,
      audience: AUDIENCE,
      expiresAt: at(25 * HOUR),
    });
    expect(older.expiresAt).toEqual(at(2 * HOUR));
    const row = await database.db.selectFrom('agent_credentials').selectAll().where('credential_id', '=', issued.credentialId).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(issued.token));
    expect(JSON.stringify(row)).not.toContain(issued.token);
    const listed = (await credentials.list()).filter((c) => c.email === email);
    expect(listed).toEqual([
      { credentialId: issued.credentialId, email, label: 'laptop', audience: AUDIENCE, issuedAt: at(HOUR), expiresAt: at(25 * HOUR), revokedAt: null },
      { credentialId: older.credentialId, email, label: 'older', audience: AUDIENCE, issuedAt: t0, expiresAt: at(2 * HOUR), revokedAt: null },
    ]);
  });

  it('issues for more than 0 and at most 24 hours', async () => {
    expect(MAX_CREDENTIAL_HOURS).toBe(24);
    for (const hours of [0, -1, 24.001, Number.NaN]) {
      await expect(credentials.issue({ audience: AUDIENCE, hours, label: 'x', now: t0 })).rejects.toThrow(
        new RangeError(`A credential lives between 0 and 24 hours (asked: ${hours}).`),
      );
    }
    expect((await credentials.issue({ audience: AUDIENCE, hours: 0.5, label: 'x', now: t0 })).expiresAt).toEqual(at(HOUR / 2));
  });

  it('issues nothing without an approved account', async () => {
    await database.db.updateTable('accounts').set({ approved: false }).execute();
    expect(await credentials.approvedAccount()).toBeUndefined();
    await expect(credentials.issue({ audience: AUDIENCE, hours: 1, label: 'x', now: t0 })).rejects.toThrow(
      'No approved account: run approve-account <email> first.',
    );
  });

  it('revokes once: the listing shows when, and a second revocation or an unknown id changes nothing', async () => {
    const issued = await credentials.issue({ audience: AUDIENCE, hours: 1, label: 'x', now: t0 });
    expect(await credentials.revoke(issued.credentialId, at(60_000))).toBe(true);
    expect(await credentials.revoke(issued.credentialId, at(120_000))).toBe(false);
    expect(await credentials.revoke('cred_unknown', at(60_000))).toBe(false);
    const listed = (await credentials.list()).find((c) => c.credentialId === issued.credentialId);
    expect(listed?.revokedAt).toEqual(at(60_000));
  });
});

describe.each([
  ['the database', undefined],
  ['Redis', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'],
])(`admitting a request with the write limit in %s (${testDatabaseKind()})`, (_store, redisUrl) => {
  let limiter: RateLimiter;
  let accountId: string;
  beforeEach(async () => {
    accountId = await credentials.approveAccount(uniqueEmail());
    limiter = createRateLimiter({ db: database.db, points: 5, windowSeconds: 60, keyPrefix: `test-${randomUUID()}`, redisUrl });
  });
  afterAll(async () => {
    await limiter?.close();
  });
  const issue = (hours = 2) => credentials.issue({ audience: AUDIENCE, hours, label: 'agent', now: t0 });

  it('admits a good credential as its account, with the planning scope, and counts its calls', async () => {
    const { token, credentialId } = await issue();
    const first = await credentials.admit(token, AUDIENCE, at(HOUR), limiter);
    expect(first).toEqual({
      principal: { subject: accountId, credentialId, scopes: ['planning'] },
      limit: { allowed: true, retryAfterSeconds: 0, remaining: 4 },
    });
    const batch = await credentials.admit(token, AUDIENCE, at(HOUR), limiter, 4);
    expect(batch).toMatchObject({ limit: { allowed: true, remaining: 0 } });
    const over = await credentials.admit(token, AUDIENCE, at(HOUR), limiter);
    expect(over).toMatchObject({ principal: { subject: accountId }, limit: { allowed: false, remaining: 0 } });
    // The window began a moment ago: most of its 60 s are left before a retry can succeed.
    expect((over as { limit: { retryAfterSeconds: number } }).limit.retryAfterSeconds).toBeGreaterThan(1);
  });

  it('refuses an unknown token, another audience and a withdrawn account as invalid, counting nothing', async () => {
    const { token } = await issue();
    expect(await credentials.admit('csa_not-issued', AUDIENCE, at(HOUR), limiter)).toEqual({ failure: 'invalid' });
    expect(await credentials.admit(token, 'http://127.0.0.1:4502/mcp', at(HOUR), limiter)).toEqual({ failure: 'invalid' });
    await credentials.approveAccount(uniqueEmail());
    expect(await credentials.admit(token, AUDIENCE, at(HOUR), limiter)).toEqual({ failure: 'invalid' });
    expect(await limiter.consume(accountId)).toMatchObject({ remaining: 4 });
  });

  it('refuses a revoked credential as revoked, from the next request on, counting nothing', async () => {
    const { token, credentialId } = await issue();
    expect(await credentials.admit(token, AUDIENCE, at(HOUR), limiter)).toHaveProperty('principal');
    await credentials.revoke(credentialId, at(HOUR));
    expect(await credentials.admit(token, AUDIENCE, at(HOUR), limiter)).toEqual({ failure: 'revoked' });
    expect(await credentials.admit(token, AUDIENCE, at(3 * HOUR), limiter)).toEqual({ failure: 'revoked' });
    expect(await limiter.consume(accountId)).toMatchObject({ remaining: 3 });
  });

  it('admits until the expiry instant, then refuses as expired, counting nothing', async () => {
    const { token } = await issue(2);
    expect(await credentials.admit(token, AUDIENCE, at(2 * HOUR - 1), limiter)).toHaveProperty('principal');
    expect(await credentials.admit(token, AUDIENCE, at(2 * HOUR), limiter)).toEqual({ failure: 'expired' });
    expect(await credentials.admit(token, AUDIENCE, at(30 * 24 * HOUR), limiter)).toEqual({ failure: 'expired' });
    expect(await limiter.consume(accountId)).toMatchObject({ remaining: 3 });
  });
});
