/**
 * The API process's composition root: the authorization server (oidc-provider), the JSON API
 * behind the MCP service and the andee's web app, built over an open database on one kit HTTP
 * app, so every route — the provider's included (auth/provider-route.ts) — stands behind the
 * kit's Host and Origin checks, CORS, correlation ids, request log, body limits and error
 * rendering. Used by `main-api.ts`, the tests and the benchmarks, which serve `handler` (or
 * `app` through the kit's `listen`) on a port.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Hono } from 'hono';
import { createHttpApp, DEFAULT_MAX_BODY_BYTES, requestListener, serveDirectly, type AppEnv } from '@agent-products/kit/http';
import type { Logger } from '@agent-products/kit/log';
import type { Kysely } from 'kysely';
import type { Database } from '@agent-products/kit/store';
import { refuseMalformedInput, securityHeaders } from '@agent-products/kit/web';
import { isApiPath, webErrorRendering } from './web/problem-page.tsx';
import { mountWebApp } from './web/web-app.ts';
import type Provider from 'oidc-provider';
import { AndeeRepository } from './andees/andee-repository.ts';
import { WebSessions } from './andees/web-sessions.ts';
import { accessTokenVerifier } from './auth/access-token-verifier.ts';
import { createAuthorizationServer } from './auth/authorization-server.ts';
import { deriveKeys } from './auth/derived-keys.ts';
import { Grants } from './auth/grants.ts';
import { sweepOnce } from './housekeeping/sweeps.ts';
import { applyOAuthRules } from './auth/oauth-rules.ts';
import { authRateLimits, type AuthRateLimits } from './auth/rate-limits.ts';
import { clientAddresses, requestAddress } from './auth/client-address.ts';
import { applyDeviceConfirmation } from './auth/device-confirmation.ts';
import { applyDeviceFormSession } from './auth/device-form-session.ts';
import { RefreshSuccession } from './auth/refresh-succession.ts';
import { revocationFeed } from './auth/revocation-feed.ts';
import { signingKey } from './auth/signing-key.ts';
import { DeterministicSynthesizer } from './identity/answer-synthesizer.ts';
import { seedDemoGraph } from './identity/demo-graph.ts';
import { Connections } from './identity/connections.ts';
import { Contacts } from './identity/contacts.ts';
import { IdentitySignals } from './identity/identity-signals.ts';
import { ModelSynthesizer } from './identity/model-synthesizer.ts';
import { Notifications } from './identity/notifications.ts';
import { PeerQuestions } from './identity/peer-questions.ts';
import type { TurnMessageMatcher } from './identity/turn-message-matcher.ts';
import { FirstPartyClients } from './identity/visibility.ts';
import { resourceChallenge } from './mcp/resource-metadata.ts';
import { ALL_SCOPES } from './scopes.ts';
import { DEFAULT_EMBEDDING_THRESHOLD, type AmpersandSettings, type AuthRateLimitSettings } from './settings.ts';
import type { AmpersandDatabase } from './store/schema.ts';
import { answerOutagesAsUnavailable } from './auth/provider-outages.ts';
import {
  MAX_PROVIDER_BODY_BYTES,
  MAX_PROVIDER_JSON_DEPTH,
  PROVIDER_CORS_ROUTES,
  PROVIDER_PATHS,
  PROVIDER_SECRET_PATH_PREFIXES,
  providerRoute,
} from './auth/provider-route.ts';
import { v1Routes } from './api/v1-routes.ts';
import { OPERATIONS } from './contracts/operations.ts';
import { embeddingComparer } from './suggestions/embedding-comparer.ts';
import { trigramComparer, type MeaningComparer } from './suggestions/meaning-comparer.ts';
import { LoopOperations } from './loops/loop-operations.ts';
import { runTokens as createRunTokens } from './loops/run-token.ts';
import { createTurns, type TurnSettings } from './loops/turns.ts';
import { runTurnMatcher } from './loops/run-turn-matcher.ts';
import { HOSTED_RUNTIME_CLIENT_ID, hostedRuntimeCredentials, type HostedRuntimeCredentials } from './auth/hosted-runtime.ts';
import { answerFromIdentity } from './identity/chat-answers.ts';
import { BUILD_VERSION, buildInfo } from './build-info.ts';

export type ApiSettings = Pick<
  AmpersandSettings,
  | 'apiUrl'
  | 'metricsToken'
  | 'mcpUrl'
  | 'accessTokenTtlSeconds'
  | 'refreshTokenTtlSeconds'
  | 'refreshGraceSeconds'
  | 'unusedClientTtlSeconds'
  | 'signInLinkTtlSeconds'
  | 'cimdAllowedHosts'
  | 'devMailbox'
  | 'apiAllowedOrigins'
> & {
  /** Extra CA certificates (PEM) for allow-listed client-metadata hosts (a test's loopback HTTPS). */
  cimdTrustedCertificates?: string[] | undefined;
  /** Rate-limit counts in Redis rather than the database. */
  redisUrl?: string | undefined;
  /** Prefix of the rate-limit keys (default `ampersand`). */
  rateLimitKeyPrefix?: string | undefined;
  /** Overrides of the default limits (auth/rate-limits.ts). */
  rateLimits?: Partial<AuthRateLimitSettings> | undefined;
  /** Proxies whose X-Forwarded-For the rate limits believe (auth/client-address.ts); none by default. */
  trustedProxies?: readonly string[] | undefined;
} & Partial<
    Pick<
      AmpersandSettings,
      'questionTtlSeconds' | 'modelUrl' | 'model' | 'modelKey' | 'embeddingUrl' | 'embeddingModel' | 'embeddingKey' | 'embeddingThreshold'
    >
  > &
  Partial<TurnSettings>;

