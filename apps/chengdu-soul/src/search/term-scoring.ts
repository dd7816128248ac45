/**
 * What each recognized query term matches and how strongly, field by field: a scene's name and
 * aliases first, then its primary subjects, its other tags, its summary, then its overview. A
 * lexicon concept matches the scenes tagged with it and those whose texts use the very word that
 * was typed; a text term (a word only the reviewed texts hold) matches the same fields at half the
 * weight; a scene name matches that scene, and as a name word any other whose name holds it.
 * Scores are scaled by how rare the term is across the release (BM25's idf), so the rarer of two
 * terms decides more of the order. A concept's other terms also count, weakly, in the name of a
 * scene tagged with it ("Heming Teahouse" answers "tea house"); in the longer texts only the word
 * typed counts.
 */
import type { LoadedRelease } from '../catalog/loaded-release.ts';
import type { Scene } from '../catalog/release-schema.ts';
import { normalizeChinese, normalizeEnglish } from '../catalog/normalize.ts';
import { TEXT_FIELDS, occurrences, textVariants, type SceneText } from '../catalog/scene-text-index.ts';
import type { QueryToken } from './tokenize.ts';

export type MatchField = 'name' | 'primary subject' | 'tag' | 'summary' | 'overview';

/** What one term earns in one scene it matches, and the reason a returned hit states for it. */
export interface TermEvidence {
  points: number;
  fields: MatchField[];
  /** `"term" in name, summary`: written once per release, since every hit's `why` repeats it. */
  reason: string;
}

export type Posting = ReadonlyMap<string, TermEvidence>;

/** A recognized query term and every scene it matches (by card ID), computed once per release. */
export interface TermMatcher {
  /** The term as the traveler's words gave it (after any spelling correction). */
  label: string;
  posting: Posting;
}

/** How a term is scored before it is posted: the per-scene computation its posting keeps. */
interface TermScorer {
  matches(scene: Scene): boolean;
  score(scene: Scene): { points: number; fields: MatchField[] };
}

const WEIGHT: Record<MatchField, number> = { name: 8, 'primary subject': 5, tag: 3, summary: 2, overview: 1 };
/** A word from the texts alone is weaker evidence than a reviewed lexicon concept. */
const TEXT_TERM_FACTOR = 0.5;
/** A scene named outright outweighs any keyword. */
const NAMED_SCENE_POINTS = 12;
/** A concept's synonym in the name of a scene tagged with it. */
const NAME_SYNONYM_WEIGHT = 2;

export function termMatchers(tokens: readonly QueryToken[], release: LoadedRelease): TermMatcher[] {
  const matchers: TermMatcher[] = [];
  for (const token of tokens) {
    const meaning = token.meaning;
    const term = token.term;
    if (meaning?.kind === 'scene') {
      // Another scene whose name holds the named one's counts too, as a name word: "Dujiangyan
      // panda" is Dujiangyan Panda Valley, not "no scene is both".
      matchers.push({ label: term, posting: cached(release, `scene:${meaning.cardId}:${term}`, () => namedScenePosting(term, meaning.cardId, release)) });
    } else if (meaning?.kind === 'concept') {
      matchers.push({
        label: term,
        posting: cached(release, `concept:${meaning.tag}:${term}`, () => rarityScaled(release, term, conceptMatcher(term, meaning.tag, release))),
      });
    } else if (meaning?.kind === 'text') {
      matchers.push({ label: term, posting: cached(release, `text:${term}`, () => rarityScaled(release, term, textMatcher(term, release, TEXT_TERM_FACTOR))) });
    }
  }
  return matchers;
}

/** The scene named outright, at full name points (not scaled), and the other scenes whose name holds its name. */
function namedScenePosting(term: string, cardId: string, release: LoadedRelease): Posting {
  const posting = new Map<string, TermEvidence>([[cardId, evidence(term, NAMED_SCENE_POINTS, ['name'])]]);
  for (const [other, entry] of rarityScaled(release, term, nameHolder(term, cardId, release))) posting.set(other, entry);
  return posting;
}

function evidence(label: string, points: number, fields: MatchField[]): TermEvidence {
  return { points, fields, reason: `"${label}" in ${fields.join(', ')}` };
}

/** The other scenes whose name or alias holds a scene's name, scored as a text term in the name. */
function nameHolder(term: string, cardId: string, release: LoadedRelease): TermScorer {
  const han = /\p{Script=Han}/u.test(term);
  const score = (scene: Scene) => {
    if (scene.cardId === cardId) return { points: 0, fields: [] };
    const text = release.text.byScene.get(scene.cardId)!;
    const count = han ? hanCount(text, [term]) : occurrences(text, 'name', [term]);
    return count > 0 ? { points: WEIGHT.name * saturate(count) * TEXT_TERM_FACTOR, fields: ['name' as MatchField] } : { points: 0, fields: [] };
  };
  return { matches: (scene) => score(scene).points > 0, score };
}

/**
 * Every term's posting over a release, computed once: releases are immutable and the keys come
 * from the release's own vocabulary (lexicon terms, text words, scene names), so the cache is bounded.
 */
const postings = new WeakMap<LoadedRelease, Map<string, Posting>>();

