/**
 * Whose facts an answer may use, with a synthesizer that records what it is given: the
 * caller's and the participants' (resolved from &tags and connected names, a name first; an
 * ambiguous name asks which one instead of guessing), each person's own facts only; the signals
 * read with the context when they hold all of those people's, otherwise a fresh read from the
 * database (PGlite, or PostgreSQL with DATABASE_URL) under the visibility rules; and an audience
 * question ranks the connections on the context's signals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '@agent-products/kit/testing';
import type { AskQuestionInput } from '../contracts/contracts.ts';
import { ampersandMigrations } from '../store/migrations.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { AnswerSynthesizer, Synthesis, SynthesisInput } from './answer-synthesizer.ts';
import { SIGNALS_LIMIT, type AskContext } from './ask-context-read.ts';
import { askMode, askQuestion } from './ask-question.ts';
import type { Person } from './connections.ts';
import type { VisibleSignal } from './visibility.ts';

const cara: Person = { andeeId: 'id-cara', name: 'Cara Caller', tag: 'cara', photoUrl: null };
const annLee: Person = { andeeId: 'id-annl', name: 'Ann Lee', tag: 'annl', photoUrl: null };
const annPark: Person = { andeeId: 'id-annp', name: 'ann Park', tag: 'annp', photoUrl: null };
const bo: Person = { andeeId: 'id-bo', name: 'Bo Chen', tag: 'bo', photoUrl: null };
const dana: Person = { andeeId: 'id-dana', name: 'Dana Fox', tag: 'dfox', photoUrl: null };
const sam: Person = { andeeId: 'id-sam', name: 'Sam Stone', tag: 'sam', photoUrl: null };
// A stranger whose tag is a connection's first name.
const danaTag: Person = { andeeId: 'id-dana-tag', name: 'Other Dana', tag: 'dana', photoUrl: null };
const connections = [annLee, annPark, bo, dana];

let database: TestDatabase<AmpersandDatabase>;
const T0 = new Date('2026-03-01T10:00:00.000Z');

beforeAll(async () => {
  database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'ask_question');
  const people = [cara, ...connections, sam, danaTag];
  await database.db
    .insertInto('andees')
    .values(people.map((p) => ({ andee_id: p.andeeId, tag: p.tag, display_name: p.name, photo_url: p.photoUrl })))
    .execute();
  // In the database, each of cara, bo and sam has one signal per visibility, and bo a pending public one.
  type Seed = { andee_id: string; visibility: 'private' | 'connected' | 'public'; status: 'approved' | 'pending'; minutes: number };
  const facts: Seed[] = [cara, bo, sam].flatMap((p, i) =>
    (['private', 'connected', 'public'] as const).map((visibility, j) => ({
      andee_id: p.andeeId,
      visibility,
      status: 'approved' as const,
      minutes: i * 3 + j,
    })),
  );
  facts.push({ andee_id: bo.andeeId, visibility: 'public', status: 'pending', minutes: 20 });
  await database.db
    .insertInto('identity_facts')
    .values(
      facts.map((f, n) => ({
        fact_id: `f-${n}`,
        andee_id: f.andee_id,
        value: `db ${f.andee_id} ${f.visibility}${f.status === 'approved' ? '' : ' pending'}`,
        visibility: f.visibility,
        status: f.status,
        created_at: new Date(T0.getTime() + f.minutes * 60_000),
        hds_code: null,
        source: 'cli',
      })),
    )
    .execute();
});
afterAll(async () => database?.dispose());

/** The texts the database read gives `andeeId` for a viewer at these levels, newest first. */
const fromDb = (andeeId: string, levels: string[]) =>
  ['public', 'connected', 'private'].filter((l) => levels.includes(l)).map((l) => ({ text: `db ${andeeId} ${l}`, hdsCode: null }));

function signal(andeeId: string, text: string): VisibleSignal {
  return { andeeId, text, hdsCode: 'hds.music', visibility: 'public' };
}

