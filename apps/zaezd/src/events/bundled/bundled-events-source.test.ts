/**
 * The bundled dataset always has future dates: yearly festivals recur each year (biennial ones
 * in their years), regular programmes on their evenings, computed for whatever range is asked —
 * whether "today" is 2026 or years later.
 */
import { describe, expect, it } from 'vitest';
import { CITY_KEYS } from '../../geo/cities.ts';
import { occurrencesBetween } from './recurrence.ts';
import { BundledEventsSource } from './bundled-events-source.ts';
import { RECURRING_EVENTS } from './recurring-events.ts';
import { isLatinText } from '../../wording.ts';
import { VENUES } from './venues.ts';

const everywhere = [...CITY_KEYS];

describe('recurrence', () => {
  it('places a yearly festival in every year it overlaps, with local times and offset', () => {
    const found = occurrencesBetween({ kind: 'yearly', month: 1, day: 15, days: 4, time: '19:00' }, '2026-12-01', '2028-02-01', 3);
    expect(found.map((o) => [o.startDate, o.endDate])).toEqual([
      ['2027-01-15', '2027-01-18'],
      ['2028-01-15', '2028-01-18'],
    ]);
    expect(found[0]!.startsAt).toBe('2027-01-15T19:00:00+03:00');
    expect(found[0]!.endsAt).toBe('2027-01-18T22:00:00+03:00');
  });

  it('keeps a biennial festival to its years and a festival spanning New Year in both', () => {
    const odd = occurrencesBetween({ kind: 'yearly', month: 3, day: 13, days: 8, time: '19:00', years: 'odd' }, '2026-01-01', '2029-12-31', 3);
    expect(odd.map((o) => o.startDate)).toEqual(['2027-03-13', '2029-03-13']);
    const spanning = occurrencesBetween({ kind: 'yearly', month: 12, day: 28, days: 10, time: '18:00' }, '2027-01-02', '2027-01-03', 3);
    expect(spanning.map((o) => o.startDate)).toEqual(['2026-12-28']);
  });

  it('lists a regular programme on its weekdays within its season', () => {
    const found = occurrencesBetween({ kind: 'weekly', weekdays: [5, 6], time: '18:30', hours: 2, months: [12] }, '2026-11-25', '2026-12-08', 5);
    expect(found.map((o) => o.startDate)).toEqual(['2026-12-04', '2026-12-05']);
    expect(found[0]).toMatchObject({ startsAt: '2026-12-04T18:30:00+05:00', endsAt: '2026-12-04T20:30:00+05:00' });
  });
});

describe('the bundled dataset', () => {
  it('names real venues in covered cities, and every event has a note on how firm its dates are', () => {
    for (const event of RECURRING_EVENTS) {
      expect(VENUES[event.venue]).toBeDefined();
      expect(event.datesNote.length).toBeGreaterThan(20);
      expect(event.topics.length).toBeGreaterThan(0);
    }
    const cities = new Set(Object.values(VENUES).map((v) => v.city));
    expect(cities.size).toBe(CITY_KEYS.length);
  });

  it('offers future occurrences for any "today", years ahead', async () => {
    const source = new BundledEventsSource();
    for (const from of ['2026-12-01', '2031-06-01', '2040-02-01']) {
      const to = new Date(Date.parse(`${from}T00:00:00Z`) + 60 * 86_400_000).toISOString().slice(0, 10);
      const { occurrences } = await source.search({ topics: ['concert'], freeWords: [], cities: everywhere, from, to });
      expect(occurrences.length, from).toBeGreaterThan(10);
      for (const o of occurrences) expect(o.startsAt.slice(0, 10) >= from || o.endsAt.slice(0, 10) >= from).toBe(true);
    }
  });

  it('finds the festival a traveller names, in its season', async () => {
    const source = new BundledEventsSource();
    const { occurrences } = await source.search({ topics: ['jazz', 'festival'], freeWords: [], cities: ['spb', 'yar'], from: '2027-01-01', to: '2027-03-31' });
    const festivals = occurrences.filter((o) => o.topics.includes('festival')).map((o) => [o.id, o.startsAt.slice(0, 10)]);
    expect(festivals).toEqual([
      ['spb-jazz-new-year-festival', '2027-01-15'],
      ['yar-jazz-over-volga', '2027-03-13'],
    ]);
  });

  it('finds an occurrence again from its reference, and nothing for a day it does not run', async () => {
    const source = new BundledEventsSource();
    const found = await source.find({ source: 'bundled', id: 'spb-square-of-arts', day: '2026-12-20' });
    expect(found).toMatchObject({ id: 'spb-square-of-arts', city: 'spb', startsAt: '2026-12-12T19:00:00+03:00' });
    expect(await source.find({ source: 'bundled', id: 'spb-square-of-arts', day: '2026-07-01' })).toBeUndefined();
    expect(await source.find({ source: 'bundled', id: 'no-such-event', day: '2026-12-20' })).toBeUndefined();
  });

  it('tells the traveller every event in Russian: its description, ending with how firm its dates are', async () => {
    for (const event of RECURRING_EVENTS) {
      expect(isLatinText(event.description), event.id).toBe(false);
      expect(isLatinText(event.datesNoteRu), event.id).toBe(false);
      expect(event.datesNoteRu, event.id).toMatch(/[А-Яа-яЁё]/);
    }
    const found = await new BundledEventsSource().find({ source: 'bundled', id: 'spb-jazz-hall-evening', day: '2026-12-03' });
    expect(found?.description).toBe(
      'Вечерний джазовый концерт в Филармонии джазовой музыки. Регулярная программа: площадка обычно играет в эти вечера, но афиша меняется — проверьте её перед поездкой.',
    );
  });
});
