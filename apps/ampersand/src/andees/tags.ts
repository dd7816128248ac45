/** `&tag`s: letters, digits and underscore, stored without `&`, accepted with or without it, matched case-insensitively. */
export const TAG_PATTERN = /^[A-Za-z0-9_]{2,30}$/;

export type TagParse = { ok: true; tag: string } | { ok: false; problem: string };

export function parseTag(input: string): TagParse {
  const bare = input.trim().replace(/^&/, '');
  if (!TAG_PATTERN.test(bare)) return { ok: false, problem: 'A tag is 2 to 30 letters, digits or underscores, with or without a leading &.' };
  return { ok: true, tag: bare.toLowerCase() };
}
