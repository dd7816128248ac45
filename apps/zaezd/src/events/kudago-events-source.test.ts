/**
 * The KudaGo adapter against a real local HTTP server answering in KudaGo's v1.4 shape: the
 * request it sends, the events it keeps (matching topics, with a venue and real dates), the pages
 * it follows and the events it says it left unread, continuous, endless and startless dates read
 * as KudaGo documents them, and the gaps it reports — cities KudaGo does not cover, a city whose
 * request failed or was too slow. Only http(s) links are passed on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJsonServer, type JsonServer } from '../../test/support/json-server.ts';
import { KUDAGO_EVENTS, kudagoPage, unix } from '../../test/support/kudago-fixture.ts';
import { KUDAGO_MAX_PAGES, KudagoEventsSource } from './kudago-events-source.ts';

/** A concert in Moscow on a given day, one per page of a long listing. */
function mskConcert(id: number, day: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    title: `концерт джаза №${id}`,
    dates: [{ start: unix(`2026-12-${String(day).padStart(2, '0')}T19:00:00+03:00`), end: unix(`2026-12-${String(day).padStart(2, '0')}T21:00:00+03:00`) }],
    place: { id: 9000 + id, title: `Клуб ${id}`, address: 'Москва', coords: { lat: 55.76, lon: 37.62 } },
    location: { slug: 'msk' },
    categories: ['concert'],
    tags: ['джаз'],
    site_url: `https://kudago.com/msk/event/${id}/`,
    ...extra,
  };
}

let server: JsonServer;
let pages = 3;
beforeAll(async () => {
  server = await startJsonServer((url) => {
    if (url.searchParams.get('location') === 'msk') {
      const page = Number(url.searchParams.get('page') ?? '1');
      const next = page < pages ? `${server.url}/public-api/v1.4/events/?location=msk&page=${page + 1}` : null;
      return { body: { count: pages, next, previous: null, results: [mskConcert(300 + page, 2 + page)] } };
    }
    if (url.searchParams.get('location') === 'nnv' && url.searchParams.get('categories') === 'exhibition') {
      const base = {
        place: { title: 'Арсенал', address: 'Кремль, 6', coords: { lat: 56.33, lon: 44.0 } },
        location: { slug: 'nnv' },
        categories: ['exhibition'],
        tags: ['выставки'],
      };
      return {
        body: kudagoPage([
          {
            ...base,
            id: 401,
            title: 'выставка без конца',
            dates: [{ start: unix('2026-11-01T10:00:00+03:00'), end: null, is_endless: true, is_continuous: true }],
          },
          {
            ...base,
            id: 402,
            title: 'выставка без начала',
            dates: [{ start: null, end: unix('2026-12-20T18:00:00+03:00'), is_startless: true, is_continuous: true }],
          },
          { ...base, id: 403, title: 'выставка постоянная', dates: [{ start: -62135596800, end: 253370754000, is_startless: true, is_endless: true }] },
          {
            ...base,
            id: 404,
            title: 'выставка-сеанс без времени окончания',
            dates: [{ start: unix('2026-12-05T12:00:00+03:00'), end: null }],
            site_url: 'javascript:alert(1)',
          },
        ]),
      };
    }
    if (url.pathname === '/public-api/v1.4/events/201801/') return { body: KUDAGO_EVENTS.spbJazz };
    if (url.pathname !== '/public-api/v1.4/events/') return { status: 404, body: { detail: 'Not found.' } };
    switch (url.searchParams.get('location')) {
      case 'spb':
        return { body: kudagoPage([KUDAGO_EVENTS.spbJazz, KUDAGO_EVENTS.spbExhibition, KUDAGO_EVENTS.spbNoPlace]) };
      case 'kzn':
        return { body: kudagoPage([KUDAGO_EVENTS.kznPermanent]) };
      case 'ekb':
        return { status: 500, body: { detail: 'Server error' } };
      case 'nnv':
        return { body: kudagoPage([]), delayMs: 4000 };
      default:
        return { body: kudagoPage([]) };
    }
  });
});
afterAll(async () => server?.close());

const source = () => new KudagoEventsSource({ baseUrl: `${server.url}/public-api/v1.4`, timeoutMs: 3000, cacheTtlMs: 60_000 });

