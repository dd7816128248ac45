/**
 * Compares a sent token with the expected one in constant time, so how long a refusal takes says
 * nothing about how much of a guessed CSRF token was right.
 */
import { timingSafeEqual } from 'node:crypto';

export function tokensEqual(sent: string | null | undefined, expected: string): boolean {
  if (!sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
