/**
 * Calendar arithmetic for the stand-in. Russia has had fixed UTC offsets since 2014, so a local
 * time is a date, a clock time and the city's offset; no time-zone database is needed.
 */

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The instant of a local wall-clock time in a city with the given UTC offset. */
export function localInstant(date: string, time: string, utcOffsetHours: number): number {
  return Date.parse(`${date}T${time}:00Z`) - utcOffsetHours * 3_600_000;
}

/** An instant written as local ISO time with the city's offset, e.g. 2026-12-11T07:00:00+03:00. */
export function formatLocal(instant: number, utcOffsetHours: number): string {
  const local = new Date(instant + utcOffsetHours * 3_600_000).toISOString().slice(0, 19);
  const sign = utcOffsetHours >= 0 ? '+' : '-';
  return `${local}${sign}${String(Math.abs(utcOffsetHours)).padStart(2, '0')}:00`;
}

/** Today's date in Moscow, where Tutu's sales day turns. */
export function moscowToday(now: Date): string {
  return new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
}
