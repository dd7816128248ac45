/**
 * Chengdu Soul's settings, all from the environment with working defaults, so `npm start` runs on
 * a fresh clone: port 8401 on loopback, the embedded database under the repository's `.data/`.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { loopbackOrigins } from '@agent-products/kit/http';

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
  host: string;
  databaseUrl: string | undefined;
  databaseSchema: string;
  dataDir: string;
  allowedOrigins: string[];
  catalogRefreshMs: number;
  logLevel: string;
  /** The origin travelers and agents reach this server at; page links and the credential audience use it. */
  publicUrl: string;
  redisUrl: string | undefined;
  /** Planning writes allowed per owner per minute, shared by every process. */
  writesPerMinute: number;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ChengduConfig {
  const port = Number(env.CHENGDU_SOUL_PORT ?? 8401);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new TypeError(`CHENGDU_SOUL_PORT is not a port: ${env.CHENGDU_SOUL_PORT}`);
  const extraOrigins = (env.CHENGDU_SOUL_ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  return {
    port,
    host: '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.CHENGDU_SOUL_DB_SCHEMA ?? 'chengdu_soul',
    dataDir: env.CHENGDU_SOUL_DATA_DIR ?? join(REPO_ROOT, '.data', 'chengdu-soul'),
    allowedOrigins: [...loopbackOrigins(port), ...extraOrigins],
    catalogRefreshMs: Number(env.CHENGDU_SOUL_CATALOG_REFRESH_MS ?? 2000),
    logLevel: env.LOG_LEVEL ?? 'info',
    publicUrl: (env.CHENGDU_SOUL_PUBLIC_URL ?? `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
    redisUrl: env.REDIS_URL || undefined,
    writesPerMinute: Number(env.CHENGDU_SOUL_WRITES_PER_MINUTE ?? 120),
  };
}
