/**
 * zaezd's settings, all from the environment with working defaults, so `npm start` runs offline:
 * port 8402 on loopback, the Tutu stand-in on 8410 as the upstream, the bundled events dataset.
 * The trip board's map tiles default to OpenStreetMap's public server; without a network the
 * board says so and lists the hotels instead.
 */
import { loopbackOrigins } from '@agent-products/kit/http';

export interface ZaezdConfig {
  port: number;
  host: string;
  /** Where people reach zaezd's pages; trip links are built on it. Default: the loopback address. */
  publicUrl: string | undefined;
  allowedOrigins: string[];
  tutuUrl: string;
  tutuTimeoutMs: number;
  tutuRetries: number;
  tutuCacheTtlMs: number;
  eventsSource: 'bundled' | 'kudago';
  kudagoUrl: string;
  kudagoTimeoutMs: number;
  weatherUrl: string;
  weatherTimeoutMs: number;
  /** Raster tile URL template for the trip board's map ({z}/{x}/{y}, optionally {s}). */
  tileUrl: string;
  /** Plain-text credit shown on the map, as the tile server's terms require. */
  tileAttribution: string;
  logLevel: string;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0 || value > max) throw new TypeError(`${name} must be an integer from 0 to ${max}: ${text}`);
  return value;
}

function url(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const text = env[name] || fallback;
  if (!URL.canParse(text)) throw new TypeError(`${name} is not a URL: ${text}`);
  return text.replace(/\/$/, '');
}

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

/**
 * The origin a tile URL template loads from, as a CSP source: `{s}` subdomains become a `*.`
 * wildcard, the only wildcard CSP allows.
 */
export function tileOrigin(template: string): string {
  const match = /^(https?:\/\/)((?:\{s\}\.)?[a-z0-9.-]+(?::\d+)?)\//i.exec(template);
  if (!match) throw new TypeError(`ZAEZD_TILE_URL must start with http(s)://host/ (a {s} subdomain may lead the host): ${template}`);
  return `${match[1]}${match[2]!.replace('{s}', '*').toLowerCase()}`;
}

function tileTemplate(env: NodeJS.ProcessEnv): string {
  const text = env.ZAEZD_TILE_URL || DEFAULT_TILE_URL;
  tileOrigin(text);
  if (!['{z}', '{x}', '{y}'].every((part) => text.includes(part))) throw new TypeError(`ZAEZD_TILE_URL must contain {z}, {x} and {y}: ${text}`);
  return text;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ZaezdConfig {
  const port = integer(env, 'ZAEZD_PORT', 8402, 65535);
  const eventsSource = env.ZAEZD_EVENTS_SOURCE ?? 'bundled';
  if (eventsSource !== 'bundled' && eventsSource !== 'kudago') throw new TypeError(`ZAEZD_EVENTS_SOURCE must be bundled or kudago: ${eventsSource}`);
  const extraOrigins = (env.ZAEZD_ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  return {
    port,
    host: '127.0.0.1',
    publicUrl: env.ZAEZD_PUBLIC_URL ? url(env, 'ZAEZD_PUBLIC_URL', '') : undefined,
    allowedOrigins: [...loopbackOrigins(port), ...extraOrigins],
    tutuUrl: url(env, 'TUTU_MCP_URL', 'http://127.0.0.1:8410/mcp'),
    tutuTimeoutMs: integer(env, 'ZAEZD_TUTU_TIMEOUT_MS', 4000, 120_000),
    tutuRetries: integer(env, 'ZAEZD_TUTU_RETRIES', 1, 5),
    tutuCacheTtlMs: integer(env, 'ZAEZD_TUTU_CACHE_TTL_MS', 120_000, 3_600_000),
    eventsSource,
    kudagoUrl: url(env, 'ZAEZD_KUDAGO_URL', 'https://kudago.com/public-api/v1.4'),
    kudagoTimeoutMs: integer(env, 'ZAEZD_KUDAGO_TIMEOUT_MS', 4000, 60_000),
    weatherUrl: url(env, 'ZAEZD_WEATHER_URL', 'https://api.open-meteo.com'),
    weatherTimeoutMs: integer(env, 'ZAEZD_WEATHER_TIMEOUT_MS', 1500, 60_000),
    tileUrl: tileTemplate(env),
    tileAttribution: env.ZAEZD_TILE_ATTRIBUTION || DEFAULT_TILE_ATTRIBUTION,
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
