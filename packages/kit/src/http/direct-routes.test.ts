/**
 * The direct routes (direct-routes.ts) over real loopback HTTP: a plain POST to the MCP endpoint
 * or to a route a product names is served without Hono's dispatch, and answers exactly what the
 * app answers the same request in process (`app.request`, Hono's own pipeline): status, headers
 * and body, for answers, refusals, protocol errors and thrown errors alike. It keeps what the
 * pipeline promises: the correlation id (a caller's, its trace's, or a new one) echoed, the request
 * log line, the request metrics by route, the server span, the Host check, the credential guard
 * and its rate limit, and an answer written whole with its length. Requests that are not plain
 * (an Origin, a chunked or oversized body, a repeated header, a Host not served here) are left to
 * the app, which answers them as always, and a client that leaves mid-body harms nothing.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { platformErrors } from '../errors/index.ts';
import { createLogger } from '../log/index.ts';
import { createMcpEndpoint, type McpGuard } from '../mcp/endpoint.ts';
import { mountMcpEndpoint } from '../mcp/mount.ts';
import { defineTool } from '../mcp/tool.ts';
import { metricRegistry } from '../observe/metric-registry.ts';
import { createTracer, type FinishedSpan } from '../observe/tracer.ts';
import { createHttpApp } from './app.ts';
import { directRoutesOf, serveDirectly } from './direct-routes.ts';
import { listen, type RunningServer } from './serve.ts';

const lines: Array<Record<string, unknown>> = [];
const log = createLogger({
  name: 'direct-test',
  level: 'info',
  destination: new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  }),
});
const spans: FinishedSpan[] = [];
const tracer = createTracer({ export: (span) => spans.push(span), flush: async () => {} });

const whoami = defineTool({
  name: 'direct_whoami',
  title: 'Who am I',
  description: 'Answers with the caller.',
  input: z.strictObject({ note: z.string().optional() }),
  output: z.object({ subject: z.string() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  access: 'credential',
  run: (_args, scope) => ({ subject: scope.principal?.subject ?? 'nobody' }),
  text: (r) => r.subject,
});
const guard: McpGuard = {
  challenge: { resourceMetadataUrl: 'http://127.0.0.1/.well-known/oauth-protected-resource' },
  refusals: { missing: 'Send a token.', malformed: 'Not a bearer token.', invalid: 'Unknown token.', expired: 'Expired.', revoked: 'Revoked.' },
  async admit(request) {
    const token = /^Bearer (\S+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
    if (!token) return { failure: 'missing' };
    if (token !== 'ada-token' && token !== 'busy-token') return { failure: 'invalid' };
    const principal = { subject: token === 'ada-token' ? 'ada' : 'busy', credentialId: token, scopes: [] };
    return { principal, credential: token, limit: { allowed: token === 'ada-token', retryAfterSeconds: 7, remaining: 0 } };
  },
};

const app = createHttpApp({ log, allowedOrigins: ['http://127.0.0.1:9'], health: { dependencies: [] }, tracer, maxBodyBytes: 4096 });
// A product's middleware before a direct route runs on it as on any route.
app.use('/hot', async (c, next) => {
  await next();
  c.res.headers.set('X-Product-Middleware', 'ran');
});
app.post('/hot', async (c) => {
  const body = (await c.req.json()) as { fail?: boolean; crash?: boolean };
  if (body.fail) throw platformErrors.fail('invalid_arguments', 'The note is not acceptable.', { fields: [{ field: 'note', problem: 'is rude' }] });
  if (body.crash) throw new Error('secret internal detail');
  return c.json({ echo: body, correlationId: c.get('correlationId'), run: c.req.header('x-run-token') ?? null });
});
serveDirectly(app, ['/hot']);
const endpoint = createMcpEndpoint({ name: 'direct-test', version: '1.0.0', tools: [whoami], guard });
mountMcpEndpoint(app, endpoint);
const direct = directRoutesOf(app)!;

let server: RunningServer;
beforeAll(async () => {
  server = await listen(app.fetch, 0);
});
afterAll(async () => {
  await server.close();
  await endpoint.close();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const call = (id: number, args: unknown = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'direct_whoami', arguments: args } });
const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** Over the socket, with the Host, Content-Length and Connection Node's client adds; `rawHeaders` as sent. */
function overSocket(path: string, headers: Record<string, string>, body: string): Promise<Answer & { raw: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { method: 'POST', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: comparable(res.headers), body: Buffer.concat(chunks).toString(), raw: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The same request through Hono's pipeline in process. */
async function inProcess(path: string, headers: Record<string, string>, body: string): Promise<Answer> {
  const response = await app.request(`${server.url}${path}`, { method: 'POST', headers: { host: new URL(server.url).host, ...headers }, body });
  const all: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    all[name] = value;
  });
  return { status: response.status, headers: comparable(all), body: await response.text() };
}

