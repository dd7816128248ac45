/**
 * The starter catalog: each starter is a release like any other (content, outcome spec, and the
 * SHA-256 of their canonical JSON as pinSkill computes it), told apart by digest, not by name.
 */
import { canonicalHash } from '@agent-products/kit/json';
import { describe, expect, it } from 'vitest';
import { skillContent, outcomeSpec } from './skill-pins.ts';
import { STARTER_SKILLS, starterByDigest, starterById } from './starter-skills.ts';

describe('the starter skills', () => {
  it('are valid releases whose digest is the pin digest of their content and outcome spec', () => {
    expect(STARTER_SKILLS.map((s) => s.starterId)).toEqual(['get_to_know_me', 'connect']);
    for (const s of STARTER_SKILLS) {
      expect(skillContent.parse(s.content)).toEqual(s.content);
      expect(outcomeSpec.parse(s.outcomeSpec)).toEqual(s.outcomeSpec);
      expect(s.digest).toMatch(/^[0-9a-f]{64}$/);
      expect(s.digest).toBe(canonicalHash({ content: s.content, outcomeSpec: s.outcomeSpec }));
      expect(starterByDigest(s.digest)).toBe(s);
      expect(starterById(s.starterId)).toBe(s);
    }
    expect(starterByDigest(canonicalHash({ content: { instructions: 'Get to know me' }, outcomeSpec: STARTER_SKILLS[0]!.outcomeSpec }))).toBeUndefined();
    expect(starterById('family_movie_night')).toBeUndefined();
  });
});
