/**
 * Turns a query into terms. English is matched longest phrase first ("giant panda" before
 * "panda"), with a plural fallback; Chinese has no spaces and is segmented by longest match
 * against the Chinese terms. A word the lexicon lacks but the reviewed scene texts hold is a text
 * term; a longer word nothing knows may be a misspelling of a name or lexicon word, and is read as
 * that word with the correction recorded. What is left is kept as unrecognized, so the agent can
 * be told exactly which words were not understood.
 */
import type { LexiconIndex, TermMeaning } from '../catalog/lexicon-index.ts';
import { splitQuery } from '../catalog/normalize.ts';
import { textVariants, type SceneTextIndex } from '../catalog/scene-text-index.ts';
import { correctSpelling } from './spelling.ts';

export interface QueryToken {
  term: string;
  meaning: TermMeaning | null;
  /** Words of this term read as another spelling ("monastary" → "monastery"). */
  corrections?: Array<{ from: string; to: string }>;
}

/** A text word found in more than this share of scenes says nothing about which one is meant. */
const COMMON_TEXT_SHARE = 0.5;

export function tokenizeQuery(query: string, index: LexiconIndex, text?: SceneTextIndex): QueryToken[] {
  const tokens: QueryToken[] = [];
  for (const run of splitQuery(query)) {
    if (run.script === 'latin') tokens.push(...matchEnglish(run.words, index, text));
    else tokens.push(...matchChinese(run.text, index, text));
  }
  return tokens;
}

function matchEnglish(typed: string[], index: LexiconIndex, text: SceneTextIndex | undefined): QueryToken[] {
  const corrections = new Map<number, string>();
  const words = typed.map((word, i) => {
    if (!text || isKnownWord(word, index, text)) return word;
    const corrected = correctSpelling(word, text.nameWords);
    if (corrected === undefined) return word;
    corrections.set(i, corrected);
    return corrected;
  });
  const tokens: QueryToken[] = [];
  let i = 0;
  while (i < words.length) {
    let token: QueryToken | undefined;
    let length = Math.min(index.longestEnglishPhrase, words.length - i);
    for (; length >= 1; length--) {
      const phrase = words.slice(i, i + length).join(' ');
      const meaning = index.english.get(phrase) ?? (length === 1 ? (singularMeaning(phrase, index) ?? textMeaning(phrase, text)) : undefined);
      if (meaning) {
        token = { term: phrase, meaning };
        break;
      }
    }
    if (!token) {
      length = 1;
      token = { term: typed[i]!, meaning: null };
    } else {
      const fixed = [];
      for (let k = i; k < i + length; k++) if (corrections.has(k)) fixed.push({ from: typed[k]!, to: corrections.get(k)! });
      if (fixed.length > 0) token.corrections = fixed;
    }
    tokens.push(token);
    i += length;
  }
  return tokens;
}

function isKnownWord(word: string, index: LexiconIndex, text: SceneTextIndex): boolean {
  return textVariants(word).some((w) => index.englishWords.has(w) || text.englishWords.has(w));
}

/** "pandas" means what "panda" means; but "ifs" is not the stopword "if". */
function singularMeaning(word: string, index: LexiconIndex): TermMeaning | undefined {
  for (const candidate of textVariants(word).slice(1)) {
    if (candidate.length >= word.length) continue;
    const meaning = index.english.get(candidate);
    if (meaning && meaning.kind !== 'stopword') return meaning;
  }
  return undefined;
}

function textMeaning(word: string, text: SceneTextIndex | undefined): TermMeaning | undefined {
  if (!text) return undefined;
  const common = (form: string) => (text.englishWords.get(form)?.size ?? 0) > text.sceneCount * COMMON_TEXT_SHARE;
  const forms = textVariants(word).filter((form, i) => text.englishWords.has(form) && (i === 0 || !common(form)));
  if (forms.length === 0) return undefined;
  return forms.every(common) ? { kind: 'stopword' } : { kind: 'text', term: word };
}

function matchChinese(run: string, index: LexiconIndex, text: SceneTextIndex | undefined): QueryToken[] {
  const chars = [...run];
  // A character outside the BMP is two code units: slicing the string is exact only without them.
  const piece: Piece = chars.length === run.length ? (at, length) => run.slice(at, at + length) : (at, length) => chars.slice(at, at + length).join('');
  const tokens: QueryToken[] = [];
  let unknown = '';
  const flush = () => {
    if (unknown) tokens.push({ term: unknown, meaning: null });
    unknown = '';
  };
  let i = 0;
  while (i < chars.length) {
    const found = longestChinese(piece, chars.length, i, index, text);
    if (found) {
      flush();
      tokens.push(found.token);
      i += found.length;
    } else {
      unknown += chars[i];
      i += 1;
    }
  }
  flush();
  return tokens;
}

/** The `length` characters of the run from character `at`. */
type Piece = (at: number, length: number) => string;

/**
 * The longer of the lexicon's longest term at this position and the longest fragment of a scene's
 * Chinese name there (the lexicon wins a tie): "锦江剧" is part of 锦江剧场, not the river 锦江.
 */
function longestChinese(
  piece: Piece,
  runLength: number,
  at: number,
  index: LexiconIndex,
  text: SceneTextIndex | undefined,
): { token: QueryToken; length: number } | undefined {
  let lexical: { token: QueryToken; length: number } | undefined;
  for (let length = Math.min(index.longestChineseTerm, runLength - at); length >= 1 && !lexical; length--) {
    const term = piece(at, length);
    const meaning = index.chinese.get(term);
    if (meaning) lexical = { token: { term, meaning }, length };
  }
  if (!text) return lexical;
  const floor = Math.max(2, lexical ? lexical.length + 1 : 2);
  for (let length = Math.min(text.longestHanFragment, runLength - at); length >= floor; length--) {
    const term = piece(at, length);
    if (text.hanFragments.has(term)) return { token: { term, meaning: { kind: 'text', term } }, length };
  }
  return lexical;
}