function cached(release: LoadedRelease, key: string, build: () => Posting): Posting {
  let cache = postings.get(release);
  if (!cache) {
    cache = new Map();
    postings.set(release, cache);
  }
  let posting = cache.get(key);
  if (!posting) {
    posting = build();
    cache.set(key, posting);
  }
  return posting;
}

function conceptMatcher(term: string, tag: string, release: LoadedRelease): TermScorer {
  const tagged = release.lexicon.scenesByTag.get(tag) ?? new Set<string>();
  const concept = release.document.lexicon.concepts.find((c) => c.tag === tag)!;
  // One-character Chinese terms (山, 娃) are too loose to count inside another name.
  const nameTerms = { en: concept.en.map(normalizeEnglish), zh: concept.zh.map(normalizeChinese).filter((t) => [...t].length > 1) };
  return textMatcher(term, release, 1, nameTerms, (scene) => tagPoints(scene, tag, tagged));
}

type TagPoints = (scene: Scene) => { points: number; field?: MatchField };

function tagPoints(scene: Scene, tag: string, tagged: ReadonlySet<string>): { points: number; field?: MatchField } {
  if (!tagged.has(scene.cardId)) return { points: 0 };
  return scene.primarySubjects?.includes(tag) ? { points: WEIGHT['primary subject'], field: 'primary subject' } : { points: WEIGHT.tag, field: 'tag' };
}

/** Matches and scores the typed words in the scene texts (and, for a concept, its names and tags). */
function textMatcher(term: string, release: LoadedRelease, factor: number, nameTerms?: { en: string[]; zh: string[] }, tags?: TagPoints): TermScorer {
  const han = /\p{Script=Han}/u.test(term);
  const variants = han ? [term] : usefulVariants(term, release);
  const nameVariants = nameTerms ? [...new Set([...variants, ...nameTerms.en.flatMap((t) => usefulVariants(t, release))])] : variants;
  const hanTerms = nameTerms ? [...new Set([...(han ? [term] : []), ...nameTerms.zh])] : han ? [term] : [];
  const cache = new Map<string, { points: number; fields: MatchField[] }>();
  const score = (scene: Scene) => {
    const cached = cache.get(scene.cardId);
    if (cached) return cached;
    const text = release.text.byScene.get(scene.cardId)!;
    const fields: MatchField[] = [];
    let points = 0;
    const fromTags = tags?.(scene);
    for (const field of TEXT_FIELDS) {
      const count = field === 'name' ? (han ? hanCount(text, [term]) : occurrences(text, 'name', variants)) : han ? 0 : occurrences(text, field, variants);
      if (count > 0) {
        points += WEIGHT[field] * saturate(count) * factor;
        fields.push(field);
      }
    }
    // A concept's other terms count in the name of a scene tagged with it ("Heming Teahouse" for
    // "tea house"), weakly: the typed words are better evidence than a synonym ("Flower Town" for
    // "cherry blossom"); an untagged name must hold the typed word ("Liu Family Manor" is not "遛娃").
    if (fromTags?.field && !fields.includes('name')) {
      const synonyms = hanCount(text, hanTerms) + occurrences(text, 'name', nameVariants);
      if (synonyms > 0) {
        points += NAME_SYNONYM_WEIGHT * saturate(synonyms);
        fields.unshift('name');
      }
    }
    if (fromTags?.field) {
      points += fromTags.points;
      fields.splice(fields[0] === 'name' ? 1 : 0, 0, fromTags.field);
    }
    const result = { points, fields };
    cache.set(scene.cardId, result);
    return result;
  };
  return { matches: (scene) => score(scene).points > 0, score };
}

/**
 * A term's points level off (BM25's saturation, at the level of a whole term): one term matched
 * everywhere cannot outweigh two terms matched well, so "Manchu quarter" prefers the scene about
 * both over one whose name holds only "quarter".
 */
const TERM_SATURATION = 5;

/** The matching scenes with their levelled-off points scaled by the term's rarity over the release. */
function rarityScaled(release: LoadedRelease, label: string, scorer: TermScorer): Posting {
  const matching = release.scenes.filter(scorer.matches);
  const n = release.scenes.length;
  const idf = Math.log(1 + (n - matching.length + 0.5) / (matching.length + 0.5));
  const posting = new Map<string, TermEvidence>();
  for (const scene of matching) {
    const { points, fields } = scorer.score(scene);
    posting.set(scene.cardId, evidence(label, ((TERM_SATURATION + 1) * points * idf) / (points + TERM_SATURATION), fields));
  }
  return posting;
}

/** How many of the scene's Chinese names hold one of the terms. */
function hanCount(text: SceneText, terms: readonly string[]): number {
  let count = 0;
  for (const name of text.hanNames) if (terms.some((term) => name.includes(term))) count++;
  return count;
}

/** The typed form plus its plural or singular, unless that form is so common it means nothing ("ifs" → not "if"). */
function usefulVariants(phrase: string, release: LoadedRelease): string[] {
  const [typed, ...others] = textVariants(phrase);
  return [typed!, ...others.filter((v) => v.includes(' ') || (release.text.englishWords.get(v)?.size ?? 0) <= release.scenes.length / 2)];
}

/** One mention counts 1, more count less each (2 → 1.33, 3 → 1.5): repetition is weak evidence. */
function saturate(count: number): number {
  return (2 * count) / (count + 1);
}
