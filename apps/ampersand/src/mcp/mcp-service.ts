/**
 * The MCP service: `POST /mcp` and the alternate `POST /`, stateless, holding no product data.
 * Every protocol request needs a bearer token, verified locally by the kit's MCP guard
 * (signature, issuer, audience = the canonical MCP URL, expiry, and not of a grant the API's
 * revocation feed reported ended: revoked-grants.ts); refusals are 401 with a
 * WWW-Authenticate challenge pointing at the protected-resource metadata. The kit's endpoint
 * reads and checks the body (the pipeline's 413, its own JSON-RPC refusals). Verified calls run
 * the tools, which forward to the API with the verified token the guard handed them.
 */
import type { Hono } from 'hono';
import { readBearer, type AuthFailure } from '@agent-products/kit/auth';
import { createHttpApp, type AppEnv } from '@agent-products/kit/http';
import type { Logger } from '@agent-products/kit/log';
import { platformErrors } from '@agent-products/kit/errors';
import { createMcpEndpoint, mountGuardedMcpEndpoints, type McpGuard, type Tool } from '@agent-products/kit/mcp';
import { isHostedRuntime } from '../auth/hosted-runtime.ts';
import { accessTokenVerifier } from '../auth/access-token-verifier.ts';
import { deriveKeys } from '../auth/derived-keys.ts';
import { ALL_SCOPES } from '../scopes.ts';
import { BUILD_VERSION, buildInfo } from '../build-info.ts';
import type { AmpersandSettings } from '../settings.ts';
import { apiConnection } from './api-connection.ts';
import { apiForwarder } from './api-forwarder.ts';
import { ampersandTools, anyOfScopes, hostedRuntimeRefusals, hostedRuntimeTools, turnScopedToolNames } from './operation-tools.ts';
import { resourceChallenge } from './resource-metadata.ts';
import { andeeCardResource } from './andee-card-resource.ts';
import { followRevocations, type RevokedGrants } from './revoked-grants.ts';
import { callableEndpoints, type KindTools } from './callable-endpoints.ts';
import { turnRequests } from './turn-requests.ts';
import { surfaceContractResource } from './surface-contract-resource.ts';

export type McpSettings = Pick<AmpersandSettings, 'mcpUrl' | 'apiUrl' | 'mcpAllowedOrigins' | 'openaiAppsChallenge' | 'metricsToken'> &
  Partial<Pick<AmpersandSettings, 'cardBundlePath' | 'photoHost'>>;

export interface McpServiceOptions {
  settings: McpSettings;
  tokenSecret: string;
  log: Logger;
  now?: () => Date;
  /** Where calls are forwarded when not the API's public URL (one API process of several, in tests). */
  forwardTo?: string;
}

export interface McpService {
  app: Hono<AppEnv>;
  /** The grants this process refuses as revoked, from the API's feed. */
  revoked: RevokedGrants;
  close(): Promise<void>;
}

