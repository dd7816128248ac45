/**
 * The deterministic retrieval and answer of ask_question: a fact scores two per content word it
 * shares with the question and one when it is filed under a code the question mentions; the best
 * five per person count; the audience ranking orders people by their score, then by tag, ten at
 * most; the default answer quotes the relevant facts per person and says plainly when nothing
 * visible answers. Expected scores are worked out by hand from those rules.
 */
import { describe, expect, it } from 'vitest';
import { DeterministicSynthesizer, isBroadQuestion, personLabel, rank, retrieve, type PersonFacts } from './answer-synthesizer.ts';

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

// A labelled set: questions about a person as a whole (broad: every visible fact of theirs,
// grouped) and questions about a topic (specific: the facts sharing its words or its HDS area).
const BROAD_OR_NOT: Array<{ question: string; broad: boolean }> = [
  { question: 'Tell me about Sam', broad: true },
  { question: 'What does Sam like to do?', broad: true },
  { question: 'What does Zed do?', broad: true },
  { question: 'Who is Sam?', broad: true },
  { question: 'What do you know about Sam Rivera?', broad: true },
  { question: 'Tell me more about &sam.', broad: true },
  { question: 'What is Sam like?', broad: true },
  { question: "What's Sam into?", broad: true },
  { question: 'Anything I should know about Sam?', broad: true },
  { question: 'What is Sam up to these days?', broad: true },
  { question: 'Describe Zed.', broad: true },
  { question: 'What does Sam do for fun?', broad: true },
  { question: 'Does Sam like jazz?', broad: false },
  { question: 'What music does Sam like?', broad: false },
  { question: 'What food does Zed enjoy?', broad: false },
  { question: 'Would Sam enjoy a climbing trip?', broad: false },
  { question: 'Is Zed a vegetarian?', broad: false },
  { question: 'What does Sam think about remote work?', broad: false },
];

describe('broad questions about a person', () => {
  const caller = person('Ada', '&ada', [['I make fresh pasta.', 'preferences.food']], true);
  const sam = person('Sam Rivera', '&sam', [
    ['I go bouldering twice a week.', 'interests.sports'],
    ['I restore old bicycles.', 'interests.general'],
    ['I work as a nurse.', 'work.role'],
    ['Jazz on vinyl is my favourite.', 'preferences.music'],
  ]);
  const zed = person('Zed', '&zed', [['I teach chemistry.', 'work.role']]);

  it.each(BROAD_OR_NOT)('"$question" is broad: $broad', ({ question, broad }) => {
    expect(isBroadQuestion({ question, mode: 'about', people: [caller, sam, zed] })).toBe(broad);
  });

  it('answers with every visible fact of the person asked about, grouped by area, and not the caller’s', async () => {
    const answer = await new DeterministicSynthesizer().synthesize({ question: 'Tell me about Sam', mode: 'about', people: [caller, sam] });
    expect(answer).toEqual({
      answer: [
        'Sam Rivera (&sam), from what you can see:',
        '- Interests: “I go bouldering twice a week.”; “I restore old bicycles.”',
        '- Work: “I work as a nurse.”',
        '- Preferences: “Jazz on vinyl is my favourite.”',
      ].join('\n'),
      basedOnFacts: 4,
      ranking: null,
    });
  });

  it('is about the caller when it names no one else, and says so when nothing is visible', async () => {
    const mine = await new DeterministicSynthesizer().synthesize({ question: 'Tell me about me', mode: 'about', people: [caller] });
    expect(mine.answer).toBe('Ada (you), from what you can see:\n- Preferences: “I make fresh pasta.”');
    const none = await new DeterministicSynthesizer().synthesize({ question: 'What does Bob do?', mode: 'about', people: [caller, bob] });
    expect(none).toEqual({ answer: 'Bob (&bob): nothing you can see has been shared.', basedOnFacts: 0, ranking: null });
  });

  it('a specific question still retrieves by its words', async () => {
    const answer = await new DeterministicSynthesizer().synthesize({ question: 'Does Sam like jazz?', mode: 'about', people: [caller, sam] });
    expect(answer.answer).toBe('Ada (you): none of the 1 facts you can see speaks to this.\nSam Rivera (&sam): Jazz on vinyl is my favourite.');
  });
});
