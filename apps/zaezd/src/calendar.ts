/**
 * Local calendar arithmetic. Russian cities have kept fixed UTC offsets since 2014, so a local
 * time is a date, a clock time and the city's offset; dates are YYYY-MM-DD strings throughout.
 */

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))).toISOString().slice(0, 10) === value;
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

export function laterDate(a: string, b: string): string {
  return a > b ? a : b;
}

export function earlierDate(a: string, b: string): string {
  return a < b ? a : b;
}

function offsetSuffix(utcOffsetHours: number): string {
  const sign = utcOffsetHours >= 0 ? '+' : '-';
  return `${sign}${String(Math.abs(utcOffsetHours)).padStart(2, '0')}:00`;
}

/** A local wall-clock time as ISO with offset, e.g. 2026-12-11T19:00:00+03:00. */
export function localDateTime(date: string, time: string, utcOffsetHours: number): string {
  return `${date}T${time}:00${offsetSuffix(utcOffsetHours)}`;
}

/** An instant written in a city's local time. */
export function formatLocal(instant: number, utcOffsetHours: number): string {
  return `${new Date(instant + utcOffsetHours * 3_600_000).toISOString().slice(0, 19)}${offsetSuffix(utcOffsetHours)}`;
}

/** The local date of an ISO date-time carrying its own offset (its first ten characters). */
export function localDateOf(isoDateTime: string): string {
  return isoDateTime.slice(0, 10);
}

/** Today's date in a city. */
export function todayIn(now: Date, utcOffsetHours: number): string {
  return new Date(now.getTime() + utcOffsetHours * 3_600_000).toISOString().slice(0, 10);
}

/** Today in Moscow: the day Tutu sells for and the default reference for date arguments. */
export function moscowToday(now: Date): string {
  return todayIn(now, 3);
}
