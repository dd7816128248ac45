/**
 * Chengdu Soul's settings, all from the environment with working defaults, so `npm start` runs on
 * a fresh clone: port 8401 on loopback, the embedded database under the repository's `.data/`.
 * A bad value is refused with an error naming the variable (the kit's settings readers).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { loopbackOrigins } from '@agent-products/kit/http';
import { envReader, servingSettings, type ServingSettings } from '@agent-products/kit/settings';
import { DEFAULT_TILES, checkedTileUrl, type TileSettings } from './tile-settings.ts';

/** The repository root, found from this module whether it runs from src/ or from a build. */
function findRepoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'apps', 'chengdu-soul', 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the repository root (apps/chengdu-soul/package.json)');
    dir = parent;
  }
  return dir;
}

export const REPO_ROOT = findRepoRoot();
export const APP_ROOT = join(REPO_ROOT, 'apps', 'chengdu-soul');
export const RELEASES_DIR = join(APP_ROOT, 'catalog', 'releases');

export interface ChengduConfig {
  port: number;
  /** The address it binds (BIND_ADDRESS). */
  host: string;
  /** How it drains on SIGTERM (DRAIN_DELAY_MS, DRAIN_TIMEOUT_MS). */
  drain: ServingSettings['drain'];
  databaseUrl: string | undefined;
  databaseSchema: string;
  dataDir: string;
  /** Browser origins allowed besides the server's own loopback ones (added once it listens). */
  allowedOrigins: string[];
  catalogRefreshMs: number;
  searchAnswersKept: number;
  logLevel: string;
  /** METRICS_TOKEN: the bearer token a scraper not on this machine sends for GET /metrics; unset: local scrapers only. */
  metricsToken?: string | undefined;
  /**
   * CHENGDU_SOUL_PUBLIC_URL: the origin travelers and agents reach this server at (page links and
   * the credential audience use it); unset, it is the server's own loopback address (publicUrlFor).
   */
  publicUrl: string | undefined;
  redisUrl: string | undefined;
  /** Planning writes allowed per owner per minute, shared by every process. */
  writesPerMinute: number;
  /** The pages' map tiles (CHENGDU_SOUL_TILE_URL) and their credit (CHENGDU_SOUL_TILE_ATTRIBUTION). */
  tiles: TileSettings;
}

/** Search answers kept per release by default (search/search-answer-cache.ts); 0 keeps none. */
export const SEARCH_ANSWERS_KEPT = 256;

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ChengduConfig {
  const read = envReader(env);
  const port = read.port('CHENGDU_SOUL_PORT', 8401);
  const serving = servingSettings(read);
  return {
    port,
    host: serving.bindAddress,
    drain: serving.drain,
    databaseUrl: read.optional('DATABASE_URL'),
    databaseSchema: read.string('CHENGDU_SOUL_DB_SCHEMA', 'chengdu_soul'),
    dataDir: read.string('CHENGDU_SOUL_DATA_DIR', join(REPO_ROOT, '.data', 'chengdu-soul')),
    allowedOrigins: read.list('CHENGDU_SOUL_ALLOWED_ORIGINS'),
    catalogRefreshMs: read.duration('CHENGDU_SOUL_CATALOG_REFRESH_MS', 2000, { unit: 'ms', min: 1 }),
    searchAnswersKept: read.integer('CHENGDU_SOUL_SEARCH_ANSWERS_KEPT', SEARCH_ANSWERS_KEPT, { min: 0 }),
    logLevel: read.string('LOG_LEVEL', 'info'),
    metricsToken: read.optional('METRICS_TOKEN'),
    publicUrl: read.optional('CHENGDU_SOUL_PUBLIC_URL') === undefined ? undefined : read.url('CHENGDU_SOUL_PUBLIC_URL', ''),
    redisUrl: read.optional('REDIS_URL'),
    writesPerMinute: read.integer('CHENGDU_SOUL_WRITES_PER_MINUTE', 120, { min: 1 }),
    tiles: {
      url: checkedTileUrl(env.CHENGDU_SOUL_TILE_URL || DEFAULT_TILES.url),
      attribution: read.string('CHENGDU_SOUL_TILE_ATTRIBUTION', DEFAULT_TILES.attribution),
    },
  };
}

/**
 * The public URL: the setting, or the loopback address on `port`. The server passes the port it
 * bound (CHENGDU_SOUL_PORT=0 binds any free one); the operator CLI, which binds none, the one set.
 */
export function publicUrlFor(config: ChengduConfig, port = config.port): string {
  return config.publicUrl ?? `http://127.0.0.1:${port}`;
}

/** The browser origins the server allows once listening on `port`: its loopback ones and the extra ones set. */
export function allowedOriginsFor(config: ChengduConfig, port: number): string[] {
  return [...loopbackOrigins(port), ...config.allowedOrigins];
}
