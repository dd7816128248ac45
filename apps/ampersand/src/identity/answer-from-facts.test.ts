/**
 * The answer from the facts a caller may see: the facts sharing the most words with the question,
 * best first and at most five a person, quoted as stated; a plain sentence for a person with no
 * fact to see or none that speaks to the question; never an invented fact.
 */
import { describe, expect, it } from 'vitest';
import { answerFrom } from './answer-from-facts.ts';

describe('answerFrom', () => {
  it('quotes the facts sharing the most words with the question, best first, at most five a person', () => {
    const many = ['one apple', 'two apple pears', 'three apple pears plums', 'four apple', 'five apple', 'six apple', 'no fruit here'];
    const { answer, basedOnFacts } = answerFrom('apple pears plums?', [{ name: 'Kim', facts: many }]);
    expect(answer).toBe('Kim: three apple pears plums two apple pears one apple four apple five apple');
    expect(basedOnFacts).toBe(5);
  });

  it('says when a person has no fact to see, or none that speaks to the question, and invents nothing', () => {
    const { answer, basedOnFacts } = answerFrom('What about chess?', [
      { name: 'Kim', facts: [] },
      { name: 'Lee', facts: ['Lee swims.', 'Lee sings.'] },
    ]);
    expect(answer).toBe('Kim: no approved facts you can see.\nLee: none of the 2 facts you can see speaks to this.');
    expect(basedOnFacts).toBe(0);
  });

  it('never counts a common word as a match', () => {
    const common = ['an', 'and', 'are', 'about', 'do', 'does', 'for', 'in', 'is', 'me', 'my', 'of', 'on', 'or', 'the', 'to', 'what', 'who', 'how', 'which', 'where', 'when', 'you', 'your', 'like', 'likes', 'tell', 'we', 'us', 'our', 'should'];
    for (const word of common) {
      expect(answerFrom(`${word}?`, [{ name: 'Kim', facts: [`Kim ${word} zebras.`] }]).basedOnFacts, word).toBe(0);
    }
  });

  it('ignores case, punctuation, one-letter and common words, and a plural s on longer words', () => {
    expect(answerFrom('What do YOU like about the gardens?', [{ name: 'Kim', facts: ['Kim has a garden.'] }]).basedOnFacts).toBe(1);
    expect(answerFrom('What do you like about the?', [{ name: 'Kim', facts: ['What do you like about the garden?'] }]).basedOnFacts).toBe(0);
    expect(answerFrom('x y z', [{ name: 'Kim', facts: ['x y z'] }]).basedOnFacts).toBe(0);
    // A plural s comes off words of five letters or more only: "roses" is "rose", but "cats"
    // stays "cats" and "gas" is not "ga".
    expect(answerFrom('rose', [{ name: 'Kim', facts: ['Kim grows roses.'] }]).basedOnFacts).toBe(1);
    expect(answerFrom('cat', [{ name: 'Kim', facts: ['Kim has cats.'] }]).basedOnFacts).toBe(0);
    expect(answerFrom('ga', [{ name: 'Kim', facts: ['Kim cooks with gas.'] }]).basedOnFacts).toBe(0);
    expect(answerFrom('Kim 熊猫', [{ name: 'Kim', facts: ['看熊猫'] }, { name: 'Lee', facts: ['熊猫'] }]).basedOnFacts).toBe(1);
  });
});
