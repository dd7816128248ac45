/** Topic words in Russian and English, with synonyms and case forms, read to the same topics. */
import { describe, expect, it } from 'vitest';
import { interpretTopics, topicOfWord } from './topics.ts';

describe('topics', () => {
  it.each([
    ['концерт', 'concert'],
    ['концерты', 'concert'],
    ['concerts', 'concert'],
    ['gig', 'concert'],
    ['джаз', 'jazz'],
    ['джазовый', 'jazz'],
    ['jazz', 'jazz'],
    ['фестиваль', 'festival'],
    ['фестиваля', 'festival'],
    ['fest', 'festival'],
    ['festivals', 'festival'],
    ['театр', 'theatre'],
    ['спектакль', 'theatre'],
    ['theater', 'theatre'],
    ['plays', 'theatre'],
    ['выставка', 'exhibition'],
    ['выставки', 'exhibition'],
    ['музей', 'exhibition'],
    ['exhibitions', 'exhibition'],
    ['опера', 'opera'],
    ['оперный', 'opera'],
    ['балет', 'ballet'],
    ['филармония', 'classical'],
    ['symphony', 'classical'],
    ['рок', 'rock'],
    ['кино', 'film'],
    ['movies', 'film'],
    ['музыка', 'music'],
  ])('%s means %s', (word, topic) => {
    expect(topicOfWord(word)).toBe(topic);
  });

  it('does not mistake unrelated words for topics', () => {
    for (const word of ['оперативный', 'рокот', 'москва', 'weekend']) expect(topicOfWord(word)).toBeUndefined();
  });

  it('normalizes phrases in either language to the same topics, keeping unknown words as free text', () => {
    const ru = interpretTopics(['Джазовый фестиваль']);
    const en = interpretTopics(['jazz', 'festival']);
    expect(ru.normalized).toEqual(['jazz', 'festival']);
    expect(en.normalized).toEqual(ru.normalized);
    const free = interpretTopics(['Шаляпин', 'opera', 'and the']);
    expect(free.topics).toEqual(['opera']);
    expect(free.freeWords).toEqual(['шаляпин']);
    expect(free.interpretation.map((i) => i.means)).toEqual([expect.stringContaining('not a known topic'), 'opera / опера', 'nothing (no topic words)']);
  });

  it('reads normalized topics back to themselves, so trip IDs stay stable', () => {
    const once = interpretTopics(['джаз-фестиваль', 'выставки', 'Шаляпин']).normalized;
    expect(interpretTopics(once).normalized).toEqual(once);
  });
});
