/** The taxonomy's labels said to the andee they are about, every leaf of the file included. */
import { describe, expect, it } from 'vitest';
import { hdsLeaves, toYou } from './hds-taxonomy.ts';

describe('toYou', () => {
  it('says the taxonomy’s labels to the andee they are about', () => {
    expect(toYou('What they do')).toBe('What you do');
    expect(toYou('Their field')).toBe('Your field');
    expect(toYou('How to reach and talk to them')).toBe('How to reach and talk to you');
    expect(toYou('Other facts, not yet sorted (the andee re-codes them at review)')).toBe('Other facts, not yet sorted (you sort them at review)');
    expect(toYou('Food and drink')).toBe('Food and drink');
  });

  it('leaves no leaf of the file in the third person', () => {
    // "them" alone may be the facts ("you sort them at review"); the person is "they", "their" or "the andee".
    for (const leaf of hdsLeaves()) expect(toYou(leaf.label), leaf.code).not.toMatch(/\b(they|their|the andee)\b/i);
  });
});
