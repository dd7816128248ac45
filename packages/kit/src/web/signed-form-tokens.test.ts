/**
 * The signed double submit: a token verifies only with the cookie it was issued for, under the
 * same key, before the cookie expires; a cookie still good for a while is reused (two tabs), one
 * near expiry is replaced; a key that failed to load is asked for again.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignedFormTokens } from './signed-form-tokens.ts';
import { tokensEqual } from './tokens-equal.ts';

const now = new Date('2026-12-01T10:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
const keyed = (key = randomBytes(32)) => new SignedFormTokens({ signingKey: async () => key });

describe('SignedFormTokens', () => {
  it('verifies a token with its own cookie and refuses it with another or none', async () => {
    const tokens = keyed();
    const a = await tokens.issue(undefined, now);
    const b = await tokens.issue(undefined, now);
    expect(a.fresh).toBe(true);
    expect(a.maxAgeSeconds).toBe(120 * 60);
    expect(await tokens.verify(a.cookie, a.token, now)).toBe(true);
    expect(await tokens.verify(b.cookie, a.token, now)).toBe(false);
    expect(await tokens.verify(undefined, a.token, now)).toBe(false);
    expect(await tokens.verify(a.cookie, null, now)).toBe(false);
    expect(await tokens.verify(a.cookie, `${a.token.slice(0, -1)}${a.token.endsWith('A') ? 'B' : 'A'}`, now)).toBe(false);
  });

  it('refuses a token signed under another key (another server)', async () => {
    const issued = await keyed().issue(undefined, now);
    expect(await keyed().verify(issued.cookie, issued.token, now)).toBe(false);
  });

  it('accepts the same key in another instance (another process of the same server)', async () => {
    const key = randomBytes(32);
    const issued = await keyed(key).issue(undefined, now);
    expect(await keyed(key).verify(issued.cookie, issued.token, now)).toBe(true);
  });

  it('refuses an expired cookie and a cookie whose expiry was edited', async () => {
    const tokens = keyed();
    const issued = await tokens.issue(undefined, now);
    expect(await tokens.verify(issued.cookie, issued.token, minutes(119))).toBe(true);
    expect(await tokens.verify(issued.cookie, issued.token, minutes(120))).toBe(false);
    const stretched = issued.cookie.replace(/\.\d+$/, `.${minutes(600).getTime()}`);
    expect(await tokens.verify(stretched, issued.token, minutes(121))).toBe(false);
    expect(await tokens.verify('not-a-cookie', issued.token, now)).toBe(false);
  });

  it('reuses a cookie with time left and replaces one about to expire', async () => {
    const tokens = keyed();
    const first = await tokens.issue(undefined, now);
    const again = await tokens.issue(first.cookie, minutes(60));
    expect(again).toMatchObject({ cookie: first.cookie, fresh: false, token: first.token, maxAgeSeconds: 60 * 60 });
    const late = await tokens.issue(first.cookie, minutes(100));
    expect(late.fresh).toBe(true);
    expect(late.cookie).not.toBe(first.cookie);
    expect(await tokens.verify(first.cookie, first.token, minutes(100))).toBe(true);
  });

  it("lives as long as the product asks, and counts the cookie's age in whole seconds left", async () => {
    const tokens = new SignedFormTokens({ signingKey: async () => Buffer.alloc(32, 1), lifetimeMinutes: 45 });
    const issued = await tokens.issue(undefined, now);
    expect(issued.maxAgeSeconds).toBe(45 * 60);
    expect(await tokens.verify(issued.cookie, issued.token, minutes(44))).toBe(true);
    expect(await tokens.verify(issued.cookie, issued.token, minutes(45))).toBe(false);
    // Reused half a second after minute 10: 35 min minus 0.5 s are left, which is 2099 whole seconds.
    const reused = await tokens.issue(issued.cookie, new Date(minutes(10).getTime() + 500));
    expect(reused).toMatchObject({ cookie: issued.cookie, fresh: false, maxAgeSeconds: 35 * 60 - 1 });
  });

  it('replaces a cookie with exactly half an hour left', async () => {
    const tokens = keyed();
    const first = await tokens.issue(undefined, now);
    expect((await tokens.issue(first.cookie, new Date(minutes(90).getTime() - 1))).fresh).toBe(false);
    expect((await tokens.issue(first.cookie, minutes(90))).fresh).toBe(true);
  });

  it('never reuses a cookie that is not of its own form', async () => {
    const tokens = keyed();
    const { cookie } = await tokens.issue(undefined, now);
    const [random, expiry] = cookie.split('.') as [string, string];
    const foreign = [
      `x${cookie}`,
      `${cookie}x`,
      `${random.slice(1)}.${expiry}`,
      `${random}a.${expiry}`,
      `${random.slice(1)}+.${expiry}`,
      `${random}.${expiry}000`,
      `${random}.`,
      `${random}${expiry}`,
      '',
    ];
    for (const candidate of foreign) {
      const issued = await tokens.issue(candidate, now);
      expect(issued.fresh, candidate).toBe(true);
      expect(issued.cookie, candidate).not.toBe(candidate);
      expect(await tokens.verify(candidate, await tokens.issue(candidate, now).then((t) => t.token), now), candidate).toBe(false);
    }
  });

  it('signs form:<cookie>, so no other signature under the shared key passes as a form token', async () => {
    const key = randomBytes(32);
    const issued = await keyed(key).issue(undefined, now);
    expect(issued.token).toBe(createHmac('sha256', key).update(`form:${issued.cookie}`).digest('base64url'));
    const bare = createHmac('sha256', key).update(issued.cookie).digest('base64url');
    expect(await keyed(key).verify(issued.cookie, bare, now)).toBe(false);
  });

  it('asks for the key again after it failed to load, and once after it loaded', async () => {
    let calls = 0;
    const tokens = new SignedFormTokens({
      signingKey: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
        return Buffer.alloc(32, 7);
      },
    });
    await expect(tokens.issue(undefined, now)).rejects.toThrow('database down');
    const issued = await tokens.issue(undefined, now);
    expect(await tokens.verify(issued.cookie, issued.token, now)).toBe(true);
    expect(calls).toBe(2);
  });
});

describe('tokensEqual', () => {
  it('is true only for the same non-empty text', () => {
    expect(tokensEqual('abc', 'abc')).toBe(true);
    expect(tokensEqual('abd', 'abc')).toBe(false);
    expect(tokensEqual('ab', 'abc')).toBe(false);
    expect(tokensEqual('', '')).toBe(false);
    expect(tokensEqual(null, 'abc')).toBe(false);
    expect(tokensEqual(undefined, 'abc')).toBe(false);
  });
});
