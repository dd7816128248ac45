/**
 * ask_question at its edges (the common cases are in ask-question.test.ts): which questions rank
 * the caller's connections (any run of whitespace between the words, singular and plural nouns,
 * any case, a who-word only whole and first); a padded name; and the context's signals used only
 * when every participant was read with them as they resolved, not merely someone as connected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '@agent-products/kit/testing';
import { ampersandMigrations } from '../store/migrations.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import type { SynthesisInput } from './answer-synthesizer.ts';
import type { AskContext } from './ask-context-read.ts';
import { askMode, askQuestion } from './ask-question.ts';
import type { Person } from './connections.ts';

describe('askMode at the edges of the audience pattern', () => {
  it('reads any run of whitespace between the words', () => {
    for (const question of [
      'which  friends like jazz?',
      'which of  friends cook?',
      'which  of my friends',
      'which my  friend',
      'which of my\t\tfriends',
      '\t\n who likes jazz?',
    ]) {
      expect(askMode({ question }), JSON.stringify(question)).toBe('audience');
    }
  });

  it('reads each noun singular or plural, in any case', () => {
    for (const question of [
      'which connection',
      'WHICH CONNECTIONS',
      'which andee',
      'Which Andees',
      'which friend',
      'WHICH FRIENDS',
      'Which People',
      'WHO likes jazz',
      'WHOM',
    ]) {
      expect(askMode({ question }), question).toBe('audience');
    }
  });

  it('needs the who-word whole and first', () => {
    for (const question of [
      'whose idea was jazz?',
      'wholesome food?',
      'which friendship lasts?',
      'which connectionless',
      'which peoples',
      'and who likes jazz?',
      'which of',
      'which my',
      'whichfriends',
    ]) {
      expect(askMode({ question }), question).toBe('about');
    }
  });
});

const cara: Person = { andeeId: 'id-cara', name: 'Cara Caller', tag: 'cara', photoUrl: null };
const ann: Person = { andeeId: 'id-ann', name: 'Ann Lee', tag: 'annl', photoUrl: null };
const bo: Person = { andeeId: 'id-bo', name: 'Bo Chen', tag: 'bo', photoUrl: null };

let database: TestDatabase<AmpersandDatabase>;
beforeAll(async () => {
  database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'ask_question_edges');
  await database.db
    .insertInto('andees')
    .values([cara, ann, bo].map((p) => ({ andee_id: p.andeeId, tag: p.tag, display_name: p.name, photo_url: null })))
    .execute();
  await database.db
    .insertInto('identity_facts')
    .values({
      fact_id: 'f-bo',
      andee_id: bo.andeeId,
      value: 'db bo public',
      visibility: 'public',
      status: 'approved',
      created_at: new Date('2026-03-01T10:00:00Z'),
      hds_code: null,
      source: 'cli',
    })
    .execute();
});
afterAll(async () => database?.dispose());

async function about(participants: string[], more: Partial<AskContext> = {}): Promise<SynthesisInput> {
  const inputs: SynthesisInput[] = [];
  const synthesizer = {
    synthesize: async (input: SynthesisInput) => {
      inputs.push(input);
      return { answer: '', basedOnFacts: 0, ranking: null };
    },
  };
  const context: AskContext = { caller: cara, viewer: { andeeId: cara.andeeId, firstParty: true }, connections: [ann, bo], tagged: [], signals: [], ...more };
  await askQuestion({ db: database.db, synthesizer }, context, { question: 'What do they like?', participants });
  return inputs[0]!;
}

describe('ask_question at the edges of naming participants', () => {
  it('reads a padded full name as the name', async () => {
    expect((await about([' Bo Chen '])).people.map((p) => p.tag)).toEqual(['&cara', '&bo']);
  });

  it('reads the signals afresh when the participant was not read with the context, though another connection was', async () => {
    const input = await about(['bo'], {
      tagged: [{ ...ann, connected: true }],
      signals: [{ andeeId: bo.andeeId, text: 'ctx bo', hdsCode: null, visibility: 'public' }],
    });
    expect(input.people[1]!.facts.map((f) => f.text)).toEqual(['db bo public']);
  });
});
