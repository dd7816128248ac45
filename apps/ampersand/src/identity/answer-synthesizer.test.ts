/**
 * The deterministic retrieval and answer of ask_question: a fact scores two per content word it
 * shares with the question and one when it is filed under a code the question mentions; the best
 * five per person count; the audience ranking orders people by their score, then by tag, ten at
 * most; the default answer quotes the relevant facts per person and says plainly when nothing
 * visible answers. Expected scores are worked out by hand from those rules.
 */
import { describe, expect, it } from 'vitest';
import { DeterministicSynthesizer, personLabel, rank, retrieve, type PersonFacts } from './answer-synthesizer.ts';

const person = (name: string, tag: string, facts: Array<string | [string, string]>, isCaller = false): PersonFacts => ({
  name,
  tag,
  isCaller,
  facts: facts.map((f) => (typeof f === 'string' ? { text: f, hdsCode: null } : { text: f[0], hdsCode: f[1] })),
});

// "food music": content words {food, music}; codes mentioned preferences.food and preferences.music.
const ada = person(
  'Ada',
  '&ada',
  [
    ['Spicy food', 'preferences.food'],
    'Food and music nightly',
    ['Hates mornings', 'preferences.music'],
    'Nothing relevant',
    ['Works as engineer', 'work.role'],
  ],
  true,
);
const bob = person('Bob', '&bob', []);
const cy = person('Cy', '&cy', [['Likes chess', 'interests.games']]);

describe('retrieve', () => {
  it('scores two per shared content word and one for a mentioned code, drops the rest, best first', () => {
    const [a, b, c] = retrieve({ question: 'food music', mode: 'about', people: [ada, bob, cy] });
    expect(a).toEqual({
      person: ada,
      facts: [
        { text: 'Food and music nightly', hdsCode: null, score: 4 },
        { text: 'Spicy food', hdsCode: 'preferences.food', score: 3 },
        { text: 'Hates mornings', hdsCode: 'preferences.music', score: 1 },
      ],
      score: 8,
    });
    expect(b).toEqual({ person: bob, facts: [], score: 0 });
    expect(c).toEqual({ person: cy, facts: [], score: 0 });
  });

  it('keeps the best five facts of a person, in score order', () => {
    const many = person('Max', '&max', [
      'alpha',
      'alpha beta gamma delta',
      'omega',
      'alpha beta',
      'alpha beta gamma delta epsilon zeta',
      'alpha beta gamma',
      'alpha beta gamma delta epsilon',
    ]);
    const [r] = retrieve({ question: 'alpha beta gamma delta epsilon zeta', mode: 'about', people: [many] });
    expect(r!.facts.map((f) => f.score)).toEqual([12, 10, 8, 6, 4]);
    expect(r!.facts[0]!.text).toBe('alpha beta gamma delta epsilon zeta');
    expect(r!.score).toBe(40);
  });

  it('ignores stop words and compares plurals with their singular', () => {
    const p = person('Pat', '&pat', ['what is the', 'several guitars']);
    const [r] = retrieve({ question: 'what is the guitar', mode: 'about', people: [p] });
    expect(r!.facts).toEqual([{ text: 'several guitars', hdsCode: null, score: 2 }]);
  });
});

const kim = person('Kim', '&kim', ['alpha', 'alpha beta gamma']);
const zed = person('Zed', '&zed', ['alpha beta']);
const amy = person('Amy', '&amy', ['alpha']);
const bea = person('Bea', '&bea', ['beta']);
const non = person('Non', '&non', ['omega']);
const emp = person('Emp', '&emp', []);
const audience = [bea, non, zed, emp, amy, kim];

describe('rank', () => {
  it('orders people with a relevant fact by score, then by tag, each with their best fact', () => {
    expect(rank(retrieve({ question: 'alpha beta gamma', mode: 'audience', people: audience }))).toEqual([
      { name: 'Kim', tag: '&kim', reason: 'Kim shared: “alpha beta gamma”' },
      { name: 'Zed', tag: '&zed', reason: 'Zed shared: “alpha beta”' },
      { name: 'Amy', tag: '&amy', reason: 'Amy shared: “alpha”' },
      { name: 'Bea', tag: '&bea', reason: 'Bea shared: “beta”' },
    ]);
  });

  it('ranks ten people at most', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => person(`P${i}`, `&t${String(12 - i).padStart(2, '0')}`, ['alpha']));
    expect(rank(retrieve({ question: 'alpha', mode: 'audience', people: twelve })).map((r) => r.tag)).toEqual([
      '&t01',
      '&t02',
      '&t03',
      '&t04',
      '&t05',
      '&t06',
      '&t07',
      '&t08',
      '&t09',
      '&t10',
    ]);
  });
});

describe('personLabel', () => {
  it('names the caller as you, anyone else by tag', () => {
    expect(personLabel(ada)).toBe('Ada (you)');
    expect(personLabel(bob)).toBe('Bob (&bob)');
  });
});

describe('DeterministicSynthesizer', () => {
  const synthesizer = new DeterministicSynthesizer();

  it('answers about people with their relevant facts, or says why there is none', async () => {
    expect(await synthesizer.synthesize({ question: 'food music', mode: 'about', people: [ada, bob, cy] })).toEqual({
      answer: [
        'Ada (you): Food and music nightly Spicy food Hates mornings',
        'Bob (&bob): nothing you can see has been shared.',
        'Cy (&cy): none of the 1 facts you can see speaks to this.',
      ].join('\n'),
      basedOnFacts: 3,
      ranking: null,
    });
  });

  it('ranks an audience, numbered, and counts every fact it used', async () => {
    expect(await synthesizer.synthesize({ question: 'alpha beta gamma', mode: 'audience', people: audience })).toEqual({
      answer: [
        'Ranked by what they shared that you can see:',
        '1. Kim (&kim) — Kim shared: “alpha beta gamma”',
        '2. Zed (&zed) — Zed shared: “alpha beta”',
        '3. Amy (&amy) — Amy shared: “alpha”',
        '4. Bea (&bea) — Bea shared: “beta”',
      ].join('\n'),
      basedOnFacts: 5,
      ranking: [
        { name: 'Kim', tag: '&kim', reason: 'Kim shared: “alpha beta gamma”' },
        { name: 'Zed', tag: '&zed', reason: 'Zed shared: “alpha beta”' },
        { name: 'Amy', tag: '&amy', reason: 'Amy shared: “alpha”' },
        { name: 'Bea', tag: '&bea', reason: 'Bea shared: “beta”' },
      ],
    });
  });

  it('says so when no one in the audience shared anything relevant', async () => {
    expect(await synthesizer.synthesize({ question: 'alpha', mode: 'audience', people: [non, emp] })).toEqual({
      answer: 'None of your connections has shared anything you can see that speaks to this.',
      basedOnFacts: 0,
      ranking: [],
    });
  });
});
