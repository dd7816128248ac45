/**
 * CSRF tokens are compared in constant time: every comparison of a sent token with the expected
 * one of the same length is node:crypto's `timingSafeEqual` over the whole of both, so how long a
 * refusal takes says nothing about how many leading characters of a guess were right (a `===`
 * stops at the first difference). A length difference is answered at once: a token's length is
 * no secret.
 */
import * as crypto from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('node:crypto', async (original) => {
  const actual = await original<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

const { tokensEqual } = await import('./tokens-equal.ts');
const compared = vi.mocked(crypto.timingSafeEqual);

describe('tokensEqual compares in constant time', () => {
  beforeEach(() => {
    compared.mockClear();
  });

  it.each([
    ['the same token', 'x'.repeat(43), true],
    ['a guess wrong at its first character', `y${'x'.repeat(42)}`, false],
    ['a guess wrong only at its last character', `${'x'.repeat(42)}y`, false],
  ])('hands %s to timingSafeEqual whole, and answers what it answers', (_case, sent, equal) => {
    expect(tokensEqual(sent, 'x'.repeat(43))).toBe(equal);
    expect(compared).toHaveBeenCalledTimes(1);
    const [a, b] = compared.mock.calls[0]!.map((bytes) => Buffer.from(bytes as Uint8Array).toString());
    expect([a, b]).toEqual([sent, 'x'.repeat(43)]);
  });

  it('answers a different length or no token without comparing contents', () => {
    expect(tokensEqual('x'.repeat(42), 'x'.repeat(43))).toBe(false);
    expect(tokensEqual('', 'x')).toBe(false);
    expect(tokensEqual(undefined, 'x')).toBe(false);
    expect(compared).not.toHaveBeenCalled();
  });
});
