/**
 * The "Get to know me" pass as a function of the identity and the synthesis an earlier pass
 * wrote: grouped by area with every line citing its facts, no write below three facts, no write
 * when nothing changed, only the change on a later pass, one sharp question for an empty area
 * (sharper when a suggestion there waits for review), and a large identity spread over passes.
 */
import { describe, expect, it } from 'vitest';
import { FACTS_PER_PASS, GET_TO_KNOW_ME_TITLE, MIN_FACTS, getToKnowMePass, synthesis, type IdentityFact } from './get-to-know-me.ts';
import type { ItemView } from './loop-items.ts';

let n = 0;
const fact = (text: string, hdsCode: string | null): IdentityFact => ({
  factId: `${(++n).toString(16).padStart(8, '0')}-aaaa-bbbb-cccc-dddddddddddd`,
  text,
  hdsCode,
});

const pasta = fact('I make fresh pasta by hand.', 'preferences.food');
const bridges = fact('I design bridges.', 'work.role');
const piano = fact('I play jazz piano.', 'interests.music_making');
const trio = fact('I play in a trio on Fridays.', 'interests.music_making');
const uncoded = fact('I keep bees.', null);

/** The item an earlier pass wrote, as the Loop holds it. */
function written(pass: ReturnType<typeof getToKnowMePass>): ItemView {
  const w = pass.write!;
  return {
    itemId: w.itemId ?? 'item_1',
    kind: w.kind,
    title: w.title,
    blocks: w.blocks,
    fallbackText: w.fallbackText,
    grounding: w.grounding ?? [],
    provenance: null,
    author: 'agent',
    visibility: 'owner',
    version: 1,
    createdAt: '',
    updatedAt: '',
  };
}

function lines(item: { blocks: ReadonlyArray<{ type: string; items?: string[] }> }): string[] {
  return item.blocks.flatMap((b) => (b.type === 'bullet_list' ? b.items! : []));
}

describe('getToKnowMePass', () => {
  it('writes one synthesis grouped by area, each line citing the facts of one HDS leaf by what they say, never by id', () => {
    const pass = getToKnowMePass([pasta, bridges, piano, trio, uncoded], [], []);
    expect(pass.write).toMatchObject({ kind: 'synthesis', title: GET_TO_KNOW_ME_TITLE, visibility: 'owner' });
    // Areas in the taxonomy's order, leaves in code order; a fact with no code is filed under the fallback leaf.
    expect(pass.write!.blocks.filter((b) => b.type === 'heading').map((b) => (b as { text: string }).text)).toEqual(['Preferences', 'Work', 'Interests']);
    expect(lines(pass.write!)).toEqual([
      expect.stringMatching(/: “I make fresh pasta by hand\.”$/),
      expect.stringMatching(/: “I design bridges\.”$/),
      expect.stringMatching(/: “I keep bees\.”$/),
      expect.stringMatching(/: “I play jazz piano\.”; “I play in a trio on Fridays\.”$/),
    ]);
    for (const fact of [pasta, bridges, piano, trio, uncoded]) expect(lines(pass.write!).join('\n')).not.toContain(fact.factId.slice(0, 8));
    expect([...pass.write!.grounding!].sort()).toEqual([pasta, bridges, piano, trio, uncoded].map((f) => f.factId).sort());
    expect(pass.summary).toMatch(/wrote 5 facts in 3 areas/);
    expect(pass.summary).toMatch(/One question: Where do you live/);
  });

  it(`writes nothing below ${MIN_FACTS} facts and says why, with the question for the emptiest area`, () => {
    const pass = getToKnowMePass([pasta, bridges], [], []);
    expect(pass.write).toBeUndefined();
    expect(pass.summary).toMatch(/^Nothing written: & knows 2 approved facts about you, and a synthesis needs at least 3/);
    expect(pass.summary).toMatch(/One question: What do you do for fun/);
  });

  it('asks about a suggestion waiting in the empty area instead of the generic question', () => {
    const pending = [fact('I live in Lisbon.', 'places.home')];
    const pass = getToKnowMePass([pasta, bridges, piano], pending, []);
    expect(pass.summary).toMatch(/1 suggestion waits for your review\.[\s\S]*One question: Is this right: “I live in Lisbon\.”\?/);
    expect(pass.write!.fallbackText).not.toContain('Lisbon');
  });

  it('leaves out a fact that reads like a progress note (a Loop refuses to keep one) and says so', () => {
    const thesis = fact('My thesis is in progress.', 'work.education');
    const pass = getToKnowMePass([pasta, bridges, piano, thesis], [], []);
    expect(pass.write!.grounding).toEqual([pasta.factId, bridges.factId, piano.factId]);
    expect(pass.write!.fallbackText).not.toContain('thesis');
    expect(pass.summary).toMatch(/1 fact reads like a progress note, which a Loop does not keep, so it is left out\./);
  });

  it('writes nothing when nothing changed since the synthesis it wrote', () => {
    const first = getToKnowMePass([pasta, bridges, piano], [], []);
    const again = getToKnowMePass([pasta, bridges, piano], [], [written(first)]);
    expect(again.write).toBeUndefined();
    expect(again.summary).toMatch(/^Nothing changed since the last pass: all 3 approved facts/);
  });

  it('a later pass updates the same item with what was added and takes out what is no longer approved', () => {
    const first = getToKnowMePass([pasta, bridges, piano], [], []);
    const later = getToKnowMePass([pasta, piano, trio], [], [written(first)]);
    expect(later.write!.itemId).toBe('item_1');
    expect(later.write!.grounding).toEqual([pasta.factId, piano.factId, trio.factId]);
    expect(later.write!.fallbackText).not.toContain('bridges');
    expect(later.summary).toMatch(/I added 1 fact \(Interests\) and took out 1 fact you no longer have approved/);
  });

  it(`adds at most ${FACTS_PER_PASS} facts a pass; the rest come in the next passes`, () => {
    const many = Array.from({ length: FACTS_PER_PASS + 5 }, (_, i) => fact(`I have visited city number ${i}.`, 'places.visited'));
    const first = getToKnowMePass(many, [], []);
    expect(first.write!.grounding).toHaveLength(FACTS_PER_PASS);
    expect(first.summary).toMatch(/5 more facts will come in the next pass/);
    const second = getToKnowMePass(many, [], [written(first)]);
    expect(second.write!.grounding).toHaveLength(FACTS_PER_PASS + 5);
    expect(second.summary).toMatch(/added 5 facts \(Places\)/);
  });

  it('keeps a line under the block limit by splitting a long group, every part quoting its own facts', () => {
    const long = Array.from({ length: 8 }, (_, i) => fact(`${'I really enjoy a long description of my cooking habit '.repeat(2)}${i}`, 'preferences.food'));
    const item = synthesis(long);
    const all = lines(item);
    expect(all.length).toBeGreaterThan(1);
    for (const line of all) {
      expect(line.length).toBeLessThanOrEqual(500);
      expect(line).toMatch(/^[^:]+: “[^”]+”(; “[^”]+”)*$/);
    }
    expect(all.join(' ').match(/“/g)).toHaveLength(8);
  });
});
