/**
 * Calendar arithmetic on the trip's dates as the traveler gave them (YYYY-MM-DD, no time zone):
 * done in UTC so that no daylight-saving change of the server's zone can shift a day.
 */
const DAY_MS = 86_400_000;

/** The date `days` after `date`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 2026-12-04 → 20261204, the form iCalendar's DATE values take. */
export function compactDate(date: string): string {
  return date.replace(/-/g, '');
}
