/**
 * A plain answer from facts: the facts sharing the most words with the question, per person,
 * quoted as stated. It never invents: without a matching fact it says so.
 */
const STOP_WORDS = new Set(['a', 'an', 'and', 'are', 'about', 'do', 'does', 'for', 'i', 'in', 'is', 'me', 'my', 'of', 'on', 'or', 'the', 'to', 'what', 'who', 'how', 'which', 'where', 'when', 'you', 'your', 'like', 'likes', 'tell', 'we', 'us', 'our', 'should']);
const PER_PERSON = 5;

export function answerFrom(question: string, people: ReadonlyArray<{ name: string; facts: readonly string[] }>): { answer: string; basedOnFacts: number } {
  const words = keywords(question);
  const parts: string[] = [];
  let basedOnFacts = 0;
  for (const person of people) {
    const ranked = person.facts
      .map((fact) => ({ fact, score: overlap(words, keywords(fact)) }))
      .filter((r) => r.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, PER_PERSON);
    if (ranked.length === 0) {
      parts.push(person.facts.length === 0 ? `${person.name}: no approved facts you can see.` : `${person.name}: none of the ${person.facts.length} facts you can see speaks to this.`);
      continue;
    }
    basedOnFacts += ranked.length;
    parts.push(`${person.name}: ${ranked.map((r) => r.fact).join(' ')}`);
  }
  return { answer: parts.join('\n'), basedOnFacts };
}

function keywords(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 1 && !STOP_WORDS.has(w))
      .map((w) => (w.length > 4 && w.endsWith('s') ? w.slice(0, -1) : w)),
  );
}

function overlap(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const w of a) if (b.has(w)) n++;
  return n;
}
