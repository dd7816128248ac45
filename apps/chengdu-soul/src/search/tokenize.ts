/**
 * Turns a query into lexicon terms. English is matched longest phrase first ("giant panda"
 * before "panda"), with a plural fallback; Chinese has no spaces and is segmented by longest
 * match against the Chinese terms. What matches nothing is kept as an unrecognized term so the
 * agent can be told exactly which words were not understood.
 */
import type { LexiconIndex, TermMeaning } from './lexicon-index.ts';
import { splitQuery } from './normalize.ts';

export interface QueryToken {
  term: string;
  meaning: TermMeaning | null;
}

export function tokenizeQuery(query: string, index: LexiconIndex): QueryToken[] {
  const tokens: QueryToken[] = [];
  for (const run of splitQuery(query)) {
    if (run.script === 'latin') tokens.push(...matchEnglish(run.words, index));
    else tokens.push(...matchChinese(run.text, index));
  }
  return tokens;
}

function matchEnglish(words: string[], index: LexiconIndex): QueryToken[] {
  const tokens: QueryToken[] = [];
  let i = 0;
  while (i < words.length) {
    let matched = false;
    for (let length = Math.min(index.longestEnglishPhrase, words.length - i); length >= 1; length--) {
      const phrase = words.slice(i, i + length).join(' ');
      const meaning = index.english.get(phrase) ?? (length === 1 ? singularMeaning(phrase, index) : undefined);
      if (meaning) {
        tokens.push({ term: phrase, meaning });
        i += length;
        matched = true;
        break;
      }
    }
    if (!matched) {
      tokens.push({ term: words[i]!, meaning: null });
      i += 1;
    }
  }
  return tokens;
}

function singularMeaning(word: string, index: LexiconIndex): TermMeaning | undefined {
  const candidates: string[] = [];
  if (word.endsWith('ies') && word.length > 4) candidates.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es') && word.length > 3) candidates.push(word.slice(0, -2));
  if (word.endsWith('s') && word.length > 2) candidates.push(word.slice(0, -1));
  for (const candidate of candidates) {
    const meaning = index.english.get(candidate);
    if (meaning) return meaning;
  }
  return undefined;
}

function matchChinese(text: string, index: LexiconIndex): QueryToken[] {
  const chars = [...text];
  const tokens: QueryToken[] = [];
  let unknown = '';
  let i = 0;
  while (i < chars.length) {
    let matched = false;
    for (let length = Math.min(index.longestChineseTerm, chars.length - i); length >= 1; length--) {
      const term = chars.slice(i, i + length).join('');
      const meaning = index.chinese.get(term);
      if (meaning) {
        if (unknown) tokens.push({ term: unknown, meaning: null });
        unknown = '';
        tokens.push({ term, meaning });
        i += length;
        matched = true;
        break;
      }
    }
    if (!matched) {
      unknown += chars[i];
      i += 1;
    }
  }
  if (unknown) tokens.push({ term: unknown, meaning: null });
  return tokens;
}
