/**
 * zaezd's settings, all from the environment with working defaults, so `npm start` runs offline:
 * port 8402 on loopback, the Tutu stand-in on 8410 as the upstream, the bundled events dataset.
 * The trip board's map tiles default to OpenStreetMap's public server; without a network the
 * board says so and lists the hotels instead.
 */
import { loopbackOrigins } from '@agent-products/kit/http';
import { envReader, servingSettings, type ServingSettings } from '@agent-products/kit/settings';

export interface ZaezdConfig {
  port: number;
  /** The address it binds (BIND_ADDRESS). */
  host: string;
  /** How it drains on SIGTERM (DRAIN_DELAY_MS, DRAIN_TIMEOUT_MS). */
  drain: ServingSettings['drain'];
  /** Where people reach zaezd's pages; trip links are built on it. Default: the loopback address. */
  publicUrl: string | undefined;
  allowedOrigins: string[];
  tutuUrl: string;
  tutuTimeoutMs: number;
  tutuRetries: number;
  tutuCacheTtlMs: number;
  /** The most one trip's searches may take, however many events are tried. */
  tutuSearchBudgetMs: number;
  /** Hosts (with their subdomains) whose https links zaezd hands out and redirects to. */
  checkoutHosts: string[];
  eventsSource: 'bundled' | 'kudago';
  kudagoUrl: string;
  kudagoTimeoutMs: number;
  weatherUrl: string;
  weatherTimeoutMs: number;
  /** Open-Meteo's commercial API key; without one the free, non-commercial endpoint is used. */
  weatherApiKey: string | undefined;
  /** Raster tile URL template for the trip board's map ({z}/{x}/{y}, optionally {s}). */
  tileUrl: string;
  /** Plain-text credit shown on the map, as the tile server's terms require. */
  tileAttribution: string;
  logLevel: string;
  /** METRICS_TOKEN: the bearer token a scraper not on this machine sends for GET /metrics; unset: local scrapers only. */
  metricsToken?: string | undefined;
}

/** A real Tutu rail search took 3.4 s; a call gets this long before it is given up. */
export const DEFAULT_TUTU_TIMEOUT_MS = 25_000;
export const DEFAULT_SEARCH_BUDGET_MS = 45_000;
export const DEFAULT_CHECKOUT_HOSTS = ['tutu.ru'];
export const OPEN_METEO_FREE_URL = 'https://api.open-meteo.com';
export const OPEN_METEO_COMMERCIAL_URL = 'https://customer-api.open-meteo.com';

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

function hostList(text: string | undefined): string[] {
  if (text === undefined || text.trim() === '') return DEFAULT_CHECKOUT_HOSTS;
  const hosts = text
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const host of hosts)
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host)) throw new TypeError(`ZAEZD_CHECKOUT_HOSTS must list host names like tutu.ru: ${host}`);
  return hosts;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ZaezdConfig {
  const read = envReader(env);
  const port = read.port('ZAEZD_PORT', 8402);
  const serving = servingSettings(read);
  const eventsSource = read.string('ZAEZD_EVENTS_SOURCE', 'bundled');
  if (eventsSource !== 'bundled' && eventsSource !== 'kudago') throw new TypeError(`ZAEZD_EVENTS_SOURCE must be bundled or kudago: ${eventsSource}`);
  const weatherApiKey = read.optional('ZAEZD_WEATHER_API_KEY');
  const ms = (name: string, fallback: number, max: number) => read.duration(name, fallback, { unit: 'ms', min: 0, max });
  return {
    port,
    host: serving.bindAddress,
    drain: serving.drain,
    publicUrl: read.optional('ZAEZD_PUBLIC_URL') === undefined ? undefined : read.url('ZAEZD_PUBLIC_URL', ''),
    allowedOrigins: [...loopbackOrigins(port), ...read.list('ZAEZD_ALLOWED_ORIGINS')],
    tutuUrl: read.url('TUTU_MCP_URL', 'http://127.0.0.1:8410/mcp'),
    tutuTimeoutMs: ms('ZAEZD_TUTU_TIMEOUT_MS', DEFAULT_TUTU_TIMEOUT_MS, 120_000),
    tutuRetries: read.integer('ZAEZD_TUTU_RETRIES', 1, { min: 0, max: 5 }),
    tutuCacheTtlMs: ms('ZAEZD_TUTU_CACHE_TTL_MS', 120_000, 3_600_000),
    tutuSearchBudgetMs: ms('ZAEZD_TUTU_SEARCH_BUDGET_MS', DEFAULT_SEARCH_BUDGET_MS, 300_000),
    checkoutHosts: hostList(env.ZAEZD_CHECKOUT_HOSTS),
    eventsSource,
    kudagoUrl: read.url('ZAEZD_KUDAGO_URL', 'https://kudago.com/public-api/v1.4'),
    kudagoTimeoutMs: ms('ZAEZD_KUDAGO_TIMEOUT_MS', 4000, 60_000),
    weatherUrl: read.url('ZAEZD_WEATHER_URL', weatherApiKey ? OPEN_METEO_COMMERCIAL_URL : OPEN_METEO_FREE_URL),
    weatherTimeoutMs: ms('ZAEZD_WEATHER_TIMEOUT_MS', 1500, 60_000),
    weatherApiKey,
    tileUrl: tileTemplate(env),
    tileAttribution: read.string('ZAEZD_TILE_ATTRIBUTION', DEFAULT_TILE_ATTRIBUTION),
    logLevel: read.string('LOG_LEVEL', 'info'),
    metricsToken: read.optional('METRICS_TOKEN'),
  };
}
