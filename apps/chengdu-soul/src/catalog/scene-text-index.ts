/**
 * The reviewed texts of a release as search sees them, built once per release: for each scene,
 * counts of every English word sequence in its name and aliases, summary and overview; which scenes
 * each English word or Chinese name fragment appears in; and the name words spelling tolerance may
 * correct towards. Search matches and ranks from these, so a query never scans text.
 */
import type { ReleaseDocument, Scene } from './release-schema.ts';
import { normalizeChinese, normalizeEnglish } from './normalize.ts';

export const TEXT_FIELDS = ['name', 'summary', 'overview'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** Word sequences up to this many words are counted (the longest lexicon phrase is shorter). */
const MAX_PHRASE_WORDS = 5;
/** Chinese name fragments of two to this many characters are searchable text. */
const MAX_HAN_FRAGMENT = 8;

export interface SceneText {
  /** Occurrences of each word sequence, per field (the name field covers name and aliases). */
  phrases: Record<TextField, Map<string, number>>;
  /** Chinese name and aliases, for fragment matching. */
  hanNames: string[];
}

export interface SceneTextIndex {
  byScene: ReadonlyMap<string, SceneText>;
  /** English word → scenes whose name, summary or overview holds it. */
  englishWords: ReadonlyMap<string, ReadonlySet<string>>;
  /** Chinese fragment of a scene name or alias → those scenes. */
  hanFragments: ReadonlyMap<string, ReadonlySet<string>>;
  longestHanFragment: number;
  /** Words of English names and aliases: what a misspelt word may be corrected to. */
  nameWords: readonly string[];
  sceneCount: number;
}

export function buildSceneTextIndex(release: ReleaseDocument, extraNameWords: Iterable<string> = []): SceneTextIndex {
  const byScene = new Map<string, SceneText>();
  const englishWords = new Map<string, Set<string>>();
  const hanFragments = new Map<string, Set<string>>();
  const nameWords = new Set<string>(extraNameWords);
  const note = (map: Map<string, Set<string>>, key: string, cardId: string) => {
    let set = map.get(key);
    if (!set) {
      set = new Set();
      map.set(key, set);
    }
    set.add(cardId);
  };

  for (const scene of release.scenes) {
    const names = [scene.name.en, ...(scene.aliases?.en ?? [])].map(normalizeEnglish);
    const fields: Record<TextField, string[]> = { name: names, summary: [normalizeEnglish(scene.summary)], overview: [normalizeEnglish(scene.overview)] };
    const phrases = { name: new Map<string, number>(), summary: new Map<string, number>(), overview: new Map<string, number>() };
    for (const field of TEXT_FIELDS) {
      for (const text of fields[field]) {
        const words = text.split(' ').filter(Boolean);
        countPhrases(words, phrases[field]);
        for (const word of words) note(englishWords, word, scene.cardId);
      }
    }
    for (const name of names) for (const word of name.split(' ')) if (word) nameWords.add(word);
    const hanNames = hanNamesOf(scene);
    for (const name of hanNames) {
      const chars = [...name];
      for (let i = 0; i < chars.length; i++) {
        for (let length = 2; length <= MAX_HAN_FRAGMENT && i + length <= chars.length; length++) {
          note(hanFragments, chars.slice(i, i + length).join(''), scene.cardId);
        }
      }
    }
    byScene.set(scene.cardId, { phrases, hanNames });
  }
  let longestHanFragment = 0;
  for (const key of hanFragments.keys()) longestHanFragment = Math.max(longestHanFragment, [...key].length);
  return { byScene, englishWords, hanFragments, longestHanFragment, nameWords: [...nameWords].sort(), sceneCount: release.scenes.length };
}

function countPhrases(words: string[], into: Map<string, number>): void {
  for (let i = 0; i < words.length; i++) {
    let phrase = '';
    for (let length = 1; length <= MAX_PHRASE_WORDS && i + length <= words.length; length++) {
      phrase = length === 1 ? words[i]! : `${phrase} ${words[i + length - 1]}`;
      into.set(phrase, (into.get(phrase) ?? 0) + 1);
    }
  }
}

function hanNamesOf(scene: Scene): string[] {
  return [scene.name.zh, ...(scene.aliases?.zh ?? [])].map(normalizeChinese).filter(Boolean);
}

/** The forms of an English word or phrase that count as the same term in text: as typed, plural, singular. */
export function textVariants(phrase: string): string[] {
  const variants = [phrase];
  if (phrase.endsWith('ies') && phrase.length > 4) variants.push(`${phrase.slice(0, -3)}y`);
  if (phrase.endsWith('es') && phrase.length > 3) variants.push(phrase.slice(0, -2));
  if (phrase.endsWith('s') && phrase.length > 2) variants.push(phrase.slice(0, -1));
  else variants.push(`${phrase}s`);
  return variants;
}

/** How often the phrase (in any of its variants) stands in the field of the scene. */
export function occurrences(text: SceneText, field: TextField, variants: readonly string[]): number {
  let count = 0;
  for (const variant of variants) count += text.phrases[field].get(variant) ?? 0;
  return count;
}
