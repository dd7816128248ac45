/**
 * Both & services for a black-box test, on loopback ports chosen by the system: the API (with
 * the authorization server) over a fresh test database, and the MCP service pointed at it. The
 * ports are bound first so each service knows the other's URL before it is built.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenFirst, listenNode } from '@agent-products/kit/http';
import { createLogger, type Logger } from '@agent-products/kit/log';
import { openTestDatabase, type TestDatabase } from '@agent-products/kit/testing';
import { createApiService, type ApiService, type ApiSettings } from '../../src/api-app.ts';
import { createMcpService, type McpService } from '../../src/mcp/mcp-service.ts';
import type { TurnMessageMatcher } from '../../src/identity/turn-message-matcher.ts';
import { ampersandMigrations } from '../../src/store/migrations.ts';
import type { AmpersandDatabase } from '../../src/store/schema.ts';

export interface RunningAmpersand {
  apiUrl: string;
  mcpUrl: string;
  /** Where this pair listens (the same as the public URLs unless `publicUrls` was given). */
  ownApiUrl: string;
  ownMcpUrl: string;
  secret: string;
  api: ApiService;
  mcp: McpService;
  database: TestDatabase<AmpersandDatabase>;
  close(): Promise<void>;
}

export interface StartOptions {
  now?: () => Date;
  /**
   * The public URLs, when this pair is one more process of each behind a shared address (the
   * issuer and the MCP audience stay those of the first pair; this pair still listens on its own ports).
   */
  publicUrls?: { apiUrl: string; mcpUrl: string };
  settings?: Partial<ApiSettings>;
  /** Browser origins the MCP service admits besides its own. */
  mcpAllowedOrigins?: string[];
  database?: TestDatabase<AmpersandDatabase>;
  secret?: string;
  /** The clock peer-question expiry is judged by, apart from the one tokens are checked with. */
  questionClock?: () => Date;
  /** Where the andee card's bundle is (none: the card is not registered). */
  card?: { bundlePath: string; photoHost: string };
  turnMatcher?: TurnMessageMatcher;
  /** Both services' logger (default: silent). */
  log?: Logger;
  /** Sees every request as it reaches the API's socket (what the MCP service forwarded, say). */
  onApiRequest?: (req: IncomingMessage) => void;
}

export async function startAmpersand(options: StartOptions = {}): Promise<RunningAmpersand> {
  const database = options.database ?? (await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'ampersand'));
  const secret = options.secret ?? randomBytes(32).toString('base64url');
  const log = options.log ?? createLogger({ name: 'ampersand-test', level: 'silent' });

  let apiHandler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const apiServer = await listenNode((req, res) => {
    options.onApiRequest?.(req);
    apiHandler(req, res);
  }, 0);
  const ownApiUrl = apiServer.url;
  const apiUrl = options.publicUrls?.apiUrl ?? ownApiUrl;

  const mcpServer = await listenFirst(0);
  const ownMcpUrl = `${mcpServer.url}/mcp`;
  const mcpUrl = options.publicUrls?.mcpUrl ?? ownMcpUrl;

  const api = await createApiService({
    settings: {
      apiUrl,
      mcpUrl,
      accessTokenTtlSeconds: 3600,
      refreshTokenTtlSeconds: 30 * 24 * 3600,
      refreshGraceSeconds: 30,
      unusedClientTtlSeconds: 24 * 3600,
      signInLinkTtlSeconds: 900,
      cimdAllowedHosts: [],
      devMailbox: false,
      apiAllowedOrigins: [apiUrl],
      ...options.settings,
    },
    database,
    tokenSecret: secret,
    log,
    ...(options.now ? { now: options.now } : {}),
    ...(options.questionClock ? { questionClock: options.questionClock } : {}),
    ...(options.turnMatcher ? { turnMatcher: options.turnMatcher } : {}),
  });
  apiHandler = api.handler;
  const mcp = createMcpService({
    settings: {
      mcpUrl,
      apiUrl,
      mcpAllowedOrigins: [mcpServer.url, ...(options.mcpAllowedOrigins ?? [])],
      openaiAppsChallenge: undefined,
      ...(options.card ? { cardBundlePath: options.card.bundlePath, photoHost: options.card.photoHost } : {}),
    },
    tokenSecret: secret,
    log,
    forwardTo: ownApiUrl,
    ...(options.now ? { now: options.now } : {}),
  });
  mcpServer.serve(mcp.app.fetch);

  return {
    apiUrl,
    mcpUrl,
    ownApiUrl,
    ownMcpUrl,
    secret,
    api,
    mcp,
    database,
    async close() {
      await mcpServer.close();
      await mcp.close();
      await apiServer.close();
      await api.close();
      if (!options.database) await database.dispose();
    },
  };
}
