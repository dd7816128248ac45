/**
 * The MCP endpoint's own contract, over real loopback HTTP with a minimal tool set: refusals
 * before any work (405, 406, 413, 415, parse errors, unsupported versions, batches where an era
 * has none), both protocol eras through the official client, the 401 challenges of credential
 * tools, 429 and 503 from the guard, and a scope the credential lacks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createHttpApp } from '../http/app.ts';
import { listen, type RunningServer } from '../http/serve.ts';
import { createLogger } from '../log/index.ts';
import { MCP_HEADERS, connectClient, rpc } from '../testing/mcp-client.ts';
import { createMcpEndpoint, type Admission } from './endpoint.ts';
import { mountMcpEndpoint } from './mount.ts';
import { defineTool } from './tool.ts';

const annotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const echo = defineTool({
  name: 'echo',
  title: 'Echo',
  description: 'Answers with its text.',
  input: z.strictObject({ text: z.string() }),
  output: z.object({ text: z.string() }),
  annotations,
  run: (args) => ({ text: args.text }),
  text: (r) => r.text,
});
const notes: string[] = [];
const addNote = defineTool({
  name: 'add_note',
  title: 'Add a note',
  description: 'Stores a note for the caller.',
  input: z.strictObject({ note: z.string() }),
  output: z.object({ stored: z.string(), by: z.string() }),
  annotations: { ...annotations, readOnlyHint: false },
  access: { scopes: ['notes:write'] },
  run: (args, scope) => {
    notes.push(args.note);
    return { stored: args.note, by: scope.principal!.subject };
  },
  text: (r) => `stored ${r.stored}`,
});

/** Tokens the guard knows, each standing for one way a credential check can end. */
function admit(request: Request): Admission {
  const token = /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  if (request.headers.get('authorization') === null) return { failure: 'missing' };
  if (!token) return { failure: 'malformed' };
  if (token === 'broken') throw new Error('credential store down');
  const principal = { subject: 'ada', credentialId: `cred-${token}`, scopes: token === 'narrow' ? [] : ['notes:write'] };
  if (token === 'limited') return { principal, limit: { allowed: false, retryAfterSeconds: 9, remaining: 0 } };
  if (token === 'good' || token === 'narrow') return { principal };
  return { failure: 'invalid' };
}

let server: RunningServer;
let close: () => Promise<void>;
beforeAll(async () => {
  const log = createLogger({ name: 'endpoint-test', level: 'silent' });
  const app = createHttpApp({ log, allowedOrigins: [], health: { dependencies: [] } });
  const endpoint = createMcpEndpoint({
    name: 'kit-endpoint-test',
    version: '1.0.0',
    tools: [echo, addNote],
    maxBodyBytes: 4096,
    guard: {
      challenge: { realm: 'kit-test' },
      refusals: { missing: 'Send a token.', malformed: 'Not a bearer token.', invalid: 'Unknown token.', expired: 'Expired.', revoked: 'Revoked.' },
      admit: async (request) => admit(request),
    },
  });
  mountMcpEndpoint(app, endpoint);
  server = await listen(app.fetch, 0);
  close = async () => {
    await server.close();
    await endpoint.close();
  };
});
afterAll(async () => {
  await close?.();
});

const call = (name: string, args: unknown, headers: Record<string, string> = {}) =>
  rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, { headers });

describe('the MCP endpoint refuses before any work', () => {
  it('answers every method but POST with 405 and Allow: POST', async () => {
    const response = await fetch(`${server.url}/mcp`, { headers: { Accept: 'text/event-stream' } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('answers a body that is not JSON-typed with 415, and an Accept without JSON with 406', async () => {
    const typed = await rpc(server.url, '{}', { headers: { 'Content-Type': 'text/plain' } });
    expect(typed.status).toBe(415);
    const accepted = await rpc(server.url, '{}', { headers: { Accept: 'text/html' } });
    expect(accepted.status).toBe(406);
  });

  it('answers an oversized body with 413', async () => {
    const answer = await call('echo', { text: 'x'.repeat(5000) });
    expect(answer.status).toBe(413);
    expect(answer.json.error.message).toContain('4096');
  });

  it('answers malformed JSON with a JSON-RPC parse error', async () => {
    const answer = await rpc(server.url, '{"jsonrpc": "2.0", "id": 1,');
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
  });

  it('refuses an unsupported protocol version, and a batch in an era without batches', async () => {
    const version = await rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { protocolVersion: '1999-01-01' });
    expect(version.status).toBe(400);
    expect(version.json.error.message).toContain('Unsupported MCP-Protocol-Version');
    const batch = await rpc(server.url, [{ jsonrpc: '2.0', id: 1, method: 'tools/list' }], { protocolVersion: '2025-06-18' });
    expect(batch.status).toBe(400);
    expect(batch.json.error.message).toContain('has no batches');
  });

  it('answers a batch in the 2025-03-26 era, one answer per request', async () => {
    const batch = await rpc(
      server.url,
      [
        { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'echo', arguments: { text: 'one' } } },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 'b', method: 'tools/call', params: { name: 'echo', arguments: { text: 'two' } } },
      ],
      { protocolVersion: '2025-03-26' },
    );
    expect(batch.status).toBe(200);
    expect(batch.json.map((answer: { id: string; result: { structuredContent: unknown } }) => [answer.id, answer.result.structuredContent])).toEqual([
      ['a', { text: 'one' }],
      ['b', { text: 'two' }],
    ]);
  });
});

describe('the MCP endpoint serves both protocol eras', () => {
  it('serves the 2025 era through initialize and a tool call', async () => {
    const client = await connectClient(server.url);
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['echo', 'add_note']);
      expect((await client.callTool({ name: 'echo', arguments: { text: 'hi' } })).structuredContent).toEqual({ text: 'hi' });
    } finally {
      await client.close();
    }
  });

  it('serves the 2026-07-28 era through server/discover, never initialize', async () => {
    const methods: string[] = [];
    const recording = async (url: string | URL, init?: RequestInit) => {
      if (typeof init?.body === 'string') methods.push((JSON.parse(init.body) as { method?: string }).method ?? '?');
      return fetch(url, init);
    };
    const client = new Client({ name: 'modern', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.url), { fetch: recording as typeof fetch }));
    try {
      expect(methods[0]).toBe('server/discover');
      expect(methods).not.toContain('initialize');
      expect((await client.callTool({ name: 'echo', arguments: { text: 'new era' } })).structuredContent).toEqual({ text: 'new era' });
    } finally {
      await client.close();
    }
  });
});