export interface ApiServiceOptions {
  settings: ApiSettings;
  database: Database<AmpersandDatabase>;
  tokenSecret: string;
  log: Logger;
  now?: () => Date;
  /** Approves an identity_write matched to a signed chat turn (the turns work supplies it); absent: every write is pending. */
  turnMatcher?: TurnMessageMatcher;
  /** The clock question expiry is judged by (default: `now`); tests move it without expiring tokens. */
  questionClock?: () => Date;
}

export interface ApiService {
  /** The whole API process as a kit HTTP app (serve it with @hono/node-server: the provider needs the raw request). */
  app: Hono<AppEnv>;
  /** `app` as a Node request listener (the kit's `listen` serves it so too: its operations directly). */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  provider: Provider;
  andees: AndeeRepository;
  sessions: WebSessions;
  grants: Grants;
  /** The rate limits on the ways in (the operator's `clear-rate-limit` lifts one). */
  limits: AuthRateLimits;
  /** Issues the & hosted runtime's access tokens (a principal public authorization never creates). */
  hostedRuntime: HostedRuntimeCredentials;
  signals: IdentitySignals;
  connections: Connections;
  contacts: Contacts;
  /** Seeds the labelled demo graph unless it is there (identity/demo-graph.ts). */
  seedDemo(): Promise<{ seeded: boolean; tags: string[] }>;
  firstParty: FirstPartyClients;
  notifications: Notifications;
  questions: PeerQuestions;
  close(): Promise<void>;
}

const HOUSEKEEPING_MS = 10 * 60_000;