/** Records the one synthesis it is asked for. */
function recordingSynthesizer(answer: Partial<Synthesis> = {}) {
  const calls: SynthesisInput[] = [];
  const synthesizer: AnswerSynthesizer = {
    async synthesize(input) {
      calls.push(input);
      return { answer: 'the answer', basedOnFacts: 3, ranking: null, ...answer };
    },
  };
  return { synthesizer, calls };
}

function context(more: Partial<AskContext> = {}): AskContext {
  return { caller: cara, viewer: { andeeId: cara.andeeId, firstParty: true }, connections, tagged: [], signals: [], ...more };
}

async function ask(input: AskQuestionInput, ctx: AskContext, answer?: Partial<Synthesis>) {
  const { synthesizer, calls } = recordingSynthesizer(answer);
  const output = await askQuestion({ db: database.db, synthesizer }, ctx, input);
  return { output, calls };
}

/** Who the synthesis was about, with the facts it was given for each. */
const facts = (input: SynthesisInput) => input.people.map((p) => ({ tag: p.tag, isCaller: p.isCaller, facts: p.facts.map((f) => f.text) }));

describe('askMode', () => {
  it('takes a who-question without participants as an audience question', () => {
    for (const question of [
      'who would enjoy a jazz night?',
      '  Whom should I invite?',
      'Which of my friends likes jazz?',
      'which friend plays piano',
      'Which connections cook?',
      'which people',
      'which andees hike',
      'which my friends',
      'which\tof friends',
    ]) {
      expect(askMode({ question }), question).toBe('audience');
      expect(askMode({ question, participants: ['&bo'] }), question).toBe('about');
    }
    expect(askMode({ question: 'who', participants: [] })).toBe('audience');
  });

  it('takes anything else as a question about the caller and participants', () => {
    for (const question of [
      'whoever is coming, what should I cook?',
      'What does Bo like?',
      'I wonder who likes jazz',
      'which restaurant?',
      'which of my cats',
    ]) {
      expect(askMode({ question }), question).toBe('about');
    }
  });
});

