/**
 * Builds the Chengdu Soul application over an open database: catalog services, the MCP endpoint
 * with its tools, the public web pages and the owner's web (sign-in, planning form, saved plans,
 * privacy forms, crawler files), all on one Hono app. Used by `main.ts` and by the tests, which
 * start it on an ephemeral port. Every expiry decision reads the one injected clock.
 */
import type { Hono } from 'hono';
import { readBearer } from '@agent-products/kit/auth';
import { CREDENTIAL_REFUSALS } from './access/credential-refusals.ts';
import { createHttpApp, type AppEnv } from '@agent-products/kit/http';
import { createRateLimiter } from '@agent-products/kit/store';
import { createMcpEndpoint, mountMcpEndpoint } from '@agent-products/kit/mcp';
import type { Database } from '@agent-products/kit/store';
import type { Logger } from '@agent-products/kit/log';
import { refuseMalformedInput, SignedFormTokens, SiteCookies } from '@agent-products/kit/web';
import { CatalogQueries } from './queries/catalog-queries.ts';
import { CatalogRepository } from './catalog/catalog-repository.ts';
import { CatalogService } from './catalog/catalog-service.ts';
import { CredentialService } from './access/credential-service.ts';
import { DiscoverySwitch } from './access/discovery-switch.ts';
import { formSigningKey } from './access/form-signing-key.ts';
import { OwnerSessions } from './access/owner-sessions.ts';
import { SignInLinks } from './access/sign-in-links.ts';
import { catalogTools } from './mcp/catalog-tools.ts';
import { planningTools } from './mcp/planning-tools.ts';
import { DraftService } from './planning/draft-service.ts';
import { OpenDrafts } from './planning/open-drafts.ts';
import { PageRepository } from './planning/page-repository.ts';
import { PrivacyRequests } from './privacy/privacy-requests.ts';
import type { ChengduDatabase } from './store/schema.ts';
import { registerCrawlerRoutes } from './web/crawler-routes.ts';
import { registerOwnerRoutes } from './web/owner-routes.tsx';
import { registerPrivacyRoutes } from './web/privacy-routes.tsx';
import { malformedInputPage } from './web/message-page.tsx';
import { notFoundDocument } from './web/not-found-page.tsx';
import { registerWebRoutes, webErrorPage } from './web/routes.tsx';
import { registerPlanDownloadRoutes } from './web/plan-download-routes.tsx';
import { DEFAULT_TILES, type TileSettings } from './web/map-tiles.ts';

export const SERVICE_NAME = 'chengdu-soul';
export const SERVICE_VERSION = '0.1.0';
/** Feedback and removal requests stored per minute, from anyone, across every process. */
const PRIVACY_FORMS_PER_MINUTE = 30;

const INSTRUCTIONS =
  'Chengdu Soul plans one to three flexible exploration days from reviewed overviews of real Chengdu scenes. ' +
  'Call list_chengdu_scenes or search_chengdu_scenes, then get_chengdu_scene with the exact catalogVersion. ' +
  'Not a timed route, live availability check, reservation, hotel or payment service: never imply verified opening hours, ' +
  'accessibility, travel times or tickets. Ask the traveler before requiring a selectionOnly outing.';

export interface ChengduAppOptions {
  database: Database<ChengduDatabase>;
  log: Logger;
  /** METRICS_TOKEN: the bearer token a scraper not on this machine sends for GET /metrics (kit observe/). */
  metricsToken?: string | undefined;
  allowedOrigins: readonly string[];
  /** Origin of this server as agents and travelers reach it (page links, credential audience). */
  publicUrl: string;
  catalogRefreshMs?: number;
  /** How many recent search answers of the current release are kept to answer repeats (0: none). */
  searchAnswersKept?: number;
  clock?: () => Date;
  redisUrl?: string | undefined;
  writesPerMinute?: number;
  /** The maps' tile server and credit (default: OpenStreetMap's). */
  tiles?: TileSettings;
}

export interface ChengduApp {
  app: Hono<AppEnv>;
  catalog: CatalogService;
  repository: CatalogRepository;
  credentials: CredentialService;
  drafts: DraftService;
  pages: PageRepository;
  signInLinks: SignInLinks;
  sessions: OwnerSessions;
  privacy: PrivacyRequests;
  discovery: DiscoverySwitch;
  /** The audience every Agent credential of this server is bound to. */
  audience: string;
  close(): Promise<void>;
}

/** The `/mcp` URL an Agent credential is bound to. */
export function mcpAudience(publicUrl: string): string {
  return `${publicUrl}/mcp`;
}

