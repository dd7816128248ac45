/**
 * &'s settings, from the environment with working defaults, so `npm start` runs on a fresh
 * clone: the MCP service on 127.0.0.1:3004, the API and authorization server on 127.0.0.1:3005
 * (the spec's own ports), the embedded database under the repository's `.data/ampersand/`.
 * A bad value is refused with an error naming the variable, never read as NaN.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loopbackOrigins } from '@agent-products/kit/http';

function findRepoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'apps', 'ampersand', 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the repository root (apps/ampersand/package.json)');
    dir = parent;
  }
  return dir;
}

export interface AmpersandSettings {
  host: string;
  mcpPort: number;
  apiPort: number;
  /** The canonical MCP resource URL: the access tokens' audience and the PRM `resource`. */
  mcpUrl: string;
  /** The API's public origin: the OAuth issuer and where the MCP service forwards calls. */
  apiUrl: string;
  databaseUrl: string | undefined;
  databaseSchema: string;
  /** Holds the embedded database (`db/`) and, when generated, the token secret. */
  dataDir: string;
  tokenSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  refreshGraceSeconds: number;
  /** Registered clients that never obtained a grant are removed after this long. */
  unusedClientTtlSeconds: number;
  signInLinkTtlSeconds: number;
  openaiAppsChallenge: string | undefined;
  /** Host names whose client ID metadata documents may be fetched although they are not public (tests). */
  cimdAllowedHosts: string[];
  /** The local-only page showing sign-in links that would have been mailed. */
  devMailbox: boolean;
  mcpAllowedOrigins: string[];
  apiAllowedOrigins: string[];
  logLevel: string;
  /** A peer question expires this long after it was asked. */
  questionTtlSeconds: number;
  /** An OpenAI-compatible chat endpoint (base URL, `/chat/completions` is appended) phrasing ask_question; unset: the deterministic synthesizer. */
  modelUrl: string | undefined;
  model: string;
  modelKey: string | undefined;
  /** The external hosted runtime that takes Loop turns instead of the in-process engine (which uses modelUrl). */
  runtimeUrl: string | undefined;
  /** A turn's deadline, from its start. */
  turnSeconds: number;
  /** How often each API process ends runs past their deadline. */
  sweepSeconds: number;
  /** Seed the labelled demo graph on the embedded database at start (never with DATABASE_URL). */
  demoSeed: boolean;
  /** The andee card's built bundle; when missing at start, the card resource is not registered. */
  cardBundlePath: string;
  /** The only origin the andee card may load images (photos) from. */
  photoHost: string;
}

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): AmpersandSettings {
  const host = '127.0.0.1';
  const mcpPort = port(env, 'AMPERSAND_MCP_PORT', 3004);
  const apiPort = port(env, 'AMPERSAND_API_PORT', 3005);
  const mcpUrl = url(env, 'AMPERSAND_MCP_URL', `http://${host}:${mcpPort}/mcp`);
  const apiUrl = url(env, 'AMPERSAND_API_URL', `http://${host}:${apiPort}`).replace(/\/+$/, '');
  const list = (name: string) => (env[name] ?? '').split(',').map((v) => v.trim()).filter(Boolean);
  return {
    host,
    mcpPort,
    apiPort,
    mcpUrl,
    apiUrl,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.AMPERSAND_DB_SCHEMA ?? 'ampersand',
    dataDir: env.AMPERSAND_DATA_DIR ?? join(findRepoRoot(), '.data', 'ampersand'),
    tokenSecret: env.AMPERSAND_TOKEN_SECRET || undefined,
    accessTokenTtlSeconds: integer(env, 'AMPERSAND_ACCESS_TOKEN_TTL_SECONDS', 3600, 60),
    refreshTokenTtlSeconds: integer(env, 'AMPERSAND_REFRESH_TOKEN_TTL_SECONDS', 30 * 24 * 3600, 60),
    refreshGraceSeconds: integer(env, 'AMPERSAND_REFRESH_GRACE_SECONDS', 30, 0),
    unusedClientTtlSeconds: integer(env, 'AMPERSAND_UNUSED_CLIENT_TTL_SECONDS', 24 * 3600, 60),
    signInLinkTtlSeconds: integer(env, 'AMPERSAND_SIGN_IN_LINK_TTL_SECONDS', 15 * 60, 30),
    openaiAppsChallenge: env.AMPERSAND_OPENAI_APPS_CHALLENGE || undefined,
    cimdAllowedHosts: list('AMPERSAND_CIMD_ALLOWED_HOSTS'),
    devMailbox: env.AMPERSAND_DEV_MAILBOX !== '0' && !env.DATABASE_URL,
    mcpAllowedOrigins: [...loopbackOrigins(mcpPort), ...list('AMPERSAND_MCP_ALLOWED_ORIGINS')],
    apiAllowedOrigins: [...loopbackOrigins(apiPort), ...list('AMPERSAND_API_ALLOWED_ORIGINS')],
    logLevel: env.LOG_LEVEL ?? 'info',
    questionTtlSeconds: integer(env, 'AMPERSAND_QUESTION_TTL_SECONDS', 7 * 24 * 3600, 60),
    modelUrl: env.AMPERSAND_MODEL_URL ? url(env, 'AMPERSAND_MODEL_URL', env.AMPERSAND_MODEL_URL) : undefined,
    model: env.AMPERSAND_MODEL || 'gpt-4o-mini',
    modelKey: env.AMPERSAND_MODEL_KEY || undefined,
    runtimeUrl: env.AMPERSAND_RUNTIME_URL ? url(env, 'AMPERSAND_RUNTIME_URL', '') : undefined,
    turnSeconds: integer(env, 'AMPERSAND_TURN_SECONDS', 120, 1),
    sweepSeconds: integer(env, 'AMPERSAND_SWEEP_SECONDS', 15, 1),
    demoSeed: env.AMPERSAND_DEMO !== '0' && !env.DATABASE_URL,
    cardBundlePath: env.AMPERSAND_CARD_BUNDLE ?? join(findRepoRoot(), 'apps', 'ampersand', 'dist', 'andee-card.js'),
    photoHost: url(env, 'AMPERSAND_PHOTO_HOST', 'https://photos.and.com'),
  };
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = integer(env, name, fallback, 0);
  if (value > 65535) throw new TypeError(`${name} is not a port: ${env[name]}`);
  return value;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new TypeError(`${name} must be an integer ≥ ${min}: ${raw}`);
  return value;
}

function url(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  try {
    const parsed = new URL(raw);
    if (parsed.hash || parsed.search) throw new Error('no query or fragment');
    return parsed.href;
  } catch {
    throw new TypeError(`${name} is not an absolute URL without query or fragment: ${raw}`);
  }
}