describe('KudaGo events source', () => {
  it('asks each covered city for the date range and the categories the topics imply', async () => {
    await source().search({ topics: ['jazz'], freeWords: [], cities: ['spb'], from: '2026-12-02', to: '2026-12-31' });
    const asked = server.requests.find((r) => r.searchParams.get('location') === 'spb')!;
    expect(asked.searchParams.get('categories')).toBe('concert,festival');
    expect(asked.searchParams.get('expand')).toBe('place,dates');
    expect(asked.searchParams.get('lang')).toBe('ru');
    expect(Number(asked.searchParams.get('actual_since'))).toBe(Date.parse('2026-12-02T00:00:00+03:00') / 1000);
    expect(Number(asked.searchParams.get('actual_until'))).toBe(Date.parse('2027-01-01T00:00:00+03:00') / 1000);
    expect(asked.searchParams.get('fields')).toContain('site_url');
  });

  it('keeps events that match the topics and have a venue and real dates, in local time', async () => {
    const result = await source().search({ topics: ['jazz'], freeWords: [], cities: ['spb', 'kzn'], from: '2026-12-02', to: '2026-12-31' });
    expect(result.occurrences).toHaveLength(1);
    expect(result.occurrences[0]).toMatchObject({
      source: 'kudago',
      id: '201801',
      title: 'Концерт «Джаз на Загородном»',
      description: 'Вечер традиционного джаза.',
      city: 'spb',
      venue: { name: 'Филармония джазовой музыки', lat: 59.9248, lon: 30.3447 },
      startsAt: '2026-12-05T19:00:00+03:00',
      endsAt: '2026-12-05T21:30:00+03:00',
      url: 'https://kudago.com/spb/event/koncert-dzhaz-na-zagorodnom/',
      priceNote: 'Tickets: от 1500 до 3000 рублей (KudaGo).',
    });
    expect(result.occurrences[0]!.topics).toEqual(expect.arrayContaining(['concert', 'jazz']));
    expect(result.gaps.join('\n')).toMatch(/1 KudaGo event\(s\) without a venue/);
  });

  it('reports cities KudaGo does not cover and cities whose request failed or timed out, keeping the rest', async () => {
    const result = await source().search({
      topics: ['concert'],
      freeWords: [],
      cities: ['spb', 'ekb', 'nnv', 'yar', 'aer'],
      from: '2026-12-02',
      to: '2026-12-31',
    });
    expect(result.occurrences.map((o) => o.id)).toEqual(['201801']);
    const gaps = result.gaps.join('\n');
    expect(gaps).toMatch(/does not cover Ярославль, Сочи/);
    expect(gaps).toMatch(/did not answer for Екатеринбург \(HTTP 500\)/);
    expect(gaps).toMatch(/did not answer for Нижний Новгород \(no answer within 3000 ms\)/);
  });

  it('finds an occurrence again by id and day', async () => {
    const found = await source().find({ source: 'kudago', id: '201801', day: '2026-12-05' });
    expect(found).toMatchObject({ id: '201801', city: 'spb', startsAt: '2026-12-05T19:00:00+03:00' });
    expect(await source().find({ source: 'kudago', id: '201801', day: '2026-12-09' })).toBeUndefined();
  });

  it('follows next page by page until the listing is read', async () => {
    pages = 3;
    const result = await source().search({ topics: ['jazz'], freeWords: [], cities: ['msk'], from: '2026-12-02', to: '2026-12-31' });
    expect(result.occurrences.map((o) => o.id)).toEqual(['301', '302', '303']);
    expect(result.gaps.join('\n')).not.toMatch(/not read/);
  });

  it('stops at the page limit and says how many events were left unread', async () => {
    pages = KUDAGO_MAX_PAGES + 3;
    const result = await source().search({ topics: ['jazz'], freeWords: [], cities: ['msk'], from: '2026-12-01', to: '2026-12-31' });
    expect(result.occurrences).toHaveLength(KUDAGO_MAX_PAGES);
    expect(result.gaps.join('\n')).toMatch(
      new RegExp(`KudaGo listed ${KUDAGO_MAX_PAGES + 3} event\\(s\\) for Москва; 3 beyond the first ${KUDAGO_MAX_PAGES} were not read`),
    );
  });

  it('reads continuous, endless and startless dates as KudaGo documents them, and invents no session length', async () => {
    const result = await source().search({ topics: ['exhibition'], freeWords: [], cities: ['nnv'], from: '2026-12-02', to: '2026-12-31' });
    const byId = new Map(result.occurrences.map((o) => [o.id, o]));
    expect(byId.get('401')).toMatchObject({
      startsAt: '2026-11-01T10:00:00+03:00',
      endsAt: '2026-12-31T23:59:00+03:00',
      datesNote: expect.stringMatching(/no end date/),
    });
    expect(byId.get('402')).toMatchObject({
      startsAt: '2026-12-02T00:00:00+03:00',
      endsAt: '2026-12-20T18:00:00+03:00',
      datesNote: expect.stringMatching(/Already running/),
    });
    expect(byId.get('403')).toMatchObject({
      startsAt: '2026-12-02T00:00:00+03:00',
      endsAt: '2026-12-31T23:59:00+03:00',
      datesNote: expect.stringMatching(/without fixed start or end/),
    });
    expect(byId.get('404')).toMatchObject({
      startsAt: '2026-12-05T12:00:00+03:00',
      endsAt: '2026-12-05T12:00:00+03:00',
      datesNote: expect.stringMatching(/no end time/),
      url: null,
    });
  });
});