/** What both ways must agree on: every header but the transport's own. */
function comparable(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name.toLowerCase())) continue;
    kept[name.toLowerCase()] = String(value);
  }
  return kept;
}

async function servedDirectly<T>(expected: boolean, send: () => Promise<T>): Promise<T> {
  const before = direct.served;
  const answer = await send();
  expect(direct.served - before).toBe(expected ? 1 : 0);
  return answer;
}

describe('a plain POST to a direct route', () => {
  const cases: Array<[string, string, Record<string, string>, string]> = [
    ['an admitted tool call', '/mcp', { ...mcpHeaders, authorization: 'Bearer ada-token' }, call(1, { note: 'hi' })],
    ['a call without a credential (401 challenge)', '/mcp', mcpHeaders, call(2)],
    ['a call with an unknown credential', '/mcp', { ...mcpHeaders, authorization: 'Bearer nope' }, call(3)],
    ['a call refused by the rate limit (429)', '/mcp', { ...mcpHeaders, authorization: 'Bearer busy-token' }, call(4)],
    ['a tool call with invalid arguments', '/mcp', { ...mcpHeaders, authorization: 'Bearer ada-token' }, call(5, { note: 7 })],
    ['a body that is not JSON', '/mcp', mcpHeaders, '{"jsonrpc": '],
    ['a wrong media type (415)', '/mcp', { 'content-type': 'text/plain' }, call(6)],
    ['an unacceptable Accept (406)', '/mcp', { 'content-type': 'application/json', accept: 'text/html' }, call(7)],
    ['a notification (202, no body)', '/mcp', mcpHeaders, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })],
    [
      'an initialize through the SDK',
      '/mcp',
      mcpHeaders,
      JSON.stringify({
        jsonrpc: '2.0',
        id: 8,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    ],
    ['a batch', '/mcp', { ...mcpHeaders, authorization: 'Bearer ada-token' }, `[${call(9)},${call(10)}]`],
    [
      'a modern-era discovery',
      '/mcp',
      { ...mcpHeaders, 'mcp-protocol-version': '2026-07-28' },
      JSON.stringify({ jsonrpc: '2.0', id: 11, method: 'server/discover', params: {} }),
    ],
    ["a product route's answer, after the product's middleware", '/hot', { 'content-type': 'application/json', 'x-run-token': 'run-1' }, '{"note":"hi"}'],
    ['a ToolError thrown by a route', '/hot', { 'content-type': 'application/json' }, '{"fail":true}'],
    ['an unexpected error thrown by a route (500, no detail)', '/hot', { 'content-type': 'application/json' }, '{"crash":true}'],
    ['a route body that is not JSON', '/hot', { 'content-type': 'application/json' }, 'nope'],
  ];
  for (const [what, path, headers, body] of cases) {
    it(`answers ${what} as the app does`, async () => {
      const withId = { ...headers, 'x-request-id': `same-${path.length}-${body.length}` };
      const socket = await servedDirectly(true, () => overSocket(path, withId, body));
      const app = await inProcess(path, withId, body);
      expect(socket.status).toBe(app.status);
      expect(socket.headers).toEqual(app.headers);
      expect(socket.body).toBe(app.body);
      // Written whole: a length, never chunked.
      if (socket.body !== '') expect(socket.raw['content-length']).toBe(String(Buffer.byteLength(socket.body)));
      expect(socket.raw['transfer-encoding']).toBeUndefined();
      expect(socket.body).not.toContain('secret internal detail');
    });
  }
});

