/**
 * One-time owner sign-in links on the run's database, with the clock given to each call: a link
 * signs in once, for fifteen minutes, only while its account is approved; the table keeps only
 * its hash; two concurrent clicks sign in once; links expired for over a day are forgotten.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '@agent-products/kit/auth';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '@agent-products/kit/testing';
import { chengduMigrations } from '../store/migrations.ts';
import type { ChengduDatabase } from '../store/schema.ts';
import { SIGN_IN_LINK_MINUTES, SignInLinks } from './sign-in-links.ts';

let database: TestDatabase<ChengduDatabase>;
let links: SignInLinks;
const t0 = new Date('2026-12-01T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const MINUTE = 60_000;

beforeAll(async () => {
  database = await openTestDatabase<ChengduDatabase>(chengduMigrations, 'chengdu_sign_in_links');
  links = new SignInLinks(database.db);
});
afterAll(async () => {
  await database?.dispose();
});

async function account(approved = true): Promise<string> {
  const accountId = `acct_${randomUUID()}`;
  await database.db
    .insertInto('accounts')
    .values({ account_id: accountId, email: `${accountId}@example.org`, approved })
    .execute();
  return accountId;
}

async function linkRow(token: string) {
  return database.db.selectFrom('sign_in_links').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
}

describe(`sign-in links on ${testDatabaseKind()}`, () => {
  it('issues a link that lives fifteen minutes and is stored only as its hash', async () => {
    const accountId = await account();
    const link = await links.issue(accountId, t0);
    expect(SIGN_IN_LINK_MINUTES).toBe(15);
    expect(link.token).toMatch(/^csl_[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({ accountId, expiresAt: at(15 * MINUTE) });
    const row = await linkRow(link.token);
    expect(row).toMatchObject({ account_id: accountId, used_at: null });
    expect(new Date(row!.created_at).getTime()).toBe(t0.getTime());
    expect(new Date(row!.expires_at).getTime()).toBe(at(15 * MINUTE).getTime());
    const all = await database.db.selectFrom('sign_in_links').selectAll().execute();
    expect(JSON.stringify(all)).not.toContain(link.token);
  });

  it('is valid until the fifteenth minute, then expired', async () => {
    const link = await links.issue(await account(), t0);
    expect(await links.state(link.token, at(15 * MINUTE - 1))).toBe('valid');
    expect(await links.state(link.token, at(15 * MINUTE))).toBe('expired');
    expect(await links.consume(database.db, link.token, at(15 * MINUTE))).toEqual({ failure: 'expired' });
    expect((await linkRow(link.token))!.used_at).toBeNull();
  });

  it('signs in once: the second use is refused as used, even after expiry', async () => {
    const accountId = await account();
    const link = await links.issue(accountId, t0);
    expect(await links.consume(database.db, link.token, at(MINUTE))).toEqual({ accountId });
    expect(new Date((await linkRow(link.token))!.used_at!).getTime()).toBe(at(MINUTE).getTime());
    expect(await links.state(link.token, at(2 * MINUTE))).toBe('used');
    expect(await links.consume(database.db, link.token, at(2 * MINUTE))).toEqual({ failure: 'used' });
    expect(await links.state(link.token, at(60 * MINUTE))).toBe('used');
  });

  it('is dead for an account that lost approval, and says so', async () => {
    const accountId = await account();
    const link = await links.issue(accountId, t0);
    await database.db.updateTable('accounts').set({ approved: false }).where('account_id', '=', accountId).execute();
    expect(await links.state(link.token, at(MINUTE))).toBe('withdrawn');
    expect(await links.consume(database.db, link.token, at(MINUTE))).toEqual({ failure: 'withdrawn' });
    // Expiry is named first: the link could not be used whatever the account.
    expect(await links.state(link.token, at(15 * MINUTE))).toBe('expired');
    await database.db.updateTable('accounts').set({ approved: true }).where('account_id', '=', accountId).execute();
    expect(await links.consume(database.db, link.token, at(MINUTE))).toEqual({ accountId });
  });

  it('knows nothing of a token it did not issue', async () => {
    expect(await links.state('csl_not-issued', t0)).toBe('unknown');
    expect(await links.consume(database.db, 'csl_not-issued', t0)).toEqual({ failure: 'unknown' });
  });

  it('of two concurrent clicks, signs in exactly one', async () => {
    const accountId = await account();
    const link = await links.issue(accountId, t0);
    const outcomes = await Promise.all([links.consume(database.db, link.token, at(MINUTE)), links.consume(database.db, link.token, at(MINUTE))]);
    expect(outcomes.filter((o) => 'accountId' in o)).toEqual([{ accountId }]);
    expect(outcomes.filter((o) => 'failure' in o)).toEqual([{ failure: 'used' }]);
  });

  it('is not spent when the transaction that used it rolls back', async () => {
    const accountId = await account();
    const link = await links.issue(accountId, t0);
    await expect(
      database.db.transaction().execute(async (trx) => {
        expect(await links.consume(trx, link.token, at(MINUTE))).toEqual({ accountId });
        throw new Error('the session could not be created');
      }),
    ).rejects.toThrow('the session could not be created');
    expect(await links.state(link.token, at(MINUTE))).toBe('valid');
  });

  it('forgets links a day after they expired, when the next one is issued', async () => {
    const accountId = await account();
    const old = await links.issue(accountId, t0);
    const fresh = await links.issue(accountId, at(15 * MINUTE + 24 * 60 * MINUTE));
    expect(await linkRow(old.token)).toBeDefined();
    await links.issue(accountId, at(15 * MINUTE + 24 * 60 * MINUTE + 1));
    expect(await linkRow(old.token)).toBeUndefined();
    expect(await links.state(old.token, at(15 * MINUTE + 24 * 60 * MINUTE + 1))).toBe('unknown');
    expect(await linkRow(fresh.token)).toBeDefined();
  });
});
