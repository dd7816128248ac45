/**
 * A `timestamptz` that came back inside JSON (json_agg, json_build_array) as the ISO instant a
 * contract carries. PostgreSQL writes it as `2026-12-02T09:33:09.123456+00:00`, trailing zeros of
 * the fraction dropped; in UTC sessions (both databases' default here) that is converted by
 * slicing, which is what `new Date(text).toISOString()` gives (the fraction truncated to
 * milliseconds) at a fraction of its cost: a page of facts converts fifty of them per read. Any
 * other form (another offset, a year past 9999, BC, infinity) takes the Date path.
 */
const UTC_INSTANT = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00:00$/;

export function isoFromJsonTimestamp(text: string): string {
  const match = UTC_INSTANT.exec(text);
  if (!match) return new Date(text).toISOString();
  const fraction = match[2] ?? '';
  return `${match[1]}.${fraction.length >= 3 ? fraction.slice(0, 3) : fraction.padEnd(3, '0')}Z`;
}
