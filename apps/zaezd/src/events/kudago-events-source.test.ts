/**
 * The KudaGo adapter against a real local HTTP server answering in KudaGo's v1.4 shape: the
 * request it sends, the events it keeps (matching topics, with a venue and real dates), and the
 * gaps it reports — cities KudaGo does not cover, a city whose request failed or was too slow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJsonServer, type JsonServer } from '../../test/support/json-server.ts';
import { KUDAGO_EVENTS, kudagoPage } from '../../test/support/kudago-fixture.ts';
import { KudagoEventsSource } from './kudago-events-source.ts';

let server: JsonServer;
beforeAll(async () => {
  server = await startJsonServer((url) => {
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
        return { body: kudagoPage([]), delayMs: 800 };
      default:
        return { body: kudagoPage([]) };
    }
  });
});
afterAll(async () => server?.close());

const source = () => new KudagoEventsSource({ baseUrl: `${server.url}/public-api/v1.4`, timeoutMs: 300, cacheTtlMs: 60_000 });

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
    const result = await source().search({ topics: ['concert'], freeWords: [], cities: ['spb', 'ekb', 'nnv', 'yar', 'aer'], from: '2026-12-02', to: '2026-12-31' });
    expect(result.occurrences.map((o) => o.id)).toEqual(['201801']);
    const gaps = result.gaps.join('\n');
    expect(gaps).toMatch(/does not cover Ярославль, Сочи/);
    expect(gaps).toMatch(/did not answer for Екатеринбург \(HTTP 500\)/);
    expect(gaps).toMatch(/did not answer for Нижний Новгород \(no answer within 300 ms\)/);
  });

  it('finds an occurrence again by id and day', async () => {
    const found = await source().find({ source: 'kudago', id: '201801', day: '2026-12-05' });
    expect(found).toMatchObject({ id: '201801', city: 'spb', startsAt: '2026-12-05T19:00:00+03:00' });
    expect(await source().find({ source: 'kudago', id: '201801', day: '2026-12-09' })).toBeUndefined();
  });
});
