/**
 * Refresh-token succession on a real database (PGlite, or PostgreSQL with DATABASE_URL), with an
 * injected clock: the first claim of a token rotates it; a second claim inside the grace window
 * waits for the first's answer and gets the same one, but only for the same client; after the
 * window, or once the first claimant has been silent too long, it is reuse; a refused first
 * attempt can be claimed afresh. What the table keeps is the token's hash, never the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { openTestDatabase, type TestDatabase } from '@agent-products/kit/testing';
import { ampersandMigrations } from '../store/migrations.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { deriveKeys } from './derived-keys.ts';
import { RefreshSuccession } from './refresh-succession.ts';

const GRACE_SECONDS = 30;
const T0 = new Date('2026-12-01T10:00:00Z');
const after = (ms: number) => () => new Date(T0.getTime() + ms);
const ANSWER = { access_token: 'at-1', refresh_token: 'rt-2', token_type: 'Bearer' };

let database: TestDatabase<AmpersandDatabase>;
let db: Kysely<AmpersandDatabase>;
let succession: RefreshSuccession;
let counter = 0;
const token = () => `refresh-token-${++counter}`;

beforeAll(async () => {
  database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'refresh_succession');
  db = database.db;
  succession = new RefreshSuccession(db, deriveKeys('a test secret of enough length for hkdf'), GRACE_SECONDS);
});
afterAll(async () => database?.dispose());

/** A token claimed at T0 whose rotation answered ANSWER for client `app`. */
async function rotated(): Promise<string> {
  const t = token();
  expect(await succession.claim(t, 'app', after(0))).toEqual({ kind: 'first' });
  await succession.record(t, 'app', ANSWER);
  return t;
}

describe('RefreshSuccession', () => {
  it('gives the first claimant the rotation, and a retry inside the window the same answer', async () => {
    const t = await rotated();
    expect(await succession.claim(t, 'app', after(1000))).toEqual({ kind: 'replay', response: ANSWER });
    // The last moment of the window still replays; one millisecond later is reuse.
    expect(await succession.claim(t, 'app', after(GRACE_SECONDS * 1000))).toEqual({ kind: 'replay', response: ANSWER });
    expect(await succession.claim(t, 'app', after(GRACE_SECONDS * 1000 + 1))).toEqual({ kind: 'reuse' });
  });

  it('treats the same token from another client, or from no client, as reuse', async () => {
    const t = await rotated();
    expect(await succession.claim(t, 'other-app', after(1000))).toEqual({ kind: 'reuse' });
    expect(await succession.claim(t, undefined, after(1000))).toEqual({ kind: 'reuse' });
  });

  it('makes a concurrent claim wait for the first one’s answer', async () => {
    const t = token();
    expect(await succession.claim(t, 'app', after(0))).toEqual({ kind: 'first' });
    let settled = false;
    const second = succession.claim(t, 'app', after(500)).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(settled).toBe(false);
    await succession.record(t, 'app', ANSWER);
    expect(await second).toEqual({ kind: 'replay', response: ANSWER });
  });

  it('stops waiting for a first claimant silent for more than ten seconds, as reuse', async () => {
    const t = token();
    expect(await succession.claim(t, 'app', after(0))).toEqual({ kind: 'first' });
    expect(await succession.claim(t, 'app', after(10_001))).toEqual({ kind: 'reuse' });
    // At exactly ten seconds it still waits, and decides on its next round (each round reads the
    // clock twice: for the claim it tries to insert and for the age it compares).
    const looks: number[] = [10_000, 10_000, 10_001];
    let seen = 0;
    const clock = () => new Date(T0.getTime() + looks[Math.min(seen++, looks.length - 1)]!);
    expect(await succession.claim(t, 'app', clock)).toEqual({ kind: 'reuse' });
    expect(seen).toBeGreaterThan(2);
  });

  it('releases a refused first attempt so the next is first again, but never a recorded one', async () => {
    const refused = token();
    expect(await succession.claim(refused, 'app', after(0))).toEqual({ kind: 'first' });
    await succession.release(refused);
    expect(await succession.claim(refused, 'app', after(1000))).toEqual({ kind: 'first' });

    const t = await rotated();
    await succession.release(t);
    expect(await succession.claim(t, 'app', after(1000))).toEqual({ kind: 'replay', response: ANSWER });
  });

  it('keeps the token’s hash and a sealed answer, neither the token nor the answer in the clear', async () => {
    const t = await rotated();
    const rows = await db.selectFrom('oauth_refresh_successions').selectAll().execute();
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(t);
    expect(stored).not.toContain('rt-2');
    expect(rows.some((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });
});
