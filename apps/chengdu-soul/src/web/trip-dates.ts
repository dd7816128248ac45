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

/** The ISO weekday (Monday = 1 … Sunday = 7) of a date. */
export function isoWeekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
}

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** «Monday» for ISO weekday 1. */
export function weekdayName(isoDay: number): string {
  return WEEKDAY_NAMES[isoDay - 1] ?? '';
}

/**
 * The scenes of a day that are closed on the weekday the day falls on, by the catalog's weekly
 * closures (snapshots before release 2026-12-07.1 carry none, so they flag nothing).
 */
export function closedOn<S extends { closedWeekdays?: number[] }>(scenes: readonly S[], date: string): S[] {
  const weekday = isoWeekday(date);
  return scenes.filter((scene) => scene.closedWeekdays?.includes(weekday));
}
