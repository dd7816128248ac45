/** Comparing texts by their content words (text/content-words.ts): overlap, and a bounded memory of stored facts' words. */
import { contentWords } from '../text/content-words.ts';

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
