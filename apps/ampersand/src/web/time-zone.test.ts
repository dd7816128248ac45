import { describe, expect, it } from 'vitest';
import { absoluteWords, knownZone, relativeWords } from './time-zone.tsx';

describe('times in the person’s time zone', () => {
  const now = new Date('2026-12-02T13:05:00Z');

  it('reads a time relative to now', () => {
    expect(relativeWords(new Date('2026-12-02T13:04:40Z'), now)).toBe('just now');
    expect(relativeWords(new Date('2026-12-02T12:55:00Z'), now)).toBe('10 minutes ago');
    expect(relativeWords(new Date('2026-12-02T10:05:00Z'), now)).toBe('3 hours ago');
    expect(relativeWords(new Date('2026-12-01T13:05:00Z'), now)).toBe('yesterday');
    expect(relativeWords(new Date('2026-12-09T13:05:00Z'), now)).toBe('next week');
  });

  it('gives the exact time in the zone the browser named, with the zone, and UTC when it named none this server knows', () => {
    expect(absoluteWords(now, 'Europe/Paris')).toBe('2 Dec 2026, 14:05 CET');
    expect(absoluteWords(now, 'UTC')).toBe('2 Dec 2026, 13:05 UTC');
    expect(knownZone('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(knownZone('Mars/Olympus_Mons')).toBeUndefined();
    expect(knownZone('"><script>')).toBeUndefined();
    expect(knownZone(undefined)).toBeUndefined();
  });
});
