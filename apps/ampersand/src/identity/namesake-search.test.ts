/**
 * The namesake search answers exactly what reading every namesake would (issue 42 changed how,
 * not what): the first six strangers in tag order whose name is the one asked, or holds the word
 * asked at any position, and who meet every constraint with one public, approved fact each. The
 * data makes every way through the search run: names with the word first, second, third, later
 * and twice; more namesakes than one walk reads; constraints held by more and by fewer public
 * facts than the constraint's side reads; and connections and non-public facts that must not
 * count. Each answer is compared with the same rule applied in JavaScript to the seeded rows.
 * PGlite by default, PostgreSQL with DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '@agent-products/kit/testing';
import { ampersandMigrations } from '../store/migrations.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { searchNamesakes } from './namesake-search.ts';

const PEOPLE = 600;
const VIEWER = 'n-0';
const WORDS = ['Ada', 'Bo', 'Cy', 'Di'];
const T0 = new Date('2026-03-01T10:00:00Z');

interface Seeded {
  andeeId: string;
  tag: string;
  displayName: string;
}
interface SeededFact {
  andeeId: string;
  words: string[];
  visibility: 'public' | 'connected' | 'private';
  status: 'approved' | 'pending';
}

function displayName(i: number): string {
  const word = WORDS[i % 4]!;
  switch (i % 7) {
    case 0:
      return `${word} Stone`;
    case 1:
      return `Mary ${word} Lee`;
    case 2:
      return `Jean Paul Marie ${word} Dupont`;
    case 3:
      return `${word} ${WORDS[(i + 1) % 4]}`;
    case 4:
      return word;
    case 5:
      return i % 4 === 0 ? 'Ada Ada Stone' : `Xu ${word}`;
    default:
      return `  ${word}   King `;
  }
}

/** Public facts: "common" (half of everyone), "mid" (a fifth), "sparse" (one in thirteen), "rare" (six people), one fact holding "common" and "mid" together for a tenth. */
function factsOf(i: number): SeededFact[] {
  const andeeId = `n-${i}`;
  const facts: SeededFact[] = [{ andeeId, words: ['walks', 'sea'], visibility: 'public', status: 'approved' }];
  if (i % 2 === 0) facts.push({ andeeId, words: ['common', 'jazz'], visibility: 'public', status: 'approved' });
  if (i % 5 === 0) facts.push({ andeeId, words: ['mid', 'chess'], visibility: 'public', status: 'approved' });
  if (i % 10 === 3) facts.push({ andeeId, words: ['common', 'mid'], visibility: 'public', status: 'approved' });
  if (i % 13 === 0) facts.push({ andeeId, words: ['sparse'], visibility: 'public', status: 'approved' });
  if (i % 97 === 5) facts.push({ andeeId, words: ['rare', 'cello'], visibility: 'public', status: 'approved' });
  // Words that must not count: not public, or not approved.
  facts.push({ andeeId, words: ['rare', 'secret'], visibility: i % 2 ? 'private' : 'connected', status: 'approved' });
  facts.push({ andeeId, words: ['rare', 'pending', 'sparse'], visibility: 'public', status: 'pending' });
  return facts;
}

const people: Seeded[] = Array.from({ length: PEOPLE }, (_, i) => ({
  andeeId: `n-${i}`,
  tag: `t${String(i).padStart(4, '0')}`,
  displayName: displayName(i),
}));
const facts = people.flatMap((_, i) => factsOf(i));
/** The viewer's connections: every eleventh person, so some namesakes of every name are not strangers. */
const connected = new Set(people.filter((_, i) => i > 0 && i % 11 === 0).map((p) => p.andeeId));

/** The rule, in JavaScript over the seeded rows. */
function expected(name: string, constraints: string[][]): string[] {
  const normalized = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
  return people
    .filter((p) => {
      const full = normalized(p.displayName);
      return full === name || (!name.includes(' ') && full.split(' ').includes(name));
    })
    .filter((p) => p.andeeId !== VIEWER && !connected.has(p.andeeId))
    .filter((p) =>
      constraints.every((words) =>
        facts.some((f) => f.andeeId === p.andeeId && f.visibility === 'public' && f.status === 'approved' && words.every((w) => f.words.includes(w))),
      ),
    )
    .map((p) => p.tag)
    .sort()
    .slice(0, 6);
}

let database: TestDatabase<AmpersandDatabase>;

beforeAll(async () => {
  database = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'namesake_search');
  const db = database.db;
  await db
    .insertInto('andees')
    .values(people.map((p) => ({ andee_id: p.andeeId, tag: p.tag, display_name: p.displayName, photo_url: null })))
    .execute();
  for (let start = 0; start < facts.length; start += 500) {
    await db
      .insertInto('identity_facts')
      .values(
        facts.slice(start, start + 500).map((f, n) => ({
          fact_id: `f-${start + n}`,
          andee_id: f.andeeId,
          value: `I like ${f.words.join(' and ')}.`,
          visibility: f.visibility,
          status: f.status,
          created_at: T0,
          source: 'seed',
          content_words: f.words,
        })),
      )
      .execute();
  }
  await db
    .insertInto('connections')
    .values(
      [...connected].flatMap((other) => [
        { andee_id: VIEWER, other_id: other, connected_at: T0 },
        { andee_id: other, other_id: VIEWER, connected_at: T0 },
      ]),
    )
    .execute();
}, 60_000);
afterAll(async () => database?.dispose());

describe('the namesake search answers as reading every namesake would', () => {
  it.each([
    { name: 'ada', constraints: [] },
    { name: 'ada', constraints: [['common']] },
    { name: 'ada', constraints: [['mid']] },
    { name: 'ada', constraints: [['sparse']] },
    { name: 'ada', constraints: [['rare']] },
    { name: 'ada', constraints: [['common', 'mid']] },
    { name: 'ada', constraints: [['common'], ['rare']] },
    { name: 'ada', constraints: [['mid'], ['sparse']] },
    { name: 'ada', constraints: [['nobody']] },
    { name: 'ada', constraints: [['rare', 'secret']] },
    { name: 'stone', constraints: [['common']] },
    { name: 'ada stone', constraints: [] },
    { name: 'ada ada stone', constraints: [['common']] },
    { name: 'lee', constraints: [['mid']] },
    { name: 'bo', constraints: [['sparse']] },
    { name: 'dupont', constraints: [] },
    { name: 'marie', constraints: [['common']] },
    { name: 'cy', constraints: [['mid'], ['common']] },
    { name: 'king', constraints: [] },
    { name: 'di king', constraints: [['walks', 'sea']] },
  ])('$name with $constraints', async ({ name, constraints }) => {
    const found = await searchNamesakes(database.db, { name, constraints, viewerId: VIEWER, limit: 6 });
    expect(found.map((p) => p.tag)).toEqual(expected(name, constraints));
  });

  it('the seed reaches every way through the search', () => {
    // More Adas than a walk's first batch; "common" and "mid" held by more public facts than a
    // constraint's side reads, "sparse" and "rare" by fewer.
    expect(people.filter((p) => p.displayName.toLowerCase().split(/\s+/).includes('ada')).length).toBeGreaterThan(100);
    const holders = (word: string) => facts.filter((f) => f.visibility === 'public' && f.status === 'approved' && f.words.includes(word)).length;
    expect([holders('common'), holders('mid')].every((n) => n > 100)).toBe(true);
    expect([holders('sparse'), holders('rare')].every((n) => n > 0 && n < 100)).toBe(true);
    expect(expected('ada', [['mid']])).toHaveLength(6);
    expect(expected('ada', [['rare']]).length).toBeGreaterThan(0);
  });
});
