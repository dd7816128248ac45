/**
 * The MCP service as an OAuth protected resource: public discovery documents and health, and a
 * 401 with the right challenge for every way a bearer token can be missing or wrong.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_HEADERS } from '@agent-products/kit/testing';
import { PUBLIC_TOOLS } from './support/public-tools.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { mintAccessToken } from './support/mint-token.ts';

let amp: RunningAmpersand;
beforeAll(async () => {
  amp = await startAmpersand();
});
afterAll(async () => {
  await amp?.close();
});

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
};
const DEFAULT_SCOPE = 'signals:ask signals:write connections:read connections:write';

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(new URL(path, amp.mcpUrl), {
    method: 'POST',
    headers: { ...MCP_HEADERS, 'MCP-Protocol-Version': '2025-06-18', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function challengeOf(response: Response) {
  return response.headers.get('www-authenticate') ?? '';
}

describe('discovery and health', () => {
  it('serves the protected-resource metadata at the root and the path-aware URL with the whole scope surface', async () => {
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const response = await fetch(new URL(path, amp.mcpUrl));
      expect(response.status).toBe(200);
      const document = await response.json();
      expect(document.resource).toBe(amp.mcpUrl);
      expect(document.authorization_servers).toEqual([amp.apiUrl]);
      expect(document.scopes_supported).toEqual([...DEFAULT_SCOPE.split(' '), 'loops:read', 'loops:write', 'signals:evidence_read', 'signals:raw_read']);
      expect(document.bearer_methods_supported).toEqual(['header']);
    }
  });

  it('answers health without a token and says nothing about downstream paths', async () => {
    const response = await fetch(new URL('/health', amp.mcpUrl));
    expect(response.status).toBe(200);
    // Its own build and configuration digest (the proof ladder's runtime rung), no dependency.
    expect(await response.json()).toEqual({
      status: 'ok',
      service: 'ampersand-mcp',
      dependencies: {},
      build: { version: expect.stringMatching(/^\d+\.\d+\.\d+/), configDigest: expect.stringMatching(/^[0-9a-f]{16}$/) },
    });
  });

  it('answers 404 for the OpenAI apps challenge when none is configured, in the platform envelope', async () => {
    const answer = await fetch(new URL('/.well-known/openai-apps-challenge', amp.mcpUrl));
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ error: { code: 'not_found', retryable: false, correlationId: answer.headers.get('x-request-id') } });
  });
});

describe('bearer refusals', () => {
  it('a request without a token gets 401 pointing at the metadata, asking for the current public scope set, without an error code in the header', async () => {
    for (const path of ['/mcp', '/']) {
      const response = await post(path, INITIALIZE);
      expect(response.status).toBe(401);
      expect(challengeOf(response)).toBe(
        `Bearer resource_metadata="${new URL('/.well-known/oauth-protected-resource', amp.mcpUrl).href}", scope="${DEFAULT_SCOPE} loops:read loops:write"`,
      );
      // The contract's request-validation table: a missing token is 401 invalid_token.
      expect((await response.json()).error).toMatchObject({ code: 'invalid_token', reason: 'missing' });
    }
  });

  it('a token in the query string or a cookie is never read', async () => {
    const token = await mintAccessToken({ secret: amp.secret, issuer: amp.apiUrl, audience: amp.mcpUrl });
    const response = await post(`/mcp?access_token=${token}`, INITIALIZE, { Cookie: `access_token=${token}` });
    expect(response.status).toBe(401);
    expect(challengeOf(response)).not.toContain('error=');
  });

  const refused: Array<[string, () => Promise<string>, RegExp]> = [
    ['garbage', async () => 'not-a-jwt', /not valid/],
    ['expired', () => mintAccessToken({ secret: amp.secret, issuer: amp.apiUrl, audience: amp.mcpUrl, expiresAt: new Date(Date.now() - 60_000) }), /expired/],
    ['wrong audience', () => mintAccessToken({ secret: amp.secret, issuer: amp.apiUrl, audience: 'https://elsewhere.example/mcp' }), /another resource/],
    ['wrong signature', () => mintAccessToken({ secret: 'another-secret-another-secret-another', issuer: amp.apiUrl, audience: amp.mcpUrl }), /not valid/],
    ['wrong issuer', () => mintAccessToken({ secret: amp.secret, issuer: 'https://evil.example', audience: amp.mcpUrl }), /another authorization server/],
    ['not an access token', () => mintAccessToken({ secret: amp.secret, issuer: amp.apiUrl, audience: amp.mcpUrl, typ: 'JWT' }), /not valid/],
  ];
  for (const [label, token, description] of refused) {
    it(`a ${label} token gets 401 invalid_token saying why`, async () => {
      const response = await post('/mcp', INITIALIZE, { Authorization: `Bearer ${await token()}` });
      expect(response.status).toBe(401);
      const challenge = challengeOf(response);
      expect(challenge).toMatch(/^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="[^"]+", scope="/);
      expect(challenge).toMatch(description);
      const body = await response.json();
      expect(body.error.code).toBe('invalid_token');
    });
  }

  it('a malformed Authorization header gets 401 invalid_token', async () => {
    const response = await post('/mcp', INITIALIZE, { Authorization: 'Basic abc' });
    expect(response.status).toBe(401);
    expect(challengeOf(response)).toContain('error="invalid_token"');
  });
});

describe('request validation after the token', () => {
  it('GET and DELETE are 405 with Allow: POST', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(amp.mcpUrl, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });

  it('a missing or non-object body is 400 invalid_request', async () => {
    const token = await mintAccessToken({ secret: amp.secret, issuer: amp.apiUrl, audience: amp.mcpUrl });
    for (const body of ['', '42', '[]', '{not json', 'null']) {
      const response = await post('/mcp', body, { Authorization: `Bearer ${token}` });
      expect(response.status, body).toBe(400);
      expect((await response.json()).error.data.code).toBe('invalid_request');
    }
  });

  it('a valid default-scope token initializes and lists the tools its scopes allow, with their scopes', async () => {
    const token = await mintAccessToken({ secret: amp.secret, issuer: amp.apiUrl, audience: amp.mcpUrl });
    const init = await post('/mcp', INITIALIZE, { Authorization: `Bearer ${token}` });
    expect(init.status).toBe(200);
    const list = await post('/mcp', { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { Authorization: `Bearer ${token}` });
    const tools = (await list.json()).result.tools as Array<{ name: string; _meta?: { securitySchemes?: unknown } }>;
    expect(tools.map((t) => t.name).sort()).toEqual([...PUBLIC_TOOLS].sort());
    expect(tools.find((t) => t.name === 'connections_read')?._meta?.securitySchemes).toEqual([{ type: 'oauth2', scopes: ['connections:read'] }]);
  });

  it('an authenticated call without the tool scope is the tool error insufficient_scope naming it', async () => {
    const token = await mintAccessToken({ secret: amp.secret, issuer: amp.apiUrl, audience: amp.mcpUrl, scope: 'signals:ask' });
    const response = await post(
      '/mcp',
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'connections_read', arguments: {} } },
      { Authorization: `Bearer ${token}` },
    );
    expect(response.status).toBe(200);
    const result = (await response.json()).result;
    expect(result.isError).toBe(true);
    expect(result.structuredContent.error).toMatchObject({ code: 'insufficient_scope', retryable: false, details: { missingScopes: ['connections:read'] } });
    expect(result.content[0].text).toContain('connections:read');
  });

  it('a token the MCP service accepts but whose grant the API does not know is refused by the API as a tool error', async () => {
    const token = await mintAccessToken({ secret: amp.secret, issuer: amp.apiUrl, audience: amp.mcpUrl, grantId: 'no-such-grant' });
    const response = await post(
      '/mcp',
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'connections_read', arguments: {} } },
      { Authorization: `Bearer ${token}` },
    );
    const result = (await response.json()).result;
    expect(result.isError).toBe(true);
    expect(result.structuredContent.error.code).toBe('invalid_token');
  });
});
