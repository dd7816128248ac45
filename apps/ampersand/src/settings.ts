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
import { envReader, servingSettings, type ServingSettings } from '@agent-products/kit/settings';

function findRepoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'apps', 'ampersand', 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the repository root (apps/ampersand/package.json)');
    dir = parent;
  }
  return dir;
}

// The settings' types and defaults live here, not in the rooms that use them, so that this file
// imports no folder of & and every folder may read it.
/** One rate limit: `points` requests within `windowSeconds` (auth/rate-limits.ts counts them). */
export interface Limit {
  points: number;
  windowSeconds: number;
}

export interface AuthRateLimitSettings {
  /** Sign-in link requests for one &tag from one address (the subject is `<tag> <address>`). */
  signInLinksPerTag: Limit;
  signInLinksPerAddress: Limit;
  linkRedemptionsPerAddress: Limit;
  tokenRequestsPerAddress: Limit;
  registrationsPerAddress: Limit;
  /** Polls of one device code; more within the window is `slow_down` (RFC 8628 §3.5). */
  devicePollsPerCode: Limit;
  /** User codes entered on `POST /device` per address: each guess is one. */
  deviceEntriesPerAddress: Limit;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimitSettings = {
  signInLinksPerTag: { points: 5, windowSeconds: 15 * 60 },
  signInLinksPerAddress: { points: 30, windowSeconds: 15 * 60 },
  linkRedemptionsPerAddress: { points: 30, windowSeconds: 15 * 60 },
  // Hosted agents refresh for all their users from a few addresses: generous per address.
  tokenRequestsPerAddress: { points: 600, windowSeconds: 60 },
  registrationsPerAddress: { points: 30, windowSeconds: 60 * 60 },
  // The device flow's interval is 5 s; two polls per interval leave room for a client's jitter.
  devicePollsPerCode: { points: 2, windowSeconds: 5 },
  // A user code is 8 characters of a 20-letter alphabet; 30 guesses per address per 15 minutes.
  deviceEntriesPerAddress: { points: 30, windowSeconds: 15 * 60 },
};

/** Cosine similarity at or above which two claims are the same claim (suggestions/embedding-comparer.ts). */
export const DEFAULT_EMBEDDING_THRESHOLD = 0.85;

export interface AmpersandSettings {
  /** The loopback host of the default URLs; the address bound is `bindAddress`. */
  host: string;
  /** The address both processes bind (BIND_ADDRESS). */
  bindAddress: string;
  /** How a process drains on SIGTERM (DRAIN_DELAY_MS, DRAIN_TIMEOUT_MS). */
  drain: ServingSettings['drain'];
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
  /** The local-only page showing sign-in links that would have been mailed; off unless AMPERSAND_DEV_MAILBOX turns it on. */
  devMailbox: boolean;
  mcpAllowedOrigins: string[];
  apiAllowedOrigins: string[];
  /** Where the rate-limit counts live when not in the database. */
  redisUrl: string | undefined;
  rateLimits: AuthRateLimitSettings;
  /** Proxies whose X-Forwarded-For the rate limits believe (addresses or CIDR ranges; auth/client-address.ts). */
  trustedProxies: string[];
  logLevel: string;
  /** METRICS_TOKEN: the bearer token a scraper not on this machine sends for GET /metrics; unset: local scrapers only. */
  metricsToken?: string | undefined;
  /** A peer question expires this long after it was asked. */
  questionTtlSeconds: number;
  /** An OpenAI-compatible chat endpoint (base URL, `/chat/completions` is appended) phrasing ask_question; unset: the deterministic synthesizer. */
  modelUrl: string | undefined;
  model: string;
  modelKey: string | undefined;
  /** An OpenAI-compatible embeddings endpoint that compares suggestions' meaning instead of the deterministic comparer. */
  embeddingUrl: string | undefined;
  embeddingModel: string;
  embeddingKey: string | undefined;
  embeddingThreshold: number;
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
  const read = envReader(env);
  const mcpPort = read.port('AMPERSAND_MCP_PORT', 3004);
  const apiPort = read.port('AMPERSAND_API_PORT', 3005);
  const mcpUrl = read.url('AMPERSAND_MCP_URL', `http://${host}:${mcpPort}/mcp`, { bare: true, normalized: true });
  const apiUrl = read.url('AMPERSAND_API_URL', `http://${host}:${apiPort}`, { bare: true, normalized: true }).replace(/\/+$/, '');
  const seconds = (name: string, fallback: number, min: number) => read.duration(name, fallback, { unit: 's', min });
  const databaseUrl = read.optional('DATABASE_URL');
  const serving = servingSettings(read);
  return {
    host,
    bindAddress: serving.bindAddress,
    drain: serving.drain,
    mcpPort,
    apiPort,
    mcpUrl,
    apiUrl,
    databaseUrl,
    databaseSchema: read.string('AMPERSAND_DB_SCHEMA', 'ampersand'),
    dataDir: read.optional('AMPERSAND_DATA_DIR') ?? join(findRepoRoot(), '.data', 'ampersand'),
    tokenSecret: read.optional('AMPERSAND_TOKEN_SECRET'),
    accessTokenTtlSeconds: seconds('AMPERSAND_ACCESS_TOKEN_TTL_SECONDS', 3600, 60),
    refreshTokenTtlSeconds: seconds('AMPERSAND_REFRESH_TOKEN_TTL_SECONDS', 30 * 24 * 3600, 60),
    refreshGraceSeconds: seconds('AMPERSAND_REFRESH_GRACE_SECONDS', 30, 0),
    unusedClientTtlSeconds: seconds('AMPERSAND_UNUSED_CLIENT_TTL_SECONDS', 24 * 3600, 60),
    signInLinkTtlSeconds: seconds('AMPERSAND_SIGN_IN_LINK_TTL_SECONDS', 15 * 60, 30),
    openaiAppsChallenge: read.optional('AMPERSAND_OPENAI_APPS_CHALLENGE'),
    cimdAllowedHosts: read.list('AMPERSAND_CIMD_ALLOWED_HOSTS'),
    // Never inferred (a loopback public URL behind a proxy that adds no forwarding header looks
    // local: issue 39 F3): only `npm start` and an operator who asks turn it on, and even then
    // only a local deployment has one, its public URL loopback (web/dev-mailbox-gate.ts).
    devMailbox: read.boolean('AMPERSAND_DEV_MAILBOX', false) && !databaseUrl && ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(apiUrl).hostname),
    mcpAllowedOrigins: [...loopbackOrigins(mcpPort), ...read.list('AMPERSAND_MCP_ALLOWED_ORIGINS')],
    apiAllowedOrigins: [...loopbackOrigins(apiPort), ...read.list('AMPERSAND_API_ALLOWED_ORIGINS')],
    redisUrl: read.optional('REDIS_URL'),
    rateLimits: rateLimits(read.list('AMPERSAND_RATE_LIMITS')),
    trustedProxies: read.list('AMPERSAND_TRUSTED_PROXIES'),
    logLevel: read.string('LOG_LEVEL', 'info'),
    metricsToken: read.optional('METRICS_TOKEN'),
    questionTtlSeconds: seconds('AMPERSAND_QUESTION_TTL_SECONDS', 7 * 24 * 3600, 60),
    modelUrl: read.optional('AMPERSAND_MODEL_URL') === undefined ? undefined : read.url('AMPERSAND_MODEL_URL', '', { bare: true }),
    model: read.string('AMPERSAND_MODEL', 'gpt-4o-mini'),
    modelKey: read.optional('AMPERSAND_MODEL_KEY'),
    embeddingUrl: read.optional('AMPERSAND_EMBEDDING_URL') === undefined ? undefined : read.url('AMPERSAND_EMBEDDING_URL', '', { bare: true }),
    embeddingModel: read.string('AMPERSAND_EMBEDDING_MODEL', 'text-embedding-3-small'),
    embeddingKey: read.optional('AMPERSAND_EMBEDDING_KEY'),
    embeddingThreshold: read.fraction('AMPERSAND_EMBEDDING_THRESHOLD', DEFAULT_EMBEDDING_THRESHOLD),
    runtimeUrl: read.optional('AMPERSAND_RUNTIME_URL') === undefined ? undefined : read.url('AMPERSAND_RUNTIME_URL', '', { bare: true }),
    turnSeconds: seconds('AMPERSAND_TURN_SECONDS', 120, 1),
    sweepSeconds: seconds('AMPERSAND_SWEEP_SECONDS', 15, 1),
    demoSeed: read.boolean('AMPERSAND_DEMO', true) && !databaseUrl,
    cardBundlePath: read.optional('AMPERSAND_CARD_BUNDLE') ?? join(findRepoRoot(), 'apps', 'ampersand', 'dist', 'andee-card.js'),
    photoHost: read.url('AMPERSAND_PHOTO_HOST', 'https://photos.and.com', { bare: true }),
  };
}

/** `name=points/seconds` entries (names as in auth/rate-limits.ts) over the defaults. */
function rateLimits(entries: string[]): AuthRateLimitSettings {
  const limits = { ...DEFAULT_AUTH_RATE_LIMITS };
  for (const entry of entries) {
    const match = /^(\w+)=(\d+)\/(\d+)$/.exec(entry);
    const name = match?.[1] as keyof AuthRateLimitSettings | undefined;
    if (!match || !name || !Object.hasOwn(limits, name) || Number(match[2]) < 1 || Number(match[3]) < 1) {
      throw new TypeError(`AMPERSAND_RATE_LIMITS entries are name=points/seconds with a name among ${Object.keys(limits).join(', ')}: ${entry}`);
    }
    limits[name] = { points: Number(match[2]), windowSeconds: Number(match[3]) };
  }
  return limits;
}
