/**
 * Deterministic variation: the same route, date and seat category always get the same price and
 * availability, so tests and repeated searches see stable answers without any stored state.
 */

/** A stable number in [0, 1) for a key (FNV-1a, 32 bit). */
export function unitHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 0x1_0000_0000;
}

/** Demand on a date: Friday and Sunday travel and the New Year holidays cost more. */
export function dateDemand(date: string): number {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  let factor = weekday === 5 || weekday === 0 ? 1.12 : 1;
  if ((month === 12 && day >= 27) || (month === 1 && day <= 8)) factor *= 1.25;
  if (month >= 6 && month <= 8) factor *= 1.1;
  return factor;
}

/** A price in roubles: base × demand × a stable ±15 % spread, rounded to 10 ₽. */
export function priceFor(base: number, date: string, key: string): number {
  const spread = 0.88 + unitHash(`${key}|${date}|price`) * 0.3;
  return Math.round((base * dateDemand(date) * spread) / 10) * 10;
}
