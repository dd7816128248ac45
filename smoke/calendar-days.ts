/**
 * Calendar days for tests that drive a product running on the real clock. A fixed date in such a
 * test is a bomb: the day it passes, the product rightly refuses it (zaezd refused `2026-12-01`
 * from midnight in Moscow on 2 December). Dates are taken from today in the product's own time
 * zone instead, so the suite passes on any day, and under `faketime` a year ahead (CI's guard).
 */

/** Today's date (YYYY-MM-DD) as a clock in `timeZone` reads it now. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA formats a date as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The calendar date `days` after `date` (both YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
