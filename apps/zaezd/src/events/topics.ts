/**
 * The topics zaezd understands, in Russian and English with their synonyms. Russian words are
 * matched by stem so case forms match too (джазовый, фестиваля, выставки); English by word with
 * a plural fallback. A topic's key is itself one of its English words, so normalized topics
 * read back to the same concepts (trip IDs store them).
 */

export const TOPIC_KEYS = ['concert', 'festival', 'jazz', 'rock', 'classical', 'opera', 'ballet', 'theatre', 'exhibition', 'film', 'music', 'party'] as const;
export type TopicKey = (typeof TOPIC_KEYS)[number];

interface TopicSpec {
  key: TopicKey;
  en: string[];
  ruStems: string[];
  /** Russian words matched whole because their stem would catch unrelated words. */
  ruWords?: string[];
  label: string;
}

export const TOPICS: readonly TopicSpec[] = [
  { key: 'concert', label: 'concert / концерт', en: ['concert', 'gig', 'live', 'show', 'recital'], ruStems: ['концерт', 'выступлен', 'гастрол'] },
  { key: 'festival', label: 'festival / фестиваль', en: ['festival', 'fest', 'fiesta'], ruStems: ['фестивал', 'фест'] },
  { key: 'jazz', label: 'jazz / джаз', en: ['jazz', 'swing', 'blues'], ruStems: ['джаз', 'свинг', 'блюз'] },
  { key: 'rock', label: 'rock / рок', en: ['rock', 'punk', 'indie'], ruStems: ['панк', 'инди'], ruWords: ['рок', 'рока', 'роке'] },
  {
    key: 'classical',
    label: 'classical music / классическая музыка',
    en: ['classical', 'symphony', 'symphonic', 'orchestra', 'philharmonic', 'chamber', 'organ'],
    ruStems: ['классическ', 'классик', 'симфон', 'оркестр', 'филармон', 'камерн', 'органн'],
  },
  { key: 'opera', label: 'opera / опера', en: ['opera'], ruStems: ['оперн'], ruWords: ['опера', 'оперы', 'оперу', 'опере', 'оперой'] },
  { key: 'ballet', label: 'ballet / балет', en: ['ballet', 'dance'], ruStems: ['балет', 'танц'] },
  {
    key: 'theatre',
    label: 'theatre / театр',
    en: ['theatre', 'theater', 'play', 'drama', 'performance', 'stage'],
    ruStems: ['театр', 'спектакл', 'постановк', 'драм'],
  },
  {
    key: 'exhibition',
    label: 'exhibition / выставка',
    en: ['exhibition', 'exhibit', 'museum', 'gallery', 'art'],
    ruStems: ['выставк', 'выставоч', 'экспозиц', 'музе', 'галере', 'искусств'],
  },
  { key: 'film', label: 'film / кино', en: ['film', 'cinema', 'movie', 'screening'], ruStems: ['кино', 'фильм'] },
  { key: 'music', label: 'music / музыка', en: ['music', 'musical'], ruStems: ['музык'] },
  { key: 'party', label: 'party / вечеринка', en: ['party', 'rave', 'dj'], ruStems: ['вечеринк', 'тусовк'] },
];

/** Words that carry no topic and are dropped rather than reported as unrecognized. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'of',
  'in',
  'at',
  'to',
  'on',
  'some',
  'any',
  'event',
  'events',
  'и',
  'или',
  'на',
  'в',
  'во',
  'по',
  'с',
  'со',
  'для',
  'про',
  'какой-нибудь',
  'какой',
  'хороший',
  'событие',
  'мероприятие',
]);

export function topicLabel(key: TopicKey): string {
  return TOPICS.find((t) => t.key === key)!.label;
}

export function isTopicKey(value: string): value is TopicKey {
  return (TOPIC_KEYS as readonly string[]).includes(value);
}

/** Lower case, ё as е, split into words (hyphenated compounds become separate words). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replaceAll('ё', 'е')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** The word and its possible English singulars (movies → movie, parties → party, exhibits → exhibit). */
function englishForms(word: string): string[] {
  const forms = [word];
  if (word.endsWith('s') && !word.endsWith('ss')) forms.push(word.slice(0, -1));
  if (word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`);
  return forms;
}

/** The topic a single word names, if any. */
export function topicOfWord(word: string): TopicKey | undefined {
  const forms = englishForms(word);
  for (const topic of TOPICS) {
    if (forms.some((form) => topic.en.includes(form))) return topic.key;
    if (topic.ruWords?.includes(word)) return topic.key;
    if (topic.ruStems.some((stem) => word.startsWith(stem))) return topic.key;
  }
  return undefined;
}

export interface InterpretedTopics {
  /** What was asked for, normalized: topic keys and then unrecognized words. Stored in trip IDs. */
  normalized: string[];
  topics: TopicKey[];
  /** Words that are not a known topic: matched as free text against event titles. */
  freeWords: string[];
  interpretation: Array<{ topic: string; means: string }>;
}

/** Reads the traveller's topics ("джаз", "jazz festival", "выставки") into topics and free words. */
export function interpretTopics(inputs: readonly string[]): InterpretedTopics {
  const topics: TopicKey[] = [];
  const freeWords: string[] = [];
  const interpretation: Array<{ topic: string; means: string }> = [];
  for (const input of inputs) {
    const meanings: string[] = [];
    for (const word of words(input)) {
      if (STOP_WORDS.has(word)) continue;
      const topic = topicOfWord(word);
      if (topic) {
        if (!topics.includes(topic)) topics.push(topic);
        meanings.push(topicLabel(topic));
      } else if (word.length >= 2) {
        if (!freeWords.includes(word)) freeWords.push(word);
        meanings.push(`"${word}" (not a known topic: matched against event titles)`);
      }
    }
    interpretation.push({ topic: input, means: meanings.length > 0 ? meanings.join(' + ') : 'nothing (no topic words)' });
  }
  return { normalized: [...topics, ...freeWords], topics, freeWords, interpretation };
}
