/**
 * Paging state recognised by its shape, whatever words it uses (spec "What never belongs in a
 * Loop": an opaque cursor or batch marker). A word list misses "Page token: CiAK…" and refuses
 * "the cursor on the old Mac"; the shape does neither. Three shapes:
 * - an opaque token: one unbroken run of base64/hex characters that is not a word;
 * - `key: value` pagination state: short labels each followed by one value that is not a word;
 * - a sequence marker: a counter ("Batch marker 7", "Page 3 of 9") whose words the title already
 *   says, so it adds nothing but the number ("Toy Story 3" under "Films for Friday" is content).
 */

const TRUNCATED = /(…|\.\.\.)$/;
const TOKEN_CHARS = /^[A-Za-z0-9+/_=~.-]+$/;
const HEX = /^(0x)?[0-9a-f]{16,}$/i;
/** Up to three short label words, `:` or `=`, one value with no space; repeated for `offset=50&limit=20` or `a: 1, b: 2`. */
const PAIR = /\s*([A-Za-z][A-Za-z_-]{0,19}(?:[ _-][A-Za-z][A-Za-z_-]{0,19}){0,2})\s*[:=]\s*(\S+?)(?:[,;&]|\s+|$)/gy;
const COUNTER = /^((?:[A-Za-z]+[\s_-]+){0,3})#?\d+(?:\s*(?:of|\/)\s*\d+)?$/i;

/** A single token of base64/base64url/hex characters, long and mixed enough that it reads as no word. */
export function isOpaqueToken(text: string): boolean {
  const bare = text.replace(TRUNCATED, '');
  if (bare.length < 12 || !TOKEN_CHARS.test(bare)) return false;
  if (HEX.test(bare)) return true;
  // A word may start with a capital; a token mixes character classes all through.
  const tail = bare.slice(1);
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[+/_=~-]/].filter((c) => c.test(tail)).length;
  return bare.length >= 16 ? classes >= 2 : classes >= 3;
}

/** A value that is not a word of prose: digits in it, case flipping inside it, cut short, or an opaque token. */
function isNonWordValue(value: string): boolean {
  const bare = value.replace(/[.,;]$/, '');
  if (TRUNCATED.test(bare) || /\d/.test(bare)) return true;
  return TOKEN_CHARS.test(bare) && (/[a-z][A-Z]|[A-Z]{2}[a-z]/.test(bare) || isOpaqueToken(bare));
}

/** Nothing but `label: value` pairs whose values are paging state ("cursor: abc123", "Page token: CiAK…", "offset=50&limit=20"). */
export function isPaginationState(text: string): boolean {
  const pairs = [...text.trim().matchAll(PAIR)];
  const consumed = pairs.reduce((n, m) => n + m[0].length, 0);
  return pairs.length > 0 && consumed === text.trim().length && pairs.every((m) => isNonWordValue(m[2] ?? ''));
}

/** A counter and nothing the title does not already say ("Batch marker 7" under "Batch marker"): a sequence marker with no content. */
export function isSequenceMarker(text: string, title: string): boolean {
  const match = COUNTER.exec(text.trim());
  if (!match) return false;
  const titleWords = new Set(words(title));
  return words(match[1] ?? '').every((w) => titleWords.has(w));
}

/** Whether every text of an item's body is paging state: an opaque token, `key: value` paging state, or a bare sequence marker. */
export function isOnlyPagingState(title: string, body: readonly string[]): boolean {
  return body.length > 0 && body.every((t) => isOpaqueToken(t) || isPaginationState(t) || isSequenceMarker(t, title));
}

function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
}
