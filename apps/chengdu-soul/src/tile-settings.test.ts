/** The map tile setting: OpenStreetMap's by default, any {z}/{x}/{y} template over http(s), refused clearly otherwise. */
import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config.ts';
import { mapPageCsp } from './web/map-tiles.ts';
import { checkedTileUrl, tileOrigin } from './tile-settings.ts';

describe('map tiles', () => {
  it('default to OpenStreetMap with its credit, and take CHENGDU_SOUL_TILE_URL and _ATTRIBUTION', () => {
    expect(configFromEnv({}).tiles).toEqual({ url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' });
    expect(configFromEnv({ CHENGDU_SOUL_TILE_URL: 'http://127.0.0.1:7501/{z}/{x}/{y}.png', CHENGDU_SOUL_TILE_ATTRIBUTION: 'Local tiles' }).tiles).toEqual({
      url: 'http://127.0.0.1:7501/{z}/{x}/{y}.png',
      attribution: 'Local tiles',
    });
  });

  it('refuse a template without an http(s) origin or without {z}, {x} and {y}, naming the variable', () => {
    expect(() => checkedTileUrl('ftp://tiles.example/{z}/{x}/{y}.png')).toThrow(/CHENGDU_SOUL_TILE_URL must start with http\(s\):\/\/host\//);
    expect(() => checkedTileUrl('https://tiles.example/{z}/{x}.png')).toThrow('CHENGDU_SOUL_TILE_URL must contain {z}, {x} and {y}');
    expect(() => configFromEnv({ CHENGDU_SOUL_TILE_URL: 'tiles' })).toThrow(/CHENGDU_SOUL_TILE_URL/);
  });

  it('allow images from the tile origin only, {s} subdomains as a wildcard, and scripts from this server only', () => {
    expect(tileOrigin('https://{s}.Tiles.Example:8443/{z}/{x}/{y}.png')).toBe('https://*.tiles.example:8443');
    const csp = mapPageCsp({ url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '' });
    expect(csp).toContain("img-src 'self' data: https://tile.openstreetmap.org;");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("default-src 'none'");
  });
});