describe('what the pipeline promises, kept on the direct path', () => {
  it('echoes a sane X-Request-Id, or a new one, and logs the request under it', async () => {
    const given = await servedDirectly(true, () =>
      overSocket('/mcp', { ...mcpHeaders, authorization: 'Bearer ada-token', 'x-request-id': 'direct-req-1' }, call(20)),
    );
    expect(given.raw['x-request-id']).toBe('direct-req-1');
    const made = await servedDirectly(true, () =>
      overSocket('/mcp', { ...mcpHeaders, authorization: 'Bearer ada-token', 'x-request-id': 'bad id!' }, call(21)),
    );
    // A new one: with tracing on, the server span's trace id (else a UUID).
    expect(made.raw['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    await new Promise((resolve) => setImmediate(resolve));
    const line = lines.find((l) => l.msg === 'request' && l.correlationId === 'direct-req-1');
    expect(line).toMatchObject({ method: 'POST', path: '/mcp', status: 200 });
    expect(typeof line?.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('ada-token');
  });

  it("follows a caller's traceparent: its trace id is the correlation id and the server span is its child", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const answer = await servedDirectly(true, () =>
      overSocket('/mcp', { ...mcpHeaders, authorization: 'Bearer ada-token', traceparent: `00-${traceId}-00f067aa0ba902b7-01` }, call(22)),
    );
    expect(answer.raw['x-request-id']).toBe(traceId);
    const span = spans.find((s) => s.traceId === traceId && s.kind === 'server');
    expect(span).toMatchObject({ name: 'POST /mcp', parentSpanId: '00f067aa0ba902b7', error: undefined });
    expect(span?.attributes).toMatchObject({ 'http.route': '/mcp', 'http.response.status_code': 200, 'http.request.method': 'POST' });
  });

  it('counts and times the request by route and status', async () => {
    const count = async (status: string) => {
      const metric = await metricRegistry.getSingleMetric('http_server_requests_total')!.get();
      return metric.values.find((v) => v.labels.http_route === '/mcp' && v.labels.http_response_status_code === status)?.value ?? 0;
    };
    const [ok, refused] = [await count('200'), await count('401')];
    await servedDirectly(true, () => overSocket('/mcp', { ...mcpHeaders, authorization: 'Bearer ada-token' }, call(23)));
    await servedDirectly(true, () => overSocket('/mcp', mcpHeaders, call(24)));
    expect(await count('200')).toBe(ok + 1);
    expect(await count('401')).toBe(refused + 1);
  });
});

describe('requests that are not plain are left to the app', () => {
  it('refuses a Host not served here, as the app does', async () => {
    const answer = await servedDirectly(false, () => overSocket('/mcp', { ...mcpHeaders, host: 'evil.example:80' }, call(30)));
    expect(answer.status).toBe(403);
  });

  it('answers an allowed Origin with CORS and refuses a foreign one', async () => {
    const allowed = await servedDirectly(false, () =>
      overSocket('/mcp', { ...mcpHeaders, authorization: 'Bearer ada-token', origin: 'http://127.0.0.1:9' }, call(31)),
    );
    expect(allowed.status).toBe(200);
    expect(allowed.raw['access-control-allow-origin']).toBe('http://127.0.0.1:9');
    const foreign = await servedDirectly(false, () => overSocket('/mcp', { ...mcpHeaders, origin: 'http://evil.example' }, call(32)));
    expect(foreign.status).toBe(403);
  });

  it('refuses a body over the limit (413) and reads a chunked one through the body limit', async () => {
    const big = await servedDirectly(false, () => overSocket('/mcp', mcpHeaders, call(33, { note: 'x'.repeat(5000) })));
    expect(big.status).toBe(413);
    const chunked = await servedDirectly(false, () =>
      overSocket('/mcp', { ...mcpHeaders, authorization: 'Bearer ada-token', 'transfer-encoding': 'chunked' }, call(34)),
    );
    expect(chunked.status).toBe(200);
  });

  it('leaves a request that repeats a header name to the app, which reads both values', async () => {
    const answer = await servedDirectly(false, () => rawRequest(['Authorization: Bearer ada-token', 'Authorization: Bearer nope'], call(35)));
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
  });

  it('serves GET and other paths through the app', async () => {
    const before = direct.served;
    const response = await fetch(`${server.url}/mcp`);
    expect(response.status).toBe(405);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect(direct.served).toBe(before);
  });

  it('survives a client that leaves before its body is sent, and serves the next', async () => {
    await new Promise<void>((resolve) => {
      const socket = connect(server.port, '127.0.0.1', () => {
        socket.end(`POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"jsonrpc":`);
      });
      // Whatever the server does with the half-sent request (answer or close), the socket is done with then.
      socket.on('data', () => socket.destroy());
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
      socket.setTimeout(2000, () => socket.destroy());
    });
    const next = await servedDirectly(true, () => overSocket('/mcp', { ...mcpHeaders, authorization: 'Bearer ada-token' }, call(36)));
    expect(next.status).toBe(200);
  });
});

/** A request written by hand (headers Node's client would not send twice); the whole answer as text. */
function rawRequest(extraHeaders: string[], body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => {
      const head = [
        'POST /mcp HTTP/1.1',
        `Host: 127.0.0.1:${server.port}`,
        'Content-Type: application/json',
        'Accept: application/json',
        ...extraHeaders,
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
      ];
      socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
    });
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}
