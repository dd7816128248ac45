/**
 * splitQuery reads plain ASCII queries on a shortcut; it must split them exactly as the
 * Unicode-aware pass does. A trailing ideographic space (U+3000, which NFKC turns into a
 * separator) sends the same query down the full pass, so the two can be compared directly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzRuns } from '@agent-products/kit/testing';
import { splitQuery } from './normalize.ts';

const asciiQuery = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 60 });

describe('splitQuery', () => {
  it('splits printable ASCII exactly as the Unicode-aware pass does', () => {
    fc.assert(
      fc.property(asciiQuery, (query) => {
        expect(splitQuery(query)).toEqual(splitQuery(`${query}\u3000`));
      }),
      { numRuns: fuzzRuns(2000) },
    );
  });

  it('lower-cases, drops apostrophes and splits on everything else', () => {
    expect(splitQuery("People's PARK, tea-house`s 2nd!")).toEqual([{ script: 'latin', words: ['peoples', 'park', 'tea', 'houses', '2nd'] }]);
    expect(splitQuery(' ,.- ')).toEqual([]);
    expect(splitQuery('panda熊猫 park')).toEqual([
      { script: 'latin', words: ['panda'] },
      { script: 'han', text: '熊猫' },
      { script: 'latin', words: ['park'] },
    ]);
  });
});
