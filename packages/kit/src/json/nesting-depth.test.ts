/** The nesting scan: depth counted over arrays and objects, brackets inside strings ignored. */
import { describe, expect, it } from 'vitest';
import { JsonNestingScan, nestsDeeperThan } from './nesting-depth.ts';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects alike, and only past the maximum', () => {
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(nestsDeeperThan('[[],[],[]]', 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ a: '[[[[{{{{', b: 'say \\"[[[[" loudly' }), 1)).toBe(false);
  });

  it('answers 100,000 levels without overflowing the stack', () => {
    expect(nestsDeeperThan(`${'['.repeat(100_000)}${']'.repeat(100_000)}`, 64)).toBe(true);
  });
});

describe('JsonNestingScan', () => {
  it('keeps its place across pieces, inside a string and after an escape', () => {
    const scan = new JsonNestingScan(3);
    const bytes = new TextEncoder().encode('{"a":"[[\\"[[","b":[{"c":1}]}');
    for (let i = 0; i < bytes.length; i += 3) expect(scan.feed(bytes.subarray(i, i + 3))).toBe(false);
    expect(new JsonNestingScan(2).feed('[[[')).toBe(true);
  });
});
