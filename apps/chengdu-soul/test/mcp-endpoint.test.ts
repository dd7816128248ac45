/**
 * The `/mcp` endpoint over real HTTP: both 2025 protocol versions answered as JSON, the
 * 2026-07-28 discovery, and every refusal before any work (405, 403, 413, 415, parse errors).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { MCP_HEADERS, connectClient, rpc } from '@agent-products/kit/testing';
import { BUNDLED_VERSION, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

let server: RunningChengdu;
beforeAll(async () => {
  server = await startChengdu();
});
afterAll(async () => {
  await server?.stop();
});

const initialize = (protocolVersion: string, id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw-test', version: '1.0.0' } },
});

describe('2025-era initialization', () => {
  for (const version of ['2025-06-18', '2025-03-26']) {
    it(`answers ${version} initialize as application/json echoing the version, with no session id`, async () => {
      const answer = await rpc(server.url, initialize(version), { protocolVersion: null });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(answer.headers.get('mcp-session-id')).toBeNull();
      expect(answer.json.id).toBe(1);
      expect(answer.json.result.protocolVersion).toBe(version);
      expect(answer.json.result.serverInfo.name).toBe('chengdu-soul');
      expect(answer.json.result.capabilities.tools).toBeDefined();
    });

    it(`serves tools/list and tools/call with MCP-Protocol-Version ${version} as JSON`, async () => {
      const list = await rpc(server.url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { protocolVersion: version });
      expect(list.headers.get('content-type')).toMatch(/^application\/json/);
      expect(list.json.result.tools.map((t: { name: string }) => t.name).sort()).toEqual([
        'confirm_chengdu_draft',
        'get_chengdu_scene',
        'list_chengdu_scenes',
        'propose_chengdu_itinerary',
        'revise_chengdu_draft',
        'search_chengdu_scenes',
      ]);
      const call = await rpc(
        server.url,
        { jsonrpc: '2.0', id: 'call-3', method: 'tools/call', params: { name: 'search_chengdu_scenes', arguments: { query: '熊猫' } } },
        { protocolVersion: version },
      );
      expect(call.json.id).toBe('call-3');
      expect(call.json.result.structuredContent.status).toBe('ok');
    });
  }

  it('answers notifications/initialized with 202 and no body', async () => {
    const answer = await rpc(server.url, { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(answer.status).toBe(202);
    expect(answer.text).toBe('');
  });

  it('answers ping', async () => {
    const answer = await rpc(server.url, { jsonrpc: '2.0', id: 9, method: 'ping' });
    expect(answer.json).toEqual({ jsonrpc: '2.0', id: 9, result: {} });
  });

  it('answers an unknown method with a JSON-RPC method-not-found error', async () => {
    const answer = await rpc(server.url, { jsonrpc: '2.0', id: 10, method: 'no/such-method' });
    expect(answer.status).toBe(200);
    expect(answer.json.error.code).toBe(-32601);
  });

  it('refuses an unsupported MCP-Protocol-Version header with 400', async () => {
    const answer = await rpc(server.url, { jsonrpc: '2.0', id: 11, method: 'tools/list' }, { protocolVersion: '1999-01-01' });
    expect(answer.status).toBe(400);
    expect(answer.json.error.message).toContain('1999-01-01');
  });

  it('answers a 2025-03-26 batch in order', async () => {
    const answer = await rpc(
      server.url,
      [
        { jsonrpc: '2.0', id: 'a', method: 'ping' },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 'b', method: 'tools/list' },
      ],
      { protocolVersion: '2025-03-26' },
    );
    expect(answer.status).toBe(200);
    expect(answer.json.map((m: { id: string }) => m.id)).toEqual(['a', 'b']);
  });
});

describe('the official SDK client', () => {
  it('connects with the plain 2025 handshake and calls a tool', async () => {
    const client = await connectClient(server.url);
    try {
      const result = await client.callTool({ name: 'list_chengdu_scenes', arguments: {} });
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as { catalogVersion: string }).catalogVersion).toBe(BUNDLED_VERSION);
    } finally {
      await client.close();
    }
  });

  it('negotiates the 2026-07-28 era through server/discover and calls a tool', async () => {
    const sent: Array<{ method: string; status: number }> = [];
    const recordingFetch = async (url: string | URL, init?: RequestInit) => {
      const response = await fetch(url, init);
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { method?: string }) : {};
      sent.push({ method: body.method ?? init?.method ?? '?', status: response.status });
      return response;
    };
    const client = new Client({ name: 'modern-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', server.url), { fetch: recordingFetch as typeof fetch }));
    try {
      expect(sent[0]).toEqual({ method: 'server/discover', status: 200 });
      expect(sent.map((s) => s.method)).not.toContain('initialize');
      const result = await client.callTool({ name: 'search_chengdu_scenes', arguments: { query: 'quiet park' } });
      expect((result.structuredContent as { status: string }).status).toBe('ok');
    } finally {
      await client.close();
    }
  });

  it('answers a raw enveloped server/discover with the supported versions', async () => {
    const answer = await rpc(
      server.url,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'server/discover',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      },
      { protocolVersion: '2026-07-28', headers: { 'Mcp-Method': 'server/discover' } },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.stringify(answer.json.result)).toContain('2026-07-28');
  });
});

describe('refusals before any work', () => {
  it('answers GET and DELETE with 405 and Allow: POST', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(new URL('/mcp', server.url), { method, headers: { Accept: 'application/json, text/event-stream' } });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });

  it('refuses a foreign Origin with 403 and a listed Origin passes', async () => {
    const foreign = await rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, { headers: { Origin: 'https://evil.example.com' } });
    expect(foreign.status).toBe(403);
    const own = await rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, { headers: { Origin: server.url } });
    expect(own.status).toBe(200);
  });

  it('refuses a Host that is not loopback (DNS rebinding) with 403', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: server.port, path: '/mcp', method: 'POST', headers: { ...MCP_HEADERS, Host: 'evil.example.com' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    });
    expect(status).toBe(403);
  });

  it('refuses a body over 1 MiB with 413, declared or chunked', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(1024 * 1024) } });
    const declared = await rpc(server.url, big);
    expect(declared.status).toBe(413);
    const chunked = await fetch(new URL('/mcp', server.url), {
      method: 'POST',
      headers: MCP_HEADERS,
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(big));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('answers malformed JSON with a JSON-RPC parse error, not a 500', async () => {
    const answer = await rpc(server.url, '{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe(-32700);
  });

  it('answers a non-JSON-RPC body as an invalid request', async () => {
    const answer = await rpc(server.url, { hello: 'world' });
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });

  it('refuses a non-JSON content type with 415', async () => {
    const response = await fetch(new URL('/mcp', server.url), {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    expect(response.status).toBe(415);
  });
});