describe('an audience question', () => {
  it('ranks the connections on their own signals read with the context', async () => {
    const signals = [
      signal(bo.andeeId, 'Bo plays jazz'),
      signal(annLee.andeeId, 'Ann sings'),
      signal(bo.andeeId, 'Bo hikes'),
      signal(sam.andeeId, 'not a connection'),
    ];
    const ranking = [{ name: bo.name, tag: '&bo', reason: 'plays jazz' }];
    const { output, calls } = await ask({ question: 'Who would enjoy a jazz night?' }, context({ signals }), {
      ranking,
      answer: 'Bo, then Ann.',
      basedOnFacts: 2,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.question).toBe('Who would enjoy a jazz night?');
    expect(calls[0]!.mode).toBe('audience');
    expect(calls[0]!.people).toEqual([
      { name: 'Ann Lee', tag: '&annl', isCaller: false, facts: [signals[1]] },
      { name: 'ann Park', tag: '&annp', isCaller: false, facts: [] },
      { name: 'Bo Chen', tag: '&bo', isCaller: false, facts: [signals[0], signals[2]] },
      { name: 'Dana Fox', tag: '&dfox', isCaller: false, facts: [] },
    ]);
    expect(output).toEqual({ answer: 'Bo, then Ann.', basedOnFacts: 2, participants: [{ name: 'Cara Caller', tag: '&cara' }], disambiguation: null, ranking });
  });

  it('answers an empty ranking rather than none', async () => {
    const { output } = await ask({ question: 'who likes jazz?' }, context());
    expect(output.ranking).toEqual([]);
  });
});

describe('a question about the caller and participants', () => {
  const tagged = [
    { ...bo, connected: true },
    { ...sam, connected: false },
  ];
  const signals = [signal(cara.andeeId, 'ctx cara'), signal(bo.andeeId, 'ctx bo'), signal(sam.andeeId, 'ctx sam'), signal(dana.andeeId, 'ctx dana')];

  it('gives each person their own signals read with the context, the caller first', async () => {
    const { output, calls } = await ask({ question: 'What do we all like?', participants: ['&sam', 'Bo'] }, context({ tagged, signals }));
    expect(calls[0]!.mode).toBe('about');
    expect(calls[0]!.question).toBe('What do we all like?');
    expect(calls[0]!.people.map((p) => p.name)).toEqual(['Cara Caller', 'Sam Stone', 'Bo Chen']);
    expect(facts(calls[0]!)).toEqual([
      { tag: '&cara', isCaller: true, facts: ['ctx cara'] },
      { tag: '&sam', isCaller: false, facts: ['ctx sam'] },
      { tag: '&bo', isCaller: false, facts: ['ctx bo'] },
    ]);
    expect(output).toEqual({
      answer: 'the answer',
      basedOnFacts: 3,
      participants: [
        { name: 'Cara Caller', tag: '&cara' },
        { name: 'Sam Stone', tag: '&sam' },
        { name: 'Bo Chen', tag: '&bo' },
      ],
      disambiguation: null,
      ranking: null,
    });
  });

  it('asks about the caller alone without participants', async () => {
    const { output, calls } = await ask({ question: 'What do I like?' }, context({ signals }));
    expect(facts(calls[0]!)).toEqual([{ tag: '&cara', isCaller: true, facts: ['ctx cara'] }]);
    expect(output.participants).toEqual([{ name: 'Cara Caller', tag: '&cara' }]);
  });

  it('reads the signals afresh, under the visibility rules, when the context read may have been cut at its limit', async () => {
    const full = Array.from({ length: SIGNALS_LIMIT }, (_, i) => signal(i % 2 ? bo.andeeId : sam.andeeId, `ctx ${i}`));
    const { calls } = await ask({ question: 'What do we like?', participants: ['&sam', 'Bo'] }, context({ tagged, signals: full }));
    expect(facts(calls[0]!)).toEqual([
      { tag: '&cara', isCaller: true, facts: fromDb(cara.andeeId, ['private', 'connected', 'public']).map((f) => f.text) },
      { tag: '&sam', isCaller: false, facts: fromDb(sam.andeeId, ['public']).map((f) => f.text) },
      { tag: '&bo', isCaller: false, facts: fromDb(bo.andeeId, ['connected', 'public']).map((f) => f.text) },
    ]);
  });

  it('uses the context read when it stopped one short of its limit', async () => {
    const almost = Array.from({ length: SIGNALS_LIMIT - 1 }, (_, i) => signal(bo.andeeId, `ctx ${i}`));
    const { calls } = await ask({ question: 'What does Bo like?', participants: ['Bo'] }, context({ tagged, signals: almost }));
    expect(calls[0]!.people[1]!.facts).toHaveLength(SIGNALS_LIMIT - 1);
  });

  it('reads the signals afresh when a participant was not read with the context', async () => {
    // "Bo Chen" is a name, so the context read, which reads tags, had no andee for it.
    const { calls } = await ask(
      { question: 'What do they like?', participants: ['&sam', 'bo chen'] },
      context({ tagged: [{ ...sam, connected: false }], signals }),
    );
    expect(facts(calls[0]!).slice(1)).toEqual([
      { tag: '&sam', isCaller: false, facts: fromDb(sam.andeeId, ['public']).map((f) => f.text) },
      { tag: '&bo', isCaller: false, facts: fromDb(bo.andeeId, ['connected', 'public']).map((f) => f.text) },
    ]);
  });

  it('reads the signals afresh, as a stranger’s, when the context read a participant with other connectedness', async () => {
    const { calls } = await ask({ question: 'What does Sam like?', participants: ['&sam'] }, context({ tagged: [{ ...sam, connected: true }], signals }));
    expect(facts(calls[0]!)[1]).toEqual({ tag: '&sam', isCaller: false, facts: fromDb(sam.andeeId, ['public']).map((f) => f.text) });
  });

  it('gives a connection through a third-party client only public signals', async () => {
    const { calls } = await ask(
      { question: 'What does Bo like?', participants: ['Bo'] },
      context({ viewer: { andeeId: cara.andeeId, firstParty: false }, signals }),
    );
    expect(facts(calls[0]!)[1]!.facts).toEqual(fromDb(bo.andeeId, ['public']).map((f) => f.text));
  });
});

describe('resolving participants', () => {
  /** The tags the answer is about, after the caller, from a fresh read. */
  const about = async (participants: string[], tagged: AskContext['tagged'] = []) =>
    (await ask({ question: 'What do they like?', participants }, context({ tagged }))).output.participants.map((p) => p.tag);

  it('takes a connection’s full or first name in any case, and a &tag of a connection or a stranger', async () => {
    expect(await about(['BO CHEN'])).toEqual(['&cara', '&bo']);
    expect(await about(['  bo '])).toEqual(['&cara', '&bo']);
    expect(await about(['dana fox', '&annl'])).toEqual(['&cara', '&dfox', '&annl']);
    expect(await about(['&sam'], [{ ...sam, connected: false }])).toEqual(['&cara', '&sam']);
    expect(await about(['sam'], [{ ...sam, connected: false }])).toEqual(['&cara', '&sam']);
  });

  it('prefers a connection’s name to a stranger’s tag, and a connection’s tag to a stranger read under it', async () => {
    expect(await about(['dana'], [{ ...danaTag, connected: false }])).toEqual(['&cara', '&dfox']);
    expect(await about(['&dana'], [{ ...danaTag, connected: false }])).toEqual(['&cara', '&dana']);
    const { calls } = await ask(
      { question: 'What does Bo like?', participants: ['&bo'] },
      context({ tagged: [{ ...bo, name: 'Stale Bo', connected: false }] }),
    );
    expect(calls[0]!.people[1]).toMatchObject({ name: 'Bo Chen', tag: '&bo' });
    expect(calls[0]!.people[1]!.facts.map((f) => f.text)).toEqual(fromDb(bo.andeeId, ['connected', 'public']).map((f) => f.text));
  });

  it('takes a reference with & as a tag, even when a connection’s name is written so', async () => {
    const samFan: Person = { andeeId: 'id-samfan', name: '&sam fan', tag: 'samfan', photoUrl: null };
    const { output } = await ask(
      { question: 'What does Sam like?', participants: ['&sam'] },
      context({ connections: [...connections, samFan], tagged: [{ ...sam, connected: false }] }),
    );
    expect(output.participants.map((p) => p.tag)).toEqual(['&cara', '&sam']);
  });

  it('names each person once, and the caller only as the caller', async () => {
    expect(await about(['Bo', '&bo', 'bo chen', '&cara', 'cara'])).toEqual(['&cara', '&bo']);
    const { calls } = await ask({ question: 'What do I like?', participants: ['&CARA'] }, context({ signals: [signal(cara.andeeId, 'ctx cara')] }));
    expect(facts(calls[0]!)).toEqual([{ tag: '&cara', isCaller: true, facts: ['ctx cara'] }]);
  });

  it('asks which one is meant when a name fits several connections, and answers nothing else', async () => {
    const { output, calls } = await ask({ question: 'What does Ann like?', participants: ['Bo', 'ANN', 'nobody'] }, context());
    expect(calls).toEqual([]);
    expect(output).toEqual({
      answer: 'More than one of your connections is called ANN: Ann Lee (&annl), ann Park (&annp). Which one did you mean?',
      basedOnFacts: 0,
      participants: [{ name: 'Cara Caller', tag: '&cara' }],
      disambiguation: {
        reference: 'ANN',
        candidates: [
          { name: 'Ann Lee', tag: '&annl' },
          { name: 'ann Park', tag: '&annp' },
        ],
      },
      ranking: null,
    });
  });

  it('refuses references that are no connection and no andee, naming every one as given', async () => {
    const { synthesizer, calls } = recordingSynthesizer();
    const refused = await askQuestion({ db: database.db, synthesizer }, context(), {
      question: 'What do they like?',
      participants: [' Zed ', 'Bo', '&ann', '&'],
    }).then(
      () => undefined,
      (error: { code?: string; message?: string; details?: unknown }) => ({ code: error.code, message: error.message, details: error.details }),
    );
    expect(refused).toEqual({
      code: 'participant_not_found',
      message: 'No andee with that &tag and none of your connections:  Zed , &ann, &. Use connections_read to find the right &tag.',
      details: { participants: [' Zed ', '&ann', '&'] },
    });
    expect(calls).toEqual([]);
  });
});
