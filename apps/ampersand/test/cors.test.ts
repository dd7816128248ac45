/**
 * CORS for browser-based MCP clients of the configured origins (issue 10's rules), on the MCP
 * service's protocol paths and on the authorization server's fetch endpoints; a foreign Origin
 * is 403 before any work, preflight included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_HEADERS } from '@agent-products/kit/testing';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

const APP = 'https://app.example';
const FOREIGN = 'https://evil.example';

let amp: RunningAmpersand;
beforeAll(async () => {
  amp = await startAmpersand({ mcpAllowedOrigins: [APP], settings: { apiAllowedOrigins: [APP] } });
});
afterAll(async () => {
  await amp?.close();
});

function preflight(url: string, origin: string, method = 'POST') {
  return fetch(url, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': method, 'Access-Control-Request-Headers': 'content-type, authorization, mcp-protocol-version' },
  });
}

function expectCorsFor(response: Response, origin: string) {
  expect(response.headers.get('access-control-allow-origin')).toBe(origin);
  expect(response.headers.get('vary')).toMatch(/origin/i);
  const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase();
  expect(exposed).toContain('www-authenticate');
  expect(exposed).toContain('mcp-protocol-version');
}

describe('the MCP service', () => {
  it('answers an allowed origin’s preflight with 204, the methods, the MCP request headers and a Max-Age, on /mcp and /', async () => {
    for (const url of [amp.mcpUrl, new URL('/', amp.mcpUrl).href]) {
      const response = await preflight(url, APP);
      expect(response.status).toBe(204);
      expectCorsFor(response, APP);
      expect(response.headers.get('access-control-allow-methods')).toContain('POST');
      const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase();
      for (const header of ['content-type', 'authorization', 'mcp-protocol-version']) expect(allowed).toContain(header);
      expect(Number(response.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    }
  });

  it('lets an allowed origin read the 401 challenge of a tokenless call', async () => {
    const response = await fetch(amp.mcpUrl, {
      method: 'POST',
      headers: { ...MCP_HEADERS, Origin: APP },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(401);
    expectCorsFor(response, APP);
    expect(response.headers.get('www-authenticate')).toContain('resource_metadata=');
  });

  it('refuses a foreign origin with 403 and no CORS headers, preflight included', async () => {
    for (const response of [
      await preflight(amp.mcpUrl, FOREIGN),
      await fetch(amp.mcpUrl, {
        method: 'POST',
        headers: { ...MCP_HEADERS, Origin: FOREIGN },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      }),
    ]) {
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});

describe('the authorization server', () => {
  it('answers an allowed origin’s preflight on the metadata, registration and token endpoints', async () => {
    for (const [path, method] of [
      ['/.well-known/oauth-authorization-server', 'GET'],
      ['/oauth/register', 'POST'],
      ['/oauth/token', 'POST'],
    ] as const) {
      const response = await preflight(new URL(path, amp.apiUrl).href, APP, method);
      expect(response.status, path).toBe(204);
      expectCorsFor(response, APP);
      expect(response.headers.get('access-control-allow-methods')).toBe(method);
      expect((response.headers.get('access-control-allow-headers') ?? '').toLowerCase()).toContain('content-type');
      expect(Number(response.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    }
  });

  it('gives an allowed origin the metadata, a registration and a token endpoint error it can read', async () => {
    const metadata = await fetch(new URL('/.well-known/oauth-authorization-server', amp.apiUrl), { headers: { Origin: APP } });
    expect(metadata.status).toBe(200);
    expectCorsFor(metadata, APP);

    const registration = await fetch(new URL('/oauth/register', amp.apiUrl), {
      method: 'POST',
      headers: { Origin: APP, 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_name: 'Browser agent', redirect_uris: [`${APP}/callback`], token_endpoint_auth_method: 'none' }),
    });
    expect(registration.status).toBe(201);
    expectCorsFor(registration, APP);
    const { client_id } = await registration.json();

    const token = await fetch(new URL('/oauth/token', amp.apiUrl), {
      method: 'POST',
      headers: { Origin: APP, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'not-a-code',
        client_id,
        redirect_uri: `${APP}/callback`,
        code_verifier: 'x'.repeat(43),
      }),
    });
    expect(token.status).toBe(400);
    expect((await token.json()).error).toBe('invalid_grant');
    expectCorsFor(token, APP);
  });

  it('refuses a foreign origin with 403 before the provider runs: no client is registered', async () => {
    const before = await amp.database.db
      .selectFrom('oauth_store')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('model', '=', 'Client')
      .executeTakeFirstOrThrow();
    const registration = await fetch(new URL('/oauth/register', amp.apiUrl), {
      method: 'POST',
      headers: { Origin: FOREIGN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_name: 'Foreign', redirect_uris: [`${FOREIGN}/callback`], token_endpoint_auth_method: 'none' }),
    });
    expect(registration.status).toBe(403);
    expect((await registration.json()).error).toBe('origin_rejected');
    expect(registration.headers.get('access-control-allow-origin')).toBeNull();
    const after = await amp.database.db
      .selectFrom('oauth_store')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('model', '=', 'Client')
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    for (const response of [
      await preflight(new URL('/oauth/token', amp.apiUrl).href, FOREIGN),
      await fetch(new URL('/.well-known/oauth-authorization-server', amp.apiUrl), { headers: { Origin: FOREIGN } }),
    ]) {
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});
