/**
 * Spelling tolerance for scene names and lexicon words: a word nothing knows, of five letters or
 * more, is read as the one known word within a small edit distance (one edit; two from nine
 * letters). Ties are not guessed between, and every correction is reported to the caller.
 */

const MIN_LENGTH = 5;

export function allowedEdits(word: string): number {
  return word.length >= 9 ? 2 : word.length >= MIN_LENGTH ? 1 : 0;
}

/** The single closest candidate within the allowed distance, or undefined (none, or a tie). */
export function correctSpelling(word: string, candidates: readonly string[]): string | undefined {
  const limit = allowedEdits(word);
  if (limit === 0) return undefined;
  let best: string | undefined;
  let bestDistance = limit + 1;
  let tied = false;
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - word.length) > limit || candidate.length < MIN_LENGTH - 1) continue;
    const distance = editDistance(word, candidate, bestDistance + 1);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
      tied = false;
    } else if (distance === bestDistance && candidate !== best) {
      tied = true;
    }
  }
  return best !== undefined && !tied && bestDistance <= limit ? best : undefined;
}

/**
 * Optimal-string-alignment distance (insertions, deletions, substitutions, adjacent swaps),
 * giving up early once every path exceeds `ceiling`.
 */
export function editDistance(a: string, b: string, ceiling = Infinity): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  let before = new Array<number>(cols).fill(0);
  let previous = Array.from({ length: cols }, (_, j) => j);
  let current = new Array<number>(cols).fill(0);
  for (let i = 1; i < rows; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin >= ceiling) return ceiling;
    [before, previous, current] = [previous, current, before];
  }
  return previous[cols - 1]!;
}