export function createChengduApp(options: ChengduAppOptions): ChengduApp {
  const clock = options.clock ?? (() => new Date());
  const repository = new CatalogRepository(options.database.db);
  const catalog = new CatalogService(repository, options.catalogRefreshMs ?? 2000);
  const queries = new CatalogQueries(catalog, options.searchAnswersKept);
  const credentials = new CredentialService(options.database.db);
  const drafts = new DraftService(options.database.db, catalog, options.publicUrl);
  const pages = new PageRepository(options.database.db);
  const signInLinks = new SignInLinks(options.database.db);
  const sessions = new OwnerSessions(options.database.db, signInLinks);
  const privacy = new PrivacyRequests(options.database.db);
  const discovery = new DiscoverySwitch(options.database.db);
  const audience = mcpAudience(options.publicUrl);
  const limiter = createRateLimiter({
    db: options.database.db,
    redisUrl: options.redisUrl,
    points: options.writesPerMinute ?? 120,
    windowSeconds: 60,
    keyPrefix: 'chengdu-writes',
  });
  const privacyLimiter = createRateLimiter({
    db: options.database.db,
    redisUrl: options.redisUrl,
    points: PRIVACY_FORMS_PER_MINUTE,
    windowSeconds: 60,
    keyPrefix: 'chengdu-privacy-forms',
  });

  const app = createHttpApp({
    log: options.log,
    // The owner's forms post from the public origin, whatever the listening address, and a proxy
    // in front keeps the public Host.
    allowedOrigins: options.allowedOrigins,
    publicUrl: options.publicUrl,
    secretPathPrefixes: ['/p/', '/signin/'],
    mapError: (error) => webErrorPage(error),
    notFoundPage: () => notFoundDocument(),
    service: { name: SERVICE_NAME, version: SERVICE_VERSION },
    metrics: { token: options.metricsToken },
    health: {
      dependencies: [
        { name: 'database', essential: true, neededFor: 'every tool, page and planning write', probe: () => options.database.ping() },
        ...(limiter.probe ? [{ name: 'redis', essential: true, neededFor: 'planning writes (the shared write limit)', probe: limiter.probe }] : []),
      ],
      details: async ({ database }) => {
        const reachable = database?.up ?? false;
        let catalogVersion: string | null = catalog.knownCurrentVersion() ?? null;
        if (reachable) catalogVersion = (await catalog.current().catch(() => undefined))?.catalogVersion ?? null;
        return { service: SERVICE_NAME, version: SERVICE_VERSION, database: { kind: options.database.kind, reachable }, catalogVersion };
      },
    },
  });

  // A NUL or broken UTF-8 in the path or query of a page that looks its path up (a shared
  // page, a sign-in link, a scene) is a 400 naming it, before PostgreSQL could refuse it as a
  // 500. `/agents` refuses such a query on its own search form, and the owner's pages answer a
  // draft ref that names nothing with 404 whatever it holds (owner-web.test.ts pins both).
  const refuseMalformed = refuseMalformedInput({ page: malformedInputPage });
  for (const path of ['/p/*', '/signin/*', '/agents/scenes/*']) app.use(path, refuseMalformed);

  const endpoint = createMcpEndpoint({
    name: SERVICE_NAME,
    version: SERVICE_VERSION,
    title: 'Chengdu Soul',
    instructions: INSTRUCTIONS,
    tools: [...catalogTools(queries), ...planningTools(drafts)],
    // No resources, but hosts that list them unconditionally (the ext-apps 1.x basic host) keep the server.
    declareResources: true,
    guard: {
      // Its clients have always read the description of a missing credential in the challenge.
      challenge: { realm: SERVICE_NAME, refusedCode: 'unauthorized', describeMissing: true },
      refusals: CREDENTIAL_REFUSALS,
      async admit(request, calls) {
        const bearer = readBearer(request);
        if (bearer.kind === 'none') return { failure: 'missing' };
        if (bearer.kind === 'malformed') return { failure: 'malformed' };
        return credentials.admit(bearer.token, audience, clock(), limiter, calls);
      },
      // Replays of a stored answer and calls refused at the limit use none of the allowance.
      release: (principal, calls) => limiter.refund(principal.subject, calls),
      answersFromStore: (principal, call) => drafts.answersFromStore(principal.subject, call),
    },
    onError: (error) => options.log.warn({ err: error }, 'mcp handler error'),
  });
  mountMcpEndpoint(app, endpoint, { now: clock });

  registerWebRoutes(app, queries, pages, clock, options.tiles ?? DEFAULT_TILES);
  registerPlanDownloadRoutes(app, { pages, clock, publicUrl: options.publicUrl });
  const cookies = new SiteCookies(options.publicUrl);
  registerOwnerRoutes(app, {
    queries,
    drafts,
    openDrafts: new OpenDrafts(options.database.db),
    pages,
    sessions,
    signInLinks,
    cookies,
    clock,
    publicUrl: options.publicUrl,
    consumeWrite: (accountId) => limiter.consume(accountId),
    refundWrite: (accountId) => limiter.refund(accountId, 1),
    realm: SERVICE_NAME,
  });
  registerPrivacyRoutes(app, {
    requests: privacy,
    formTokens: new SignedFormTokens({ signingKey: () => formSigningKey(options.database.db) }),
    cookies,
    limiter: privacyLimiter,
    clock,
    realm: SERVICE_NAME,
  });
  registerCrawlerRoutes(app, { discovery, queries, publicUrl: options.publicUrl });

  return {
    app,
    catalog,
    repository,
    credentials,
    drafts,
    pages,
    signInLinks,
    sessions,
    privacy,
    discovery,
    audience,
    close: async () => {
      await endpoint.close();
      await limiter.close();
      await privacyLimiter.close();
    },
  };
}
