/**
 * Where the pages' maps get their raster tiles (`CHENGDU_SOUL_TILE_URL`, like zaezd's setting)
 * and the credit the tile server's terms require: the default, and the checks a template must pass.
 */

export interface TileSettings {
  /** Raster tile URL template: {z}/{x}/{y}, optionally a leading {s} subdomain. */
  url: string;
  /** Plain text shown on the map. */
  attribution: string;
}

export const DEFAULT_TILES: TileSettings = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
};

/** The origin a tile template loads from, as a CSP source (`{s}` becomes `*.`, the only wildcard CSP allows). */
export function tileOrigin(template: string): string {
  const match = /^(https?:\/\/)((?:\{s\}\.)?[a-z0-9.-]+(?::\d+)?)\//i.exec(template);
  if (!match) throw new TypeError(`CHENGDU_SOUL_TILE_URL must start with http(s)://host/ (a {s} subdomain may lead the host): ${template}`);
  return `${match[1]}${match[2]!.replace('{s}', '*').toLowerCase()}`;
}

/** Checks a template: a usable origin and all of {z}, {x}, {y}. */
export function checkedTileUrl(template: string): string {
  tileOrigin(template);
  if (!['{z}', '{x}', '{y}'].every((part) => template.includes(part))) throw new TypeError(`CHENGDU_SOUL_TILE_URL must contain {z}, {x} and {y}: ${template}`);
  return template;
}
