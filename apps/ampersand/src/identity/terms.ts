/** A text's content words, as every matcher here compares them: lower-cased, stop words dropped, a plural s removed. */
import { words } from './hds-taxonomy.ts';

const STOP_WORDS = new Set(
  'a an and are about am at be been but by can could do does did for from has have he her him his i if in into is it its me my of on or our she so than that the their them they this to us was we were what who whom whose how which where when why will with would you your like likes love loves enjoy enjoys tell know should might may any some someone somebody anyone'.split(
    ' ',
  ),
);

export function contentWords(text: string): Set<string> {
  return new Set(words(text).filter((w) => !STOP_WORDS.has(w)));
}

export function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let n = 0;
  for (const w of a) if (b.has(w)) n++;
  return n;
}

const REMEMBERED_TEXTS = 10_000;
const remembered = new Map<string, ReadonlySet<string>>();

/** contentWords of a stored fact's text, remembered: the same facts are scored on every question. Bounded: forgets everything when full. */
export function rememberedContentWords(text: string): ReadonlySet<string> {
  let found = remembered.get(text);
  if (!found) {
    if (remembered.size >= REMEMBERED_TEXTS) remembered.clear();
    found = contentWords(text);
    remembered.set(text, found);
  }
  return found;
}
