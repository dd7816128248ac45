/**
 * The Open-Meteo adapter against a real local HTTP server: a forecast clipped to the 16-day
 * range with a note, answers cached, the commercial API key sent when configured (and never in a
 * reason shown to people), and every way it can fail said in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJsonServer, type JsonServer } from '../../test/support/json-server.ts';
import { OpenMeteoWeather } from './open-meteo.ts';

let server: JsonServer;
let reply: (url: URL) => { status?: number; body: unknown };
beforeAll(async () => {
  server = await startJsonServer((url) => reply(url));
});
afterAll(async () => server?.close());

const weather = () => new OpenMeteoWeather({ baseUrl: server.url, timeoutMs: 5000, cacheTtlMs: 60_000 });
const query = { lat: 59.9248, lon: 30.3447, timezone: 'Europe/Moscow', today: '2026-11-30' };

describe('Open-Meteo weather', () => {
  it('asks only for the days within range and says the rest is beyond it', async () => {
    reply = (url) => ({
      body: {
        daily: {
          time: [url.searchParams.get('start_date'), url.searchParams.get('end_date')],
          weather_code: [3, 61],
          temperature_2m_max: [1, 2],
          temperature_2m_min: [-1, 0],
        },
      },
    });
    const result = await weather().forecast({ ...query, from: '2026-12-14', to: '2026-12-16' });
    const asked = server.requests.at(-1)!;
    expect(asked.searchParams.get('start_date')).toBe('2026-12-14');
    expect(asked.searchParams.get('end_date')).toBe('2026-12-15');
    expect(result).toMatchObject({ status: 'forecast', note: expect.stringContaining('2026-12-14 to 2026-12-15 only') });
    if (result.status === 'forecast') expect(result.days.map((d) => d.summary)).toEqual(['overcast', 'rain']);
  });

  it('answers the same question from its cache', async () => {
    reply = (url) => ({ body: { daily: { time: [url.searchParams.get('start_date')], weather_code: [0] } } });
    const adapter = weather();
    const before = server.requests.length;
    await adapter.forecast({ ...query, from: '2026-12-02', to: '2026-12-02' });
    await adapter.forecast({ ...query, from: '2026-12-02', to: '2026-12-02' });
    expect(server.requests.length - before).toBe(1);
  });

  it('says why there is no forecast: an HTTP error with its reason, an unreadable answer, past dates', async () => {
    reply = () => ({ status: 400, body: { error: true, reason: 'Latitude must be in range of -90 to 90°.' } });
    expect(await weather().forecast({ ...query, from: '2026-12-02', to: '2026-12-02' })).toMatchObject({
      status: 'unavailable',
      reason: 'No forecast: Open-Meteo answered HTTP 400: Latitude must be in range of -90 to 90°.',
    });
    reply = () => ({ body: { hourly: {} } });
    expect(await weather().forecast({ ...query, from: '2026-12-03', to: '2026-12-03' })).toMatchObject({
      status: 'unavailable',
      reason: expect.stringContaining('could not be read'),
    });
    expect(await weather().forecast({ ...query, from: '2026-11-01', to: '2026-11-02' })).toMatchObject({
      status: 'unavailable',
      reason: 'The event dates are in the past.',
    });
  });

  it('sends the commercial API key when one is configured, and never shows it', async () => {
    reply = (url) =>
      url.searchParams.get('apikey') === 'k-123'
        ? { body: { daily: { time: [url.searchParams.get('start_date')], weather_code: [0] } } }
        : { status: 400, body: { reason: 'key missing' } };
    const keyed = new OpenMeteoWeather({ baseUrl: server.url, timeoutMs: 5000, cacheTtlMs: 60_000, apiKey: 'k-123' });
    expect(await keyed.forecast({ ...query, from: '2026-12-04', to: '2026-12-04' })).toMatchObject({ status: 'forecast' });
    expect(server.requests.at(-1)!.searchParams.get('apikey')).toBe('k-123');
    expect(await weather().forecast({ ...query, from: '2026-12-05', to: '2026-12-05' })).toMatchObject({ status: 'unavailable' });
    expect(server.requests.at(-1)!.searchParams.has('apikey')).toBe(false);
    reply = () => ({ status: 429, body: { reason: 'Too many requests' } });
    const refused = await keyed.forecast({ ...query, from: '2026-12-06', to: '2026-12-06' });
    expect(JSON.stringify(refused)).not.toContain('k-123');
  });
});
