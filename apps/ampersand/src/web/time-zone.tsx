/**
 * Times on &'s pages read in the person's own time zone. The browser says which zone it is in
 * through a small script (a progressive enhancement: it sets the `amp_tz` cookie once, and the
 * next page uses it, shell/time-zone-script.ts); without it, or with a zone this server does not know, times are in UTC
 * and say so. Rendering stays on the server, so every page works without JavaScript.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { TIME_ZONE_COOKIE } from '../shell/time-zone-script.ts';

/** An IANA zone the runtime knows, or undefined. */
export function knownZone(zone: string | undefined): string | undefined {
  if (!zone || zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return undefined;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The zone of the browser that asked, from its cookie; UTC when it gave none this server knows. */
export function requestZone(c: Context): string {
  return knownZone(getCookie(c, TIME_ZONE_COOKIE)) ?? 'UTC';
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86400],
  ['month', 30 * 86400],
  ['week', 7 * 86400],
  ['day', 86400],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago", "in 2 days", "just now". */
export function relativeWords(then: Date, now: Date): string {
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(Math.round(seconds / 60), 'minute');
}

/** The date and time in the zone, with the zone named: "2 Dec 2026, 14:05 CET", "2 Dec 2026, 13:05 UTC". */
export function absoluteWords(then: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(then);
}

/** A time as people read it: relative words, then the exact time in their zone, zone named. */
export function TimeWords(props: { at: Date; now: Date; zone: string }) {
  return (
    <time datetime={props.at.toISOString()}>
      {relativeWords(props.at, props.now)} · {absoluteWords(props.at, props.zone)}
    </time>
  );
}
