/**
 * The searchable form of a release's lexicon and scene names: every surface term (English word or
 * phrase, Chinese word) mapped to what it means. Built once per release; releases are immutable.
 */
import type { ReleaseDocument } from './release-schema.ts';
import type { Atmosphere, Discovery } from './vocabulary.ts';
import { normalizeChinese, normalizeEnglish } from './normalize.ts';

export type TermMeaning =
  | { kind: 'concept'; tag: string }
  | { kind: 'scene'; cardId: string }
  | { kind: 'atmosphere'; value: Atmosphere }
  | { kind: 'discovery'; value: Discovery }
  | { kind: 'unsupported'; constraint: string }
  | { kind: 'stopword' }
  /** A word or Chinese name fragment found only in scenes' reviewed texts, not in the lexicon. */
  | { kind: 'text'; term: string };

export interface LexiconIndex {
  english: Map<string, TermMeaning>;
  chinese: Map<string, TermMeaning>;
  longestEnglishPhrase: number;
  longestChineseTerm: number;
  scenesByTag: Map<string, ReadonlySet<string>>;
  /** Every word of every English lexicon term, so a word inside a phrase is never "corrected". */
  englishWords: ReadonlySet<string>;
}

export function buildLexiconIndex(release: ReleaseDocument): LexiconIndex {
  const english = new Map<string, TermMeaning>();
  const chinese = new Map<string, TermMeaning>();
  const add = (terms: { en: readonly string[]; zh: readonly string[] }, meaning: TermMeaning) => {
    for (const term of terms.en) {
      const key = normalizeEnglish(term);
      if (key) english.set(key, meaning);
    }
    for (const term of terms.zh) {
      const key = normalizeChinese(term);
      if (key) chinese.set(key, meaning);
    }
  };

  const { lexicon } = release;
  add(lexicon.stopwords, { kind: 'stopword' });
  for (const entry of lexicon.unsupported) add(entry, { kind: 'unsupported', constraint: entry.constraint });
  for (const [value, terms] of Object.entries(lexicon.atmosphere)) add(terms, { kind: 'atmosphere', value: value as Atmosphere });
  for (const [value, terms] of Object.entries(lexicon.discovery)) add(terms, { kind: 'discovery', value: value as Discovery });
  for (const concept of lexicon.concepts) add(concept, { kind: 'concept', tag: concept.tag });

  const scenesByTag = new Map<string, Set<string>>();
  for (const scene of release.scenes) {
    add({ en: [scene.name.en, ...(scene.aliases?.en ?? [])], zh: [scene.name.zh, ...(scene.aliases?.zh ?? [])] }, { kind: 'scene', cardId: scene.cardId });
    for (const tag of scene.tags) {
      let set = scenesByTag.get(tag);
      if (!set) {
        set = new Set();
        scenesByTag.set(tag, set);
      }
      set.add(scene.cardId);
    }
  }

  let longestEnglishPhrase = 1;
  for (const key of english.keys()) longestEnglishPhrase = Math.max(longestEnglishPhrase, key.split(' ').length);
  let longestChineseTerm = 1;
  for (const key of chinese.keys()) longestChineseTerm = Math.max(longestChineseTerm, [...key].length);

  const englishWords = new Set<string>();
  for (const key of english.keys()) for (const word of key.split(' ')) englishWords.add(word);

  return { english, chinese, longestEnglishPhrase, longestChineseTerm, scenesByTag, englishWords };
}