describe('the MCP endpoint admits credential tools', () => {
  it('challenges a call without a credential with 401 and no error code, and a refused one with invalid_token', async () => {
    const missing = await call('add_note', { note: 'n' });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer realm="kit-test"/);
    expect(missing.headers.get('www-authenticate')).not.toContain('error=');
    const refused = await call('add_note', { note: 'n' }, { Authorization: 'Bearer wrong' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(refused.json.error).toMatchObject({ code: 'invalid_token', message: 'Unknown token.', reason: 'invalid', retryable: false });
    const malformed = await call('add_note', { note: 'n' }, { Authorization: 'Basic abc' });
    expect(malformed.json.error.reason).toBe('malformed');
    expect(notes).toEqual([]);
  });

  it('lets public tools through without a credential', async () => {
    expect((await call('echo', { text: 'open' })).json.result.structuredContent).toEqual({ text: 'open' });
  });

  it('runs a credential tool for a credential holding its scope', async () => {
    const answer = await call('add_note', { note: 'kept' }, { Authorization: 'Bearer good' });
    expect(answer.json.result.structuredContent).toEqual({ stored: 'kept', by: 'ada' });
    expect(notes).toEqual(['kept']);
  });

  it('answers a credential without the tool’s scope with the tool error insufficient_scope naming it', async () => {
    const answer = await call('add_note', { note: 'refused' }, { Authorization: 'Bearer narrow' });
    expect(answer.status).toBe(200);
    expect(answer.json.result.isError).toBe(true);
    expect(answer.json.result.structuredContent.error).toMatchObject({ code: 'insufficient_scope', details: { missingScopes: ['notes:write'] } });
    expect(notes).toEqual(['kept']);
  });

  it('answers an exhausted limit with 429, Retry-After and details.retryAfterSeconds', async () => {
    const answer = await call('add_note', { note: 'later' }, { Authorization: 'Bearer limited' });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('9');
    expect(answer.json.error).toMatchObject({ code: 'rate_limited', retryable: true, details: { retryAfterSeconds: 9 } });
  });

  it('answers a credential check that fails with 503 unavailable, nothing written', async () => {
    const answer = await call('add_note', { note: 'lost' }, { Authorization: 'Bearer broken' });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(answer.json.error).toMatchObject({ code: 'unavailable', retryable: true });
    expect(notes).toEqual(['kept']);
  });
});

it('sends JSON, never SSE, to a client that accepts both', async () => {
  const response = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { ...MCP_HEADERS, 'MCP-Protocol-Version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
});

it('echoes the caller’s X-Request-Id once on every answer: a tool call, a batch, a refusal', async () => {
  const traced = { 'X-Request-Id': 'trace-7' };
  const single = await call('echo', { text: 'traced' }, traced);
  expect(single.headers.get('x-request-id')).toBe('trace-7');
  expect(single.headers.get('content-type')).toBe('application/json');
  const batch = await rpc(server.url, [{ jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'echo', arguments: { text: 'one' } } }], {
    protocolVersion: '2025-03-26',
    headers: traced,
  });
  expect(batch.headers.get('x-request-id')).toBe('trace-7');
  const refused = await rpc(server.url, '{"jsonrpc": "2.0",', { headers: traced });
  expect(refused.status).toBe(400);
  expect(refused.headers.get('x-request-id')).toBe('trace-7');
});
