/**
 * The MCP service: `POST /mcp` and the alternate `POST /`, stateless, holding no product data.
 * Every protocol request needs a bearer token, verified here locally (signature, issuer,
 * audience = the canonical MCP URL, expiry); refusals are 401 with a WWW-Authenticate challenge
 * pointing at the protected-resource metadata. A body that is missing or not a JSON object is
 * 400 invalid_request. Verified calls run the tools, which forward to the API.
 */
import type { Hono } from 'hono';
import { unauthorizedChallenge, verifyBearerRequest } from '@agent-products/kit/auth';
import { createHttpApp, readBodyLimited, type AppEnv } from '@agent-products/kit/http';
import type { Logger } from '@agent-products/kit/log';
import { createMcpEndpoint, type RequestScope, type Tool } from '@agent-products/kit/mcp';
import { isHostedRuntime } from '../auth/hosted-runtime.ts';
import { accessTokenVerifier } from '../auth/access-token-verifier.ts';
import { deriveKeys } from '../auth/derived-keys.ts';
import { ALL_SCOPES } from '../scopes.ts';
import { BUILD_VERSION, buildInfo } from '../build-info.ts';
import type { AmpersandSettings } from '../settings.ts';
import { apiConnection } from './api-connection.ts';
import { apiForwarder, rememberBearer, rememberRunToken } from './api-forwarder.ts';
import { hostedRuntimeTools } from './hosted-runtime-tools.ts';
import { surfaceContractResource } from './loop-tools.ts';
import { resourceChallenge } from './resource-metadata.ts';
import { andeeCardResource } from './andee-card-resource.ts';
import { ampersandTools } from './tools.ts';

export type McpSettings = Pick<AmpersandSettings, 'mcpUrl' | 'apiUrl' | 'mcpAllowedOrigins' | 'openaiAppsChallenge'> & Partial<Pick<AmpersandSettings, 'cardBundlePath' | 'photoHost'>>;

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
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

export function createMcpService(options: McpServiceOptions): McpService {
  const { settings, log } = options;
  const now = options.now ?? (() => new Date());
  const verifier = accessTokenVerifier({ key: deriveKeys(options.tokenSecret).accessToken, issuer: settings.apiUrl, audience: settings.mcpUrl });
  const { metadata, challenge } = resourceChallenge({ mcpUrl: settings.mcpUrl, issuer: settings.apiUrl, scopes: ALL_SCOPES });
  const api = apiConnection(options.forwardTo ?? settings.apiUrl);
  const card = settings.cardBundlePath ? andeeCardResource(settings.cardBundlePath, settings.photoHost ?? 'https://photos.and.com') : undefined;
  if (!card) log.warn({ bundle: settings.cardBundlePath }, 'andee card bundle missing: ui://ampersand/andee-card.html is not registered; tools answer with text and structured content');
  const forward = apiForwarder(api);
  const build = buildInfo('mcp', { ...settings, forwardTo: options.forwardTo });
  const endpointWith = (tools: Tool[]) =>
    createMcpEndpoint({
      name: 'ampersand',
      version: BUILD_VERSION,
      title: '&',
      instructions: 'Tools over the signed-in andee\'s identity, connections and Loops. Use ask_question for identity answers, connections_read to resolve a person before acting, and loop_read before loop_create (reuse before create).',
      tools,
      registrations: [surfaceContractResource, ...(card ? [card] : [])],
      declareResources: true,
      maxBodyBytes: MAX_BODY_BYTES,
      onError: (error) => log.error({ err: error }, 'mcp error'),
    });
  const tools = () => ampersandTools(forward, { andeeCard: card !== undefined });
  const endpoint = endpointWith(tools());
  // The hosted runtime's principal is shown its own tools too; a public client never lists them.
  const hostedEndpoint = endpointWith([...tools(), ...hostedRuntimeTools(forward)]);

  const app = createHttpApp({
    log,
    allowedOrigins: settings.mcpAllowedOrigins,
    // Browser-based MCP clients of the allowed origins (issue 10's CORS), on both protocol paths.
    corsPaths: ['/mcp', '/'],
    publicUrl: new URL(settings.mcpUrl).origin,
    // Health proves this process answers, nothing about the API behind it (spec "Health"): a
    // tool call's downstream failure is its own tool error.
    health: { dependencies: [], details: () => ({ service: 'ampersand-mcp', build }) },
  });

  for (const path of metadata.paths) {
    app.get(path, (c) => c.json(metadata.document, 200, { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=300' }));
  }
  app.get('/.well-known/openai-apps-challenge', (c) =>
    settings.openaiAppsChallenge ? c.text(settings.openaiAppsChallenge) : c.json({ error: { code: 'not_found', message: 'No domain-verification challenge is configured.' } }, 404),
  );

  const protocol = async (c: import('hono').Context<AppEnv>) => {
    const correlationId = c.get('correlationId');
    const scope: RequestScope = { correlationId, log: c.get('log'), now };
    const request = c.req.raw;
    // A wrong method is answered before credentials: it is wrong whoever asks.
    if (request.method !== 'POST') return endpoint.handle(request, scope);
    const verdict = await verifyBearerRequest(request, verifier, now());
    if (!verdict.ok) return unauthorizedChallenge(challenge, verdict.failure, verdict.description, correlationId);
    const body = await readBodyLimited(request, MAX_BODY_BYTES);
    if (!body.ok && body.reason === 'too_large') return invalidRequest(413, `Request body exceeds ${MAX_BODY_BYTES} bytes.`, correlationId);
    if (!body.ok || !isJsonObject(body.text)) return invalidRequest(400, 'The request body must be one JSON-RPC message: a JSON object.', correlationId);
    rememberBearer(verdict.principal, (request.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '').trim());
    const runToken = request.headers.get('x-run-token');
    if (runToken) rememberRunToken(verdict.principal, runToken);
    scope.principal = verdict.principal;
    // The body is read already: the endpoint gets its text rather than a second Request to read.
    return (isHostedRuntime(verdict.principal) ? hostedEndpoint : endpoint).handle(request, scope, body.text);
  };
  app.all('/mcp', protocol);
  app.all('/', protocol);

  return {
    app,
    async close() {
      await Promise.all([endpoint.close(), hostedEndpoint.close()]);
      api.close();
    },
  };
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

function invalidRequest(status: number, message: string, correlationId: string): Response {
  return Response.json({ jsonrpc: '2.0', id: null, error: { code: -32600, message: `invalid_request: ${message}`, data: { code: 'invalid_request', correlationId } } }, { status });
}
