/**
 * A server where every request needs a credential (`guard.every`, and the guarded mount that
 * picks an endpoint per principal), over real loopback HTTP: a tokenless request is the 401
 * challenge whatever it holds (a public tool, a malformed body), with the verifier's own words;
 * a wrong method is still 405 first; an admitted call's tools see the principal and the verified
 * credential; a principal the product singles out is answered by its own endpoint. And a server
 * of single messages (no batches in any era) refusing every body that is not one JSON object.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createHttpApp } from '../http/app.ts';
import { listen, type RunningServer } from '../http/serve.ts';
import { createLogger } from '../log/index.ts';
import { createMcpEndpoint, type McpGuard } from './endpoint.ts';
import { mountGuardedMcpEndpoints, mountMcpEndpoint } from './mount.ts';
import { defineTool } from './tool.ts';

const annotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const whoami = defineTool({
  name: 'whoami',
  title: 'Who am I',
  description: 'Answers with the caller and the credential it was admitted with.',
  input: z.strictObject({}),
  output: z.object({ subject: z.string(), credential: z.string() }),
  annotations,
  run: (_args, scope) => ({ subject: scope.principal?.subject ?? 'nobody', credential: scope.credential ?? 'none' }),
  text: (r) => r.subject,
});
const staffOnly = defineTool({
  name: 'staff_only',
  title: 'Staff only',
  description: 'Listed for staff principals only.',
  input: z.strictObject({}),
  output: z.object({ ok: z.boolean() }),
  annotations,
  run: () => ({ ok: true }),
  text: () => 'ok',
});

const guard: McpGuard = {
  every: true,
  challenge: { resourceMetadataUrl: 'http://127.0.0.1/.well-known/oauth-protected-resource' },
  refusals: { missing: 'Send a token.', malformed: 'Not a bearer token.', invalid: 'Unknown token.', expired: 'Expired.', revoked: 'Revoked.' },
  async admit(request) {
    const header = request.headers.get('authorization');
    if (header === null) return { failure: 'missing', description: 'The verifier says: no token.' };
    const token = /^Bearer (\S+)$/.exec(header)?.[1];
    if (!token) return { failure: 'malformed' };
    if (token !== 'ada-token' && token !== 'staff-token') return { failure: 'invalid' };
    return { principal: { subject: token === 'staff-token' ? 'grace' : 'ada', credentialId: token, scopes: [] }, credential: token };
  },
};

let server: RunningServer;
const endpoints: Array<{ close(): Promise<void> }> = [];
beforeAll(async () => {
  const app = createHttpApp({ log: createLogger({ name: 'guard-test', level: 'silent' }), allowedOrigins: [], health: { dependencies: [] } });
  const make = (tools: Parameters<typeof createMcpEndpoint>[0]['tools'], singleMessages = false) => {
    const endpoint = createMcpEndpoint({ name: 'guard-test', version: '1.0.0', tools, guard, singleMessages });
    endpoints.push(endpoint);
    return endpoint;
  };
  const plain = make([whoami]);
  const staff = make([whoami, staffOnly]);
  mountMcpEndpoint(app, make([whoami]), { path: '/every' });
  mountMcpEndpoint(app, make([whoami], true), { path: '/single' });
  mountGuardedMcpEndpoints(app, { paths: ['/mcp'], guard, endpoint: plain, endpointFor: (principal) => (principal.subject === 'grace' ? staff : plain) });
  server = await listen(app.fetch, 0);
});
afterAll(async () => {
  await server?.close();
  await Promise.all(endpoints.map((endpoint) => endpoint.close()));
});

for (const path of ['/every', '/mcp']) {
  describe(`every request needs a credential (${path})`, () => {
    it('challenges a tokenless call of a tool that needs no scope with 401, in the verifier’s words', async () => {
      const answer = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toContain('resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource"');
      expect((await answer.json()).error).toMatchObject({ code: 'unauthorized', message: 'The verifier says: no token.' });
    });

    it('challenges before reading the body: a malformed body without a token is 401, not a parse error', async () => {
      const answer = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"jsonrpc": ' });
      expect(answer.status).toBe(401);
      const refused = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer nope' },
        body: '{}',
      });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    });

    it('still answers a wrong method 405 first', async () => {
      expect((await fetch(`${server.url}${path}`)).status).toBe(405);
    });

    it('hands the principal and the verified credential to the tools', async () => {
      const answer = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: 'Bearer ada-token' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {} } }),
      });
      expect(answer.status).toBe(200);
      expect((await answer.json()).result.structuredContent).toEqual({ subject: 'ada', credential: 'ada-token' });
    });
  });
}

describe('a server of single messages', () => {
  it('answers any body that is not one JSON object 400 invalid_request with data.code, batches included', async () => {
    for (const body of ['', '42', '[]', '{not json', 'null', JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }])]) {
      const answer = await fetch(`${server.url}/single`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ada-token', 'MCP-Protocol-Version': '2025-03-26' },
        body,
      });
      expect(answer.status, body).toBe(400);
      expect((await answer.json()).error.data.code, body).toBe('invalid_request');
    }
  });
});

describe('the guarded mount', () => {
  it('answers each principal from the endpoint chosen for it', async () => {
    const list = async (token: string) => {
      const answer = await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      return ((await answer.json()).result.tools as Array<{ name: string }>).map((tool) => tool.name).sort();
    };
    expect(await list('ada-token')).toEqual(['whoami']);
    expect(await list('staff-token')).toEqual(['staff_only', 'whoami']);
  });
});
