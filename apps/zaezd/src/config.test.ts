/**
 * Settings from the environment: the map tiles (a usable default, a configurable template, its
 * origin as a CSP source), the Open-Meteo endpoint chosen by whether an API key is set, the hosts
 * checkout links may go to, and Tutu timeouts sized to the real server.
 */
import { describe, expect, it } from 'vitest';
import { configFromEnv, tileOrigin } from './config.ts';

describe('map tile settings', () => {
  it('default to OpenStreetMap’s tile server with its credit', () => {
    const config = configFromEnv({});
    expect(config.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(config.tileAttribution).toBe('© OpenStreetMap contributors');
  });

  it('take ZAEZD_TILE_URL and ZAEZD_TILE_ATTRIBUTION', () => {
    const config = configFromEnv({ ZAEZD_TILE_URL: 'http://127.0.0.1:9000/{z}/{x}/{y}.png', ZAEZD_TILE_ATTRIBUTION: 'Local tiles' });
    expect(config).toMatchObject({ tileUrl: 'http://127.0.0.1:9000/{z}/{x}/{y}.png', tileAttribution: 'Local tiles' });
  });

  it('refuse a template that is not an http(s) tile URL', () => {
    for (const bad of [
      'tiles/{z}/{x}/{y}.png',
      'ftp://tiles.example.org/{z}/{x}/{y}.png',
      'https://tiles.example.org/{z}/{x}.png',
      'https://tile-{s}.example.org/{z}/{x}/{y}.png',
    ]) {
      expect(() => configFromEnv({ ZAEZD_TILE_URL: bad }), bad).toThrow(TypeError);
    }
  });

  it('name the origin tiles load from, a {s} subdomain becoming a wildcard', () => {
    expect(tileOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileOrigin('https://{s}.Tiles.Example.org/v1/{z}/{x}/{y}.png?key=1')).toBe('https://*.tiles.example.org');
    expect(tileOrigin('http://127.0.0.1:9000/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:9000');
  });
});

describe('upstream settings', () => {
  it('use Open-Meteo’s free endpoint without a key and its commercial one with a key', () => {
    expect(configFromEnv({})).toMatchObject({ weatherUrl: 'https://api.open-meteo.com', weatherApiKey: undefined });
    expect(configFromEnv({ ZAEZD_WEATHER_API_KEY: ' k-1 ' })).toMatchObject({ weatherUrl: 'https://customer-api.open-meteo.com', weatherApiKey: 'k-1' });
    expect(configFromEnv({ ZAEZD_WEATHER_API_KEY: 'k-1', ZAEZD_WEATHER_URL: 'http://127.0.0.1:9000' }).weatherUrl).toBe('http://127.0.0.1:9000');
  });

  it('give a Tutu call 25 s, a whole trip search 45 s, and checkout links to tutu.ru unless told', () => {
    expect(configFromEnv({})).toMatchObject({ tutuTimeoutMs: 25_000, tutuSearchBudgetMs: 45_000, checkoutHosts: ['tutu.ru'] });
    expect(configFromEnv({ ZAEZD_CHECKOUT_HOSTS: 'tutu.ru, Tutu.travel' }).checkoutHosts).toEqual(['tutu.ru', 'tutu.travel']);
    expect(() => configFromEnv({ ZAEZD_CHECKOUT_HOSTS: 'https://tutu.ru' })).toThrow(TypeError);
  });
});
