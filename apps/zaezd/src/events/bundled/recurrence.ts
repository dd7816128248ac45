/**
 * The occurrences of a recurring event that overlap a date range, in the venue's local time:
 * a yearly festival gives at most one per year (biennial ones only in odd or even years), a
 * regular programme one per playing evening in its season.
 */
import { addDays, daysBetween, localDateTime, weekday } from '../../calendar.ts';
import type { Recurrence } from './recurring-events.ts';

export interface Occurrence {
  startDate: string;
  endDate: string;
  startsAt: string;
  endsAt: string;
}

/** Hours a festival day runs from its start time; the last day ends then too. */
const FESTIVAL_DAY_HOURS = 3;
/** The widest range enumerated for weekly programmes, so a careless caller cannot loop for years. */
const MAX_RANGE_DAYS = 400;

function plusHours(date: string, time: string, hours: number): { date: string; time: string } {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = h * 60 + m + Math.round(hours * 60);
  const dayShift = Math.floor(total / (24 * 60));
  const minutes = total - dayShift * 24 * 60;
  return {
    date: addDays(date, dayShift),
    time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
  };
}

export function occurrencesBetween(recurrence: Recurrence, from: string, to: string, utcOffsetHours: number): Occurrence[] {
  if (daysBetween(from, to) < 0) return [];
  if (recurrence.kind === 'yearly') {
    const found: Occurrence[] = [];
    for (let year = Number(from.slice(0, 4)) - 1; year <= Number(to.slice(0, 4)); year += 1) {
      if (recurrence.years === 'odd' && year % 2 === 0) continue;
      if (recurrence.years === 'even' && year % 2 === 1) continue;
      const startDate = `${year}-${String(recurrence.month).padStart(2, '0')}-${String(recurrence.day).padStart(2, '0')}`;
      const endDate = addDays(startDate, recurrence.days - 1);
      if (endDate < from || startDate > to) continue;
      const end = plusHours(endDate, recurrence.time, FESTIVAL_DAY_HOURS);
      found.push({
        startDate,
        endDate,
        startsAt: localDateTime(startDate, recurrence.time, utcOffsetHours),
        endsAt: localDateTime(end.date, end.time, utcOffsetHours),
      });
    }
    return found;
  }
  const found: Occurrence[] = [];
  const days = Math.min(daysBetween(from, to), MAX_RANGE_DAYS);
  const firstWeekday = weekday(from);
  for (let offset = 0; offset <= days; offset += 1) {
    if (!recurrence.weekdays.includes((firstWeekday + offset) % 7)) continue;
    const date = addDays(from, offset);
    if (!recurrence.months.includes(Number(date.slice(5, 7)))) continue;
    const end = plusHours(date, recurrence.time, recurrence.hours);
    found.push({
      startDate: date,
      endDate: date,
      startsAt: localDateTime(date, recurrence.time, utcOffsetHours),
      endsAt: localDateTime(end.date, end.time, utcOffsetHours),
    });
  }
  return found;
}
