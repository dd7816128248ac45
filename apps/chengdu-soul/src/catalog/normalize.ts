/**
 * Text normalisation shared by the lexicon checks and the query tokenizer, so a term is compared
 * the same way when it is published and when it is searched.
 */

const HAN = /\p{Script=Han}/u;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Lower-case Latin words separated by single spaces; apostrophes vanish, hyphens split words. */
export function normalizeEnglish(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\p{Script=Han}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Han characters only: punctuation, spaces and Latin letters are dropped. */
export function normalizeChinese(text: string): string {
  return [...text.normalize('NFKC')].filter((ch) => HAN.test(ch)).join('');
}

export type QueryRun = { script: 'latin'; words: string[] } | { script: 'han'; text: string };

/**
 * Splits a query into runs of Latin words and runs of Han characters, in order. Anything else
 * (punctuation, emoji) only separates runs.
 */
export function splitQuery(query: string): QueryRun[] {
  // Most queries are plain ASCII: NFKC leaves ASCII as it is and only [a-z0-9] are letters or
  // digits there, so the Unicode-aware pass below would find exactly these words, slower.
  if (PRINTABLE_ASCII.test(query)) {
    const words = query
      .toLowerCase()
      .replace(/['`]/g, '')
      .match(/[a-z0-9]+/g);
    return words ? [{ script: 'latin', words }] : [];
  }
  const runs: QueryRun[] = [];
  const source = query
    .normalize('NFKC')
    .toLowerCase()
    .replace(/['’‘`]/g, '');
  // Han characters are letters too: a Latin word stops where they start ("panda熊猫" is two runs).
  const pattern = /(\p{Script=Han}+)|((?:(?!\p{Script=Han})[\p{L}\p{N}])+)/gu;
  for (const match of source.matchAll(pattern)) {
    if (match[1]) {
      runs.push({ script: 'han', text: match[1] });
    } else if (match[2]) {
      const last = runs.at(-1);
      if (last?.script === 'latin') last.words.push(match[2]);
      else runs.push({ script: 'latin', words: [match[2]] });
    }
  }
  return runs;
}
