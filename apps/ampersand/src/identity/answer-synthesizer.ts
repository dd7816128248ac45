/**
 * How ask_question turns visible facts into an answer. Retrieval is always deterministic and
 * always runs over facts the caller may see (the caller assembled them): a fact is relevant when
 * it shares content words with the question or is filed under an HDS code the question's terms
 * map to. The synthesizer only composes; the default one quotes the relevant facts per person and
 * says plainly when nothing visible answers; `ModelSynthesizer` (model-synthesizer.ts) asks an
 * OpenAI-compatible chat endpoint to phrase the same facts.
 */
import { codesMentioned, hdsAreaLabel } from './hds-taxonomy.ts';
import { contentWords } from '../text/content-words.ts';
import { overlap, rememberedContentWords } from './terms.ts';

export interface PersonFacts {
  name: string;
  tag: string;
  isCaller: boolean;
  facts: ReadonlyArray<{ text: string; hdsCode: string | null }>;
}

export interface SynthesisInput {
  question: string;
  /** about: answer about the caller and participants; audience: rank the caller's connections. */
  mode: 'about' | 'audience';
  people: readonly PersonFacts[];
}

export interface RankedPerson {
  name: string;
  tag: string;
  reason: string;
}

export interface Synthesis {
  answer: string;
  basedOnFacts: number;
  ranking: RankedPerson[] | null;
}

export interface AnswerSynthesizer {
  synthesize(input: SynthesisInput): Promise<Synthesis>;
}

const PER_PERSON = 5;
const RANKED = 10;

export interface Retrieved {
  person: PersonFacts;
  facts: Array<{ text: string; hdsCode: string | null; score: number }>;
  score: number;
  /** Set on the people a broad question ("Tell me about Sam") is about: every visible fact of theirs counts. */
  broad?: true;
}

/** Words that ask about a person as a whole, not about a topic ("anything about Sam", "what is Sam up to lately"). */
const BROAD_WORDS = new Set(
  'anything everything something else more all describe summary summarize summarise overview person kind fun doing up lately usually these days day'.split(' '),
);

/** The most facts a broad question's summary quotes per person. */
const BROAD_PER_PERSON = 12;

/**
 * A broad question about a person ("Tell me about Sam", "What does Sam like to do?", "What does
 * Zed do?") has no content word left once the people's names are taken out, and names no HDS
 * area: it asks for everything visible about them, not for facts sharing its words.
 */
export function isBroadQuestion(input: SynthesisInput): boolean {
  if (input.mode !== 'about' || codesMentioned(input.question).length > 0) return false;
  const names = new Set(input.people.flatMap((p) => [...contentWords(p.name), ...contentWords(p.tag)]));
  return [...contentWords(input.question)].every((w) => names.has(w) || BROAD_WORDS.has(w));
}

/** The people a broad question is about: the others it names, or the caller when it names no one else. */
function broadSubjects(input: SynthesisInput): Set<PersonFacts> {
  const others = input.people.filter((p) => !p.isCaller);
  return new Set(others.length ? others : input.people);
}

/** The relevant facts per person, best first; people in the input's order. */
export function retrieve(input: SynthesisInput): Retrieved[] {
  if (isBroadQuestion(input)) {
    const subjects = broadSubjects(input);
    return input.people.map((person) => {
      if (!subjects.has(person)) return { person, facts: [], score: 0 };
      const facts = person.facts.slice(0, BROAD_PER_PERSON).map((f) => ({ ...f, score: 1 }));
      return { person, facts, score: facts.length, broad: true };
    });
  }
  const terms = contentWords(input.question);
  const codes = new Set(codesMentioned(input.question));
  return input.people.map((person) => {
    const facts = person.facts
      .map((f) => ({ ...f, score: overlap(terms, rememberedContentWords(f.text)) * 2 + (f.hdsCode && codes.has(f.hdsCode) ? 1 : 0) }))
      .filter((f) => f.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, PER_PERSON);
    return { person, facts, score: facts.reduce((sum, f) => sum + f.score, 0) };
  });
}

export function rank(retrieved: readonly Retrieved[]): RankedPerson[] {
  return retrieved
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.person.tag.localeCompare(b.person.tag))
    .slice(0, RANKED)
    .map((r) => ({ name: r.person.name, tag: r.person.tag, reason: `${r.person.name} shared: “${r.facts[0]!.text}”` }));
}

export function personLabel(p: PersonFacts): string {
  return p.isCaller ? `${p.name} (you)` : `${p.name} (${p.tag})`;
}

export class DeterministicSynthesizer implements AnswerSynthesizer {
  async synthesize(input: SynthesisInput): Promise<Synthesis> {
    const retrieved = retrieve(input);
    const basedOnFacts = retrieved.reduce((n, r) => n + r.facts.length, 0);
    if (input.mode === 'audience') {
      const ranking = rank(retrieved);
      if (ranking.length === 0) return { answer: 'None of your connections has shared anything you can see that speaks to this.', basedOnFacts: 0, ranking };
      return {
        answer: ['Ranked by what they shared that you can see:', ...ranking.map((r, i) => `${i + 1}. ${r.name} (${r.tag}) — ${r.reason}`)].join('\n'),
        basedOnFacts,
        ranking,
      };
    }
    const broad = retrieved.some((r) => r.broad);
    const parts = retrieved.flatMap((r) => {
      if (broad && !r.broad) return [];
      if (r.broad && r.facts.length > 0) return [`${personLabel(r.person)}, from what you can see:`, ...groupedByArea(r.facts)];
      if (r.facts.length > 0) return `${personLabel(r.person)}: ${r.facts.map((f) => f.text).join(' ')}`;
      return r.person.facts.length === 0
        ? `${personLabel(r.person)}: nothing you can see has been shared.`
        : `${personLabel(r.person)}: none of the ${r.person.facts.length} facts you can see speaks to this.`;
    });
    return { answer: parts.join('\n'), basedOnFacts, ranking: null };
  }
}

/** A broad answer's lines: one per HDS area (its top level's label), the facts filed there quoted. */
function groupedByArea(facts: ReadonlyArray<{ text: string; hdsCode: string | null }>): string[] {
  const byArea = new Map<string, string[]>();
  for (const f of facts) {
    const area = hdsAreaLabel(f.hdsCode);
    byArea.set(area, [...(byArea.get(area) ?? []), `“${f.text}”`]);
  }
  return [...byArea.entries()].map(([area, quotes]) => `- ${area}: ${quotes.join('; ')}`);
}
