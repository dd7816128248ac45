/**
 * Who sees which facts, on a real database (PGlite, or PostgreSQL with DATABASE_URL): the caller
 * sees all of their own approved facts; a connection's public and connected-only ones, never
 * their private ones; nobody's pending facts; and nothing of someone they are not connected to,
 * who cannot even be named. Participants are &tags, bare tags or connected first (or full) names;
 * a name two connections share is asked back, never guessed. (How the answer is worded from the
 * visible facts: answer-from-facts.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolError } from '@agent-products/kit/mcp';
import { openTestDatabase, type TestDatabase } from '@agent-products/kit/testing';
import { AndeeRepository, type Andee } from '../andees/andee-repository.ts';
import { ampersandMigrations } from '../store/migrations.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { askQuestion } from './ask-question.ts';
import { Connections } from './connections.ts';
import { IdentityFacts } from './identity-facts.ts';

let database: TestDatabase<AmpersandDatabase>;
let facts: IdentityFacts;
let connections: Connections;
const people: Record<string, Andee> = {};
let minute = 0;
const at = () => new Date(Date.UTC(2026, 10, 1, 10, minute++));

async function andee(tag: string, displayName: string): Promise<Andee> {
  const created = await new AndeeRepository(database.db).create({ tag, displayName });
  if (!created.ok) throw new Error(created.problem);
  return (people[tag] = created.andee);
}

beforeAll(async () => {
  database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'visibility');
  facts = new IdentityFacts(database.db);
  connections = new Connections(database.db);
  const ada = await andee('ada', 'Ada Lovelace');
  const grace = await andee('grace', 'Grace Hopper');
  const grete = await andee('grete', 'Grace Brewster');
  const alan = await andee('alan', 'Alan Turing');
  await andee('stranger', 'Sam Stranger');
  await facts.add(ada.andeeId, '  Ada keeps a private garden of roses.  ', { status: 'approved', now: at() });
  await facts.add(ada.andeeId, 'Ada shows her roses to friends.', { visibility: 'connected', status: 'approved', now: at() });
  await facts.add(ada.andeeId, 'Ada is waiting to share roses.', { visibility: 'public', status: 'pending', now: at() });
  await facts.add(grace.andeeId, 'Grace grows roses in secret.', { visibility: 'private', status: 'approved', now: at() });
  await facts.add(grace.andeeId, 'Grace grows roses for her friends.', { visibility: 'connected', status: 'approved', now: at() });
  await facts.add(grace.andeeId, 'Grace grows roses for everyone.', { visibility: 'public', status: 'approved', now: at() });
  await facts.add(grete.andeeId, 'Grete paints roses.', { visibility: 'public', status: 'approved', now: at() });
  await facts.add(alan.andeeId, 'Alan runs marathons.', { visibility: 'public', status: 'approved', now: at() });
  await facts.add(people.stranger!.andeeId, 'Sam grows roses publicly.', { visibility: 'public', status: 'approved', now: at() });
  await connections.connect(ada.andeeId, grace.andeeId, new Date('2026-11-01T09:00:00Z'));
  await connections.connect(ada.andeeId, grete.andeeId, new Date('2026-11-01T09:30:00Z'));
  await connections.connect(ada.andeeId, alan.andeeId, new Date('2026-11-01T09:30:00Z'));
  // Connecting again, either way round, changes nothing.
  await connections.connect(grace.andeeId, ada.andeeId, new Date('2026-11-02T09:00:00Z'));
});
afterAll(async () => database?.dispose());

const ask = (caller: string, question: string, participants?: string[]) => askQuestion(database.db, people[caller]!, { question, ...(participants ? { participants } : {}) });

async function refusal(promise: Promise<unknown>): Promise<ToolError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ToolError);
  return error as ToolError;
}

describe('whose facts an answer may use', () => {
  it('the caller’s own approved facts, of every visibility, stored trimmed; never a pending one', async () => {
    const { answer, basedOnFacts, participants, disambiguation } = await ask('ada', 'Which roses?');
    // Equally good matches newest first; the pending fact is not among them.
    expect(answer).toBe('Ada Lovelace (you): Ada shows her roses to friends. Ada keeps a private garden of roses.');
    expect(basedOnFacts).toBe(2);
    expect(participants).toEqual([{ name: 'Ada Lovelace', tag: '&ada' }]);
    expect(disambiguation).toBeNull();
  });

  it('a connection’s public and connected-only facts, never their private ones', async () => {
    const { answer, basedOnFacts, participants } = await ask('ada', 'Who grows roses?', ['&grace']);
    const graceLine = answer.split('\n').find((line) => line.startsWith('Grace Hopper:'))!;
    expect(graceLine).toContain('Grace grows roses for everyone.');
    expect(graceLine).toContain('Grace grows roses for her friends.');
    expect(answer).not.toContain('in secret');
    expect(basedOnFacts).toBe(4);
    expect(participants).toEqual([{ name: 'Ada Lovelace', tag: '&ada' }, { name: 'Grace Hopper', tag: '&grace' }]);
  });

  it('connections go both ways: the other side sees the caller’s connected facts, not the private ones', async () => {
    const { answer } = await ask('grace', 'Whose roses?', ['ada']);
    expect(answer).toContain('Ada shows her roses to friends.');
    expect(answer).not.toContain('private garden');
    expect(answer).toContain('Grace grows roses in secret.');
  });

  it('nothing of someone not connected, who cannot be named at all, even with public facts', async () => {
    const error = await refusal(ask('ada', 'Who grows roses?', ['&stranger', 'Nobody']));
    expect(error.code).toBe('participant_not_found');
    expect(error.details).toEqual({ participants: ['&stranger', 'Nobody'] });
    expect(error.message).toContain('&stranger, Nobody');
  });
});

describe('naming participants', () => {
  it('by &tag, bare tag, first name or full name, in any case, each person once and the caller never twice', async () => {
    for (const reference of ['&alan', 'alan', 'Alan', 'ALAN', 'alan turing', ' Alan ']) {
      const { participants } = await ask('ada', 'Marathons?', [reference, '&ada', '&alan']);
      expect(participants, reference).toEqual([{ name: 'Ada Lovelace', tag: '&ada' }, { name: 'Alan Turing', tag: '&alan' }]);
    }
  });

  it('asks back when a first name fits two connections, and uses no fact', async () => {
    const { answer, basedOnFacts, participants, disambiguation } = await ask('ada', 'Who grows roses?', ['Grace']);
    expect(basedOnFacts).toBe(0);
    expect(participants).toEqual([{ name: 'Ada Lovelace', tag: '&ada' }]);
    expect(disambiguation?.reference).toBe('Grace');
    expect(disambiguation?.candidates.toSorted((a, b) => a.tag.localeCompare(b.tag))).toEqual([{ name: 'Grace Hopper', tag: '&grace' }, { name: 'Grace Brewster', tag: '&grete' }]);
    expect(answer).toMatch(/^More than one of your connections is called Grace: .*Grace Hopper \(&grace\).*\. Which one did you mean\?$/);
    expect(answer).toContain('Grace Brewster (&grete)');
  });

  it('a tag names exactly one person even where the first name is shared', async () => {
    const { participants, disambiguation } = await ask('ada', 'Who grows roses?', ['grace']);
    expect(disambiguation).toBeNull();
    expect(participants).toEqual([{ name: 'Ada Lovelace', tag: '&ada' }, { name: 'Grace Hopper', tag: '&grace' }]);
  });
});

describe('the connection graph', () => {
  it('lists active connections newest first, then by tag, up to the limit; mutual and not doubled', async () => {
    expect((await connections.active(people.ada!.andeeId, 10)).map((c) => c.tag)).toEqual(['&alan', '&grete', '&grace']);
    expect((await connections.active(people.ada!.andeeId, 2)).map((c) => c.tag)).toEqual(['&alan', '&grete']);
    const [grace] = await connections.active(people.grace!.andeeId, 10);
    expect(grace).toEqual({ name: 'Ada Lovelace', tag: '&ada', photoUrl: null, connectedAt: '2026-11-01T09:00:00.000Z' });
    expect(await connections.active(people.stranger!.andeeId, 10)).toEqual([]);
  });

  it('a fact is added trimmed, private unless said otherwise', async () => {
    const fact = await facts.add(people.alan!.andeeId, '  Alan likes chess.  ', { status: 'pending', now: new Date('2026-11-03T00:00:00Z') });
    expect(fact).toMatchObject({ value: 'Alan likes chess.', visibility: 'private', createdAt: new Date('2026-11-03T00:00:00Z') });
  });
});
