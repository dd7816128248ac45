/**
 * How well an event fits the traveller's topics: each requested topic counts when the event is
 * tagged with it or its title or description names it; each free word counts when the title or
 * description contains it (Russian endings tolerated by comparing stems). A bundled event's
 * English description counts too, so «Sochi» finds what «Сочи» does.
 */
import type { EventOccurrence } from './event.ts';
import { topicOfWord, words, type TopicKey } from './topics.ts';

export interface TopicFit {
  matched: string[];
  missing: string[];
  score: number;
  complete: boolean;
}

function stem(word: string): string {
  return word.length >= 6 ? word.slice(0, -2) : word;
}

export function fitOf(
  event: Pick<EventOccurrence, 'topics' | 'title' | 'description' | 'alsoMatches'>,
  topics: readonly TopicKey[],
  freeWords: readonly string[],
): TopicFit {
  const textWords = words(`${event.title} ${event.description} ${event.alsoMatches ?? ''}`);
  const textTopics = new Set(textWords.map(topicOfWord).filter((t): t is TopicKey => t !== undefined));
  const matched: string[] = [];
  const missing: string[] = [];
  for (const topic of topics) (event.topics.includes(topic) || textTopics.has(topic) ? matched : missing).push(topic);
  for (const word of freeWords) (textWords.some((w) => w.startsWith(stem(word))) ? matched : missing).push(word);
  return { matched, missing, score: matched.length, complete: missing.length === 0 };
}
