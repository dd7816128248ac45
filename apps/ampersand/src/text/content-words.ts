/**
 * The words & compares texts by, in one place below every room that compares them: the HDS
 * matcher (identity/hds-taxonomy.ts), the answer synthesizer and `find_andees` (identity/), and
 * the stored words of each fact (the `content_words` column, written with the fact and backfilled
 * by migration 0056), so a fact's stored words are exactly the words a question is split into.
 */

/** Lower-case word tokens, with a plural `s` dropped from longer words, as the matchers compare them. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}-]+/u)
    .filter((w) => w.length > 1)
    .map(stem);
}

export function stem(w: string): string {
  return w.length > 4 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
}

const STOP_WORDS = new Set(
  'a an and are about am at be been but by can could do does did for from has have he her him his i if in into is it its me my of on or our she so than that the their them they this to us was we were what who whom whose how which where when why will with would you your like likes love loves enjoy enjoys tell know should might may any some someone somebody anyone'.split(
    ' ',
  ),
);

/** A text's content words: its words without stop words. */
export function contentWords(text: string): Set<string> {
  return new Set(words(text).filter((w) => !STOP_WORDS.has(w)));
}
