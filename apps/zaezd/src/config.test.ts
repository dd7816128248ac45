/** The map tile settings: a usable default, a configurable template, and its origin as a CSP source. */
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
    for (const bad of ['tiles/{z}/{x}/{y}.png', 'ftp://tiles.example.org/{z}/{x}/{y}.png', 'https://tiles.example.org/{z}/{x}.png', 'https://tile-{s}.example.org/{z}/{x}/{y}.png']) {
      expect(() => configFromEnv({ ZAEZD_TILE_URL: bad }), bad).toThrow(TypeError);
    }
  });

  it('name the origin tiles load from, a {s} subdomain becoming a wildcard', () => {
    expect(tileOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org');
    expect(tileOrigin('https://{s}.Tiles.Example.org/v1/{z}/{x}/{y}.png?key=1')).toBe('https://*.tiles.example.org');
    expect(tileOrigin('http://127.0.0.1:9000/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:9000');
  });
});
