/** Pooled random text: the right length, never repeated across refills, bad sizes refused. */
import { describe, expect, it } from 'vitest';
import { randomBase64Url } from './random-text.ts';

describe('random base64url text', () => {
  it('has the length its byte count implies and only base64url characters', () => {
    expect(randomBase64Url(12)).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(randomBase64Url(32)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('never repeats across many pool refills', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) seen.add(randomBase64Url(i % 2 === 0 ? 12 : 31));
    expect(seen.size).toBe(20_000);
  });

  it('spreads its bits evenly', () => {
    // 16,000 bytes: each of 8 bit positions should be set close to half the time.
    const counts = new Array<number>(8).fill(0);
    for (let i = 0; i < 500; i++) {
      for (const byte of Buffer.from(randomBase64Url(32), 'base64url')) for (let bit = 0; bit < 8; bit++) counts[bit]! += (byte >> bit) & 1;
    }
    for (const count of counts) expect(Math.abs(count - 8000)).toBeLessThan(400);
  });

  it('hands out every size from 1 to 4096 bytes, the pool’s whole size included', () => {
    expect(randomBase64Url(1)).toMatch(/^[A-Za-z0-9_-]{2}$/);
    const whole = randomBase64Url(4096);
    expect(Buffer.from(whole, 'base64url')).toHaveLength(4096);
    // A pool of zeros (spent bytes are zeroed) would show as a long run of A's.
    expect(whole).not.toMatch(/A{16}/);
  });

  it('refuses sizes outside 1 to 4096 bytes, saying which', () => {
    expect(() => randomBase64Url(0)).toThrow('Between 1 and 4096 random bytes (asked: 0).');
    expect(() => randomBase64Url(-1)).toThrow(RangeError);
    expect(() => randomBase64Url(0)).toThrow(RangeError);
    expect(() => randomBase64Url(4097)).toThrow('Between 1 and 4096 random bytes (asked: 4097).');
    expect(() => randomBase64Url(1.5)).toThrow(RangeError);
  });
});