export async function createApiService(options: ApiServiceOptions): Promise<ApiService> {
  const { settings, database, log } = options;
  const now = options.now ?? (() => new Date());
  const db = database.db;
  const keys = deriveKeys(options.tokenSecret);
  const andees = new AndeeRepository(db);
  const sessions = new WebSessions(db, settings.signInLinkTtlSeconds);
  const grants = new Grants(db);
  const notifications = new Notifications(db);
  const connections = new Connections(db, notifications);
  const signals = new IdentitySignals(db);
  const contacts = new Contacts(db, keys.phoneHash);
  const firstParty = new FirstPartyClients(db);
  const questions = new PeerQuestions(db, signals, notifications, settings.questionTtlSeconds ?? 7 * 24 * 3600, options.questionClock ?? now);
  const synthesizer = settings.modelUrl
    ? new ModelSynthesizer({ url: settings.modelUrl, model: settings.model ?? 'gpt-4o-mini', key: settings.modelKey }, log)
    : new DeterministicSynthesizer();
  const limits = authRateLimits({ db, redisUrl: settings.redisUrl, limits: settings.rateLimits, keyPrefix: settings.rateLimitKeyPrefix });
  const addressOf = clientAddresses(settings.trustedProxies ?? []);
  const provider = createAuthorizationServer({
    db,
    issuer: settings.apiUrl,
    resource: settings.mcpUrl,
    keys,
    signingJwk: await signingKey(db, keys),
    accessTokenTtlSeconds: settings.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: settings.refreshTokenTtlSeconds,
    cimdAllowedHosts: settings.cimdAllowedHosts,
    cimdTrustedCertificates: settings.cimdTrustedCertificates,
    andeeExists: async (id) => (await andees.byId(id)) !== undefined,
    addressOf: (req) => requestAddress(addressOf, req),
  });
  answerOutagesAsUnavailable(provider, log);
  applyOAuthRules(provider, new RefreshSuccession(db, keys, settings.refreshGraceSeconds), now);
  applyDeviceFormSession(provider);
  applyDeviceConfirmation(provider);

  const verifier = accessTokenVerifier({ key: keys.accessToken, issuer: settings.apiUrl, audience: settings.mcpUrl });
  const challenge = resourceChallenge({ mcpUrl: settings.mcpUrl, issuer: settings.apiUrl, scopes: ALL_SCOPES }).challenge;

  const app = createHttpApp({
    log,
    allowedOrigins: settings.apiAllowedOrigins,
    publicUrl: settings.apiUrl,
    secretPathPrefixes: ['/sign-in/link/', ...PROVIDER_SECRET_PATH_PREFIXES],
    corsPaths: PROVIDER_CORS_ROUTES,
    maxBodyBytes: (path) => (PROVIDER_PATHS.test(path) ? MAX_PROVIDER_BODY_BYTES : DEFAULT_MAX_BODY_BYTES),
    // The provider re-serialises and walks client metadata recursively: no deep JSON reaches it.
    maxJsonDepth: (path) => (PROVIDER_PATHS.test(path) ? MAX_PROVIDER_JSON_DEPTH : undefined),
    errorSurface: (c) => (PROVIDER_PATHS.test(c.req.path) ? 'oauth' : webErrorRendering.errorSurface(c)),
    errorPage: webErrorRendering.errorPage,
    service: { name: 'ampersand-api', version: BUILD_VERSION },
    metrics: { token: settings.metricsToken },
    health: {
      dependencies: [
        { name: 'database', essential: true, neededFor: 'every andee, grant, token, session and answer', probe: () => database.ping() },
        ...(limits.probe ? [{ name: 'redis', essential: true, neededFor: 'the rate limits on sign-in, tokens and registration', probe: limits.probe }] : []),
      ],
      details: () => ({ service: 'ampersand-api', build: turns.build, turns: turns.engineReport }),
    },
  });
  app.use('*', securityHeaders());
  app.use('*', refuseMalformedInput({ page: webErrorRendering.errorPage, json: (c) => isApiPath(c) || PROVIDER_PATHS.test(c.req.path) }));
  const authorizationServer = providerRoute({ provider, issuer: settings.apiUrl, limits, addressOf, log });
  for (const path of ['/oauth/*', '/device', '/device/*', '/.well-known/openid-configuration', '/.well-known/oauth-authorization-server'])
    app.all(path, authorizationServer);
  const revocations = await revocationFeed({ database, key: keys.revocationFeed, accessTokenTtlSeconds: settings.accessTokenTtlSeconds });
  app.route('/', revocations.routes);
  const operations = new LoopOperations(db);
  const runTokens = createRunTokens(db, keys.runToken, settings.apiUrl);
  const turnMatcher = options.turnMatcher ?? runTurnMatcher(db, runTokens, now);
  // &'s own hosted runtime is first-party without an operator command: in a live turn it sees
  // what the andee's own app sees (connected-only facts of active connections).
  await firstParty.ensure(HOSTED_RUNTIME_CLIENT_ID, '&', now());
  const chatAnswers = (andeeId: string, message: string, turnId?: string) =>
    answerFromIdentity({ db, synthesizer, clientId: HOSTED_RUNTIME_CLIENT_ID, signals, now }, andeeId, message, turnId);
  const turns = createTurns({ db, operations, runTokens, settings, chatAnswers, build: buildInfo('api', settings), log, now });
  app.route(
    '/',
    v1Routes({
      db,
      andees,
      connections,
      signals,
      contacts,
      firstParty,
      questions,
      synthesizer,
      turnMatcher,
      operations,
      runTokens,
      comparer: meaningComparer(db, settings, log),
      engine: turns.engine,
      verifier,
      grants,
      challenge,
      now,
    }),
  );
  // The operations the MCP service forwards every tool call to: its hot path, served directly.
  serveDirectly(
    app,
    OPERATIONS.map((operation) => operation.path),
  );
  mountWebApp(app, {
    db,
    andees,
    signals,
    connections,
    contacts,
    notifications,
    questions,
    now,
    sessions,
    limits,
    addressOf,
    provider,
    grants,
    operations,
    engine: turns.engine,
    firstParty,
    publicUrl: settings.apiUrl,
    mcpUrl: settings.mcpUrl,
    devMailbox: settings.devMailbox,
  });

  const housekeeping = setInterval(() => {
    void sweepOnce(db, grants, { now: now(), unusedClientTtlSeconds: settings.unusedClientTtlSeconds })
      .then((removed) => log.info({ removed }, 'housekeeping swept'))
      .then(() => revocations.prune())
      .catch((error) => log.warn({ err: error }, 'housekeeping failed'));
  }, HOUSEKEEPING_MS);
  housekeeping.unref();

  return {
    app,
    handler: requestListener(app.fetch),
    provider,
    andees,
    sessions,
    grants,
    limits,
    hostedRuntime: hostedRuntimeCredentials({ db, keys, issuer: settings.apiUrl, resource: settings.mcpUrl, ttlSeconds: settings.accessTokenTtlSeconds }),
    signals,
    connections,
    contacts,
    seedDemo: () => seedDemoGraph({ db, andees, signals, connections, contacts, questions }, now()),
    firstParty,
    notifications,
    questions,
    async close() {
      clearInterval(housekeeping);
      await revocations.close();
      await turns.close();
      await limits.close();
    },
  };
}

/** The embeddings endpoint's comparer when one is configured (the deterministic one behind it), else the deterministic one. */
function meaningComparer(db: Kysely<AmpersandDatabase>, settings: ApiServiceOptions['settings'], log: Logger): MeaningComparer {
  const deterministic = trigramComparer(db);
  if (!settings.embeddingUrl) return deterministic;
  return embeddingComparer(
    {
      url: settings.embeddingUrl,
      model: settings.embeddingModel ?? 'text-embedding-3-small',
      key: settings.embeddingKey,
      threshold: settings.embeddingThreshold ?? DEFAULT_EMBEDDING_THRESHOLD,
    },
    deterministic,
    log,
  );
}
