/**
 * A confirmed plan as an iCalendar file (RFC 5545) a traveler adds to their own calendar: one
 * all-day event per day of the trip, from the first day they gave on the traveler's page. Each
 * event lists the day's scenes with their Chinese names (for a taxi driver) and the catalog's
 * caveats, and links back to the page. Events are floating all-day dates, so they land on the
 * same calendar days wherever the traveler's phone is set. The same plan and day always get the
 * same UID, so downloading the file again updates the events instead of duplicating them.
 */
import type { PageSnapshot } from '../planning/page-snapshot.ts';
import { pointFromOsmLink } from './map-links.ts';
import { OVERNIGHT_SHORT } from './traveler-page.tsx';
import { addDays, closedOn, compactDate, isoWeekday, weekdayName } from './trip-dates.ts';

const PRODUCT_ID = '-//Chengdu Soul//Plan calendar//EN';

export function planCalendar(snapshot: PageSnapshot, start: string, pageUrl: string): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${PRODUCT_ID}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', `X-WR-CALNAME:${text('Chengdu days')}`];
  for (const day of snapshot.days) lines.push(...dayEvent(snapshot, day, start, pageUrl));
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

function dayEvent(snapshot: PageSnapshot, day: PageSnapshot['days'][number], start: string, pageUrl: string): string[] {
  const date = addDays(start, day.day - 1);
  const names = day.scenes.map((scene) => scene.name.en);
  const summary = names.length === 0 ? `Chengdu day ${day.day}: open for your own exploring` : `Chengdu day ${day.day}: ${names.join(' · ')}`;
  const first = day.scenes[0]?.location.points[0];
  const point = first ? pointFromOsmLink(first.mapUrl) : null;
  return [
    'BEGIN:VEVENT',
    // Stable per plan, revision and day: a second download replaces the events it added before.
    `UID:${snapshot.draftRef}-r${snapshot.revision}-day${day.day}@chengdu-soul`,
    `DTSTAMP:${compactInstant(snapshot.confirmedAt)}`,
    `DTSTART;VALUE=DATE:${compactDate(date)}`,
    `DTEND;VALUE=DATE:${compactDate(addDays(date, 1))}`,
    `SUMMARY:${text(summary)}`,
    `DESCRIPTION:${text(dayDescription(day, date, pageUrl))}`,
    ...(day.scenes[0] ? [`LOCATION:${text(`${day.scenes[0].name.en} ${day.scenes[0].name.zh}`)}`] : []),
    ...(point ? [`GEO:${point.lat};${point.lon}`] : []),
    `URL:${pageUrl}#day-${day.day}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

function dayDescription(day: PageSnapshot['days'][number], date: string, pageUrl: string): string {
  const closed = closedOn(day.scenes, date).map(
    (scene) => `Closed on ${weekdayName(isoWeekday(date))}s: ${scene.name.en}. Swap this day with another, or skip it.`,
  );
  const scenes = day.scenes.map((scene) => {
    const overnight = scene.usuallyOvernight ? ` (${OVERNIGHT_SHORT}: plan where to sleep)` : '';
    return `${scene.name.en} ${scene.name.zh}${overnight}\nBefore you go: ${scene.visitCaveat}`;
  });
  const body = scenes.length === 0 ? ['No scene on this day: it is yours to explore.'] : scenes;
  return [...closed, ...body, `Go in any order and at your own speed. The whole plan: ${pageUrl}#day-${day.day}`].join('\n\n');
}

/** 2026-12-04T03:05:09.123Z → 20261204T030509Z */
function compactInstant(iso: string): string {
  return `${iso.slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** A TEXT value (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks escaped. */
function text(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/**
 * Content lines longer than 75 octets are folded (RFC 5545 3.1): a line break and one space.
 * The cut never falls inside a UTF-8 sequence, so the Chinese names survive every parser.
 */
function fold(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // The first line holds 75 octets; each continuation line's leading space takes one of them.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}