export function createMcpService(options: McpServiceOptions): McpService {
  const { settings, log } = options;
  const now = options.now ?? (() => new Date());
  const keys = deriveKeys(options.tokenSecret);
  const verifier = accessTokenVerifier({ key: keys.accessToken, issuer: settings.apiUrl, audience: settings.mcpUrl });
  const { metadata, challenge } = resourceChallenge({ mcpUrl: settings.mcpUrl, issuer: settings.apiUrl, scopes: ALL_SCOPES });
  const api = apiConnection(options.forwardTo ?? settings.apiUrl);
  // Its own connection: the long poll holds one socket, never one the tool calls queue for.
  const revoked = followRevocations({ api: apiConnection(options.forwardTo ?? settings.apiUrl), key: keys.revocationFeed, log });
  const card = settings.cardBundlePath ? andeeCardResource(settings.cardBundlePath, settings.photoHost ?? 'https://photos.and.com') : undefined;
  if (!card)
    log.warn(
      { bundle: settings.cardBundlePath },
      'andee card bundle missing: ui://ampersand/andee-card.html is not registered; tools answer with text and structured content',
    );
  const forward = apiForwarder(api);
  const build = buildInfo('mcp', { ...settings, forwardTo: options.forwardTo });
  const endpointWith = (tools: Tool[], listed?: (tool: Tool) => boolean) =>
    createMcpEndpoint({
      name: 'ampersand',
      version: BUILD_VERSION,
      title: '&',
      instructions:
        "Tools over the signed-in andee's identity, connections and Loops. Use ask_question for identity answers, connections_read to resolve a person before acting, and loop_read before loop_create (reuse before create).",
      tools,
      ...(listed ? { listed } : {}),
      registrations: [surfaceContractResource, ...(card ? [card] : [])],
      declareResources: true,
      // &'s clients have always sent one message per request and read a refusal's data.code.
      singleMessages: true,
      onError: (error) => log.error({ err: error }, 'mcp error'),
    });
  const toolOptions = { andeeCard: card !== undefined };
  const operationTools = ampersandTools(forward, toolOptions);
  const hostedOnly = hostedRuntimeTools(forward, toolOptions);
  // A public client calling a hosted-runtime tool by name gets its refusal, not an unknown tool.
  const publicTools = [...operationTools, ...hostedRuntimeRefusals()];
  const hostedTools = [...operationTools, ...hostedOnly];
  // Answers what comes before admission (a wrong method); admitted requests get their own below.
  const endpoint = endpointWith(publicTools);
  const turns = turnRequests(keys.runToken, settings.apiUrl);
  const turnScoped = turnScopedToolNames();
  const refusedToPublic = hostedOnly.map((tool) => tool.name);
  const publicKind: KindTools = { kind: 'public', tools: publicTools, unlisted: new Set([...refusedToPublic, ...turnScoped]) };
  const publicInTurn: KindTools = { kind: 'public-in-turn', tools: publicTools, unlisted: new Set(refusedToPublic) };
  const hostedKind: KindTools = { kind: 'hosted-runtime', tools: hostedTools, unlisted: turnScoped };
  const hostedInTurn: KindTools = { kind: 'hosted-runtime-in-turn', tools: hostedTools, unlisted: new Set() };
  const callable = callableEndpoints(
    (principal) =>
      isHostedRuntime(principal) ? (turns.withinTurn(principal) ? hostedInTurn : hostedKind) : turns.withinTurn(principal) ? publicInTurn : publicKind,
    endpointWith,
    anyOfScopes(),
  );

  const app = createHttpApp({
    log,
    allowedOrigins: settings.mcpAllowedOrigins,
    // Browser-based MCP clients of the allowed origins (issue 10's CORS), on both protocol paths.
    corsPaths: ['/mcp', '/'],
    publicUrl: new URL(settings.mcpUrl).origin,
    service: { name: 'ampersand-mcp', version: BUILD_VERSION },
    metrics: { token: settings.metricsToken },
    // Health proves this process answers, nothing about the API behind it (spec "Health"): a
    // tool call's downstream failure is its own tool error.
    health: { dependencies: [], details: () => ({ service: 'ampersand-mcp', build }) },
  });

  for (const path of metadata.paths) {
    app.get(path, (c) => c.json(metadata.document, 200, { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=300' }));
  }
  app.get('/.well-known/openai-apps-challenge', (c) => {
    // The kit's error handler renders the table's status and envelope, as for every other refusal.
    if (!settings.openaiAppsChallenge) throw platformErrors.fail('not_found', 'No domain-verification challenge is configured.');
    return c.text(settings.openaiAppsChallenge);
  });

  const guard: McpGuard = {
    every: true,
    challenge,
    refusals: REFUSALS,
    async admit(request) {
      const bearer = readBearer(request);
      if (bearer.kind === 'none') return { failure: 'missing' };
      if (bearer.kind === 'malformed') return { failure: 'malformed' };
      // The principal comes with the claims, read once per token rather than on every call.
      const verdict = await verifier.verifyClaimsAndPrincipal(bearer.token, now());
      if (!verdict.ok) return { failure: verdict.failure, description: verdict.description };
      // A token of an ended grant is a 401 like an expired one, so the client authorizes again.
      if (verdict.claims.gid && revoked.has(verdict.claims.gid)) return { failure: 'revoked', description: REVOKED };
      const { principal } = verdict;
      const runToken = request.headers.get('x-run-token');
      if (!runToken) return { principal, credential: bearer.token };
      turns.note(principal, runToken, now());
      return { principal, credential: bearer.token, credentialHeaders: { 'X-Run-Token': runToken } };
    },
  };
  // Each caller is shown the tools its token's scopes and principal allow (the hosted runtime's
  // principal its own too, and the turn-scoped ones only within a turn); a call by name of any
  // other still gets that tool's refusal.
  mountGuardedMcpEndpoints(app, {
    paths: ['/mcp', '/'],
    guard,
    now,
    endpoint,
    endpointFor: callable.endpointFor,
  });

  return {
    app,
    revoked,
    async close() {
      revoked.close();
      await Promise.all([endpoint.close(), callable.close()]);
      api.close();
    },
  };
}

const REVOKED = 'The grant behind this access token was revoked; authorize again.';

/** What each refusal says when the verifier gives no words of its own. */
const REFUSALS: Readonly<Record<AuthFailure, string>> = {
  missing: 'This request needs an access token in Authorization: Bearer <token>.',
  malformed: 'The Authorization header is not a Bearer token.',
  invalid: 'The access token is not valid here.',
  expired: 'The access token has expired; refresh it.',
  revoked: 'The access token was revoked.',
};
