/**
 * `GET /metrics` over real loopback HTTP after real MCP calls: tool calls counted by outcome (ok
 * or the error's code) and timed, HTTP requests by route and status with bounded labels (paths
 * nothing answers share one label value, an id in a path never becomes one), and the access rule:
 * a local scraper is answered, a peer elsewhere or a request through a forwarding proxy only with
 * the metrics token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ToolError } from '../errors/index.ts';
import { createHttpApp } from '../http/app.ts';
import { listen, type RunningServer } from '../http/serve.ts';
import { createLogger } from '../log/index.ts';
import { createMcpEndpoint } from '../mcp/endpoint.ts';
import { mountMcpEndpoint } from '../mcp/mount.ts';
import { defineTool } from '../mcp/tool.ts';
import { callTool } from '../testing/mcp-client.ts';
import { labelValues, parseExposition, sampleSum, scrapeMetrics } from '../testing/scrape-metrics.ts';

const annotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const lookUp = defineTool({
  name: 'metrics_test_look_up',
  title: 'Look up',
  description: 'Answers with its word, or refuses the word "missing".',
  input: z.strictObject({ word: z.string() }),
  output: z.object({ word: z.string() }),
  annotations,
  run: (args) => {
    if (args.word === 'missing') throw new ToolError('not_found', 'No such word.', false);
    return { word: args.word };
  },
  text: (r) => r.word,
});

const TOKEN = 'scrape-token-for-tests';
const log = createLogger({ name: 'metrics-test', level: 'silent' });
const app = createHttpApp({
  log,
  allowedOrigins: [],
  health: { dependencies: [] },
  service: { name: 'metrics-test', version: '1.2.3' },
  metrics: { token: TOKEN },
});
app.get('/items/:itemId', (c) => c.json({ id: c.req.param('itemId') }));
const endpoint = createMcpEndpoint({ name: 'metrics-test', version: '1.0.0', tools: [lookUp] });
mountMcpEndpoint(app, endpoint);

/** What @hono/node-server hands the app for a request from another machine. */
const fromElsewhere = { incoming: { socket: { remoteAddress: '203.0.113.9' } } };
const LOCAL_HOST = { Host: '127.0.0.1' };

let server: RunningServer;
beforeAll(async () => {
  server = await listen(app.fetch, 0);
});
afterAll(async () => {
  await server.close();
  await endpoint.close();
});

describe('GET /metrics', () => {
  it('counts tool calls by outcome, ok or the error code, and times them', async () => {
    const before = await scrapeMetrics(server.url);
    expect(before.status).toBe(200);
    for (const word of ['one', 'two', 'missing']) await callTool(server.url, 'metrics_test_look_up', { word });
    await callTool(server.url, 'metrics_test_look_up', { word: 42 });
    const after = await scrapeMetrics(server.url);
    const calls = (outcome: string) => sampleSum(after, 'mcp_server_tool_calls_total', { gen_ai_tool_name: 'metrics_test_look_up', outcome });
    const callsBefore = (outcome: string) => sampleSum(before, 'mcp_server_tool_calls_total', { gen_ai_tool_name: 'metrics_test_look_up', outcome });
    expect(calls('ok') - callsBefore('ok')).toBe(2);
    expect(calls('not_found') - callsBefore('not_found')).toBe(1);
    expect(calls('invalid_arguments') - callsBefore('invalid_arguments')).toBe(1);
    const timed = { mcp_method_name: 'tools/call', gen_ai_tool_name: 'metrics_test_look_up' };
    expect(sampleSum(after, 'mcp_server_operation_duration_seconds_count', { ...timed, error_type: '' })).toBe(calls('ok'));
    expect(sampleSum(after, 'mcp_server_operation_duration_seconds_count', { ...timed, error_type: 'not_found' })).toBe(calls('not_found'));
    expect(sampleSum(after, 'mcp_server_operation_duration_seconds_bucket', { ...timed, error_type: 'not_found', le: '+Inf' })).toBe(calls('not_found'));
    expect(
      sampleSum(after, 'http_server_requests_total', { http_request_method: 'POST', http_route: '/mcp', http_response_status_code: '200' }),
    ).toBeGreaterThanOrEqual(4);
  });

  it('labels a request by its route pattern, and every path nothing answers alike', async () => {
    for (const path of ['/items/a1', '/items/b2', '/nowhere/x1', '/nowhere/y2', '/secret-link/abcdef']) await fetch(new URL(path, server.url));
    const scrape = await scrapeMetrics(server.url);
    const routes = labelValues(scrape, 'http_server_requests_total', 'http_route');
    expect(routes).toContain('/items/:itemId');
    expect(routes).toContain('unmatched');
    expect([...routes].filter((route) => /a1|b2|nowhere|secret|abcdef/.test(route))).toEqual([]);
    expect(sampleSum(scrape, 'http_server_requests_total', { http_route: 'unmatched', http_response_status_code: '404' })).toBeGreaterThanOrEqual(3);
    expect(
      sampleSum(scrape, 'http_server_request_duration_seconds_count', { http_route: '/items/:itemId', http_request_method: 'GET' }),
    ).toBeGreaterThanOrEqual(2);
  });

  it('keeps a method nobody defined out of the labels', async () => {
    // Node's HTTP parser refuses such a method before any app sees it; a runtime that passes it on reaches the app.
    await app.request('http://127.0.0.1/items/a1', { method: 'FROBNICATE', headers: LOCAL_HOST });
    const scrape = await scrapeMetrics(server.url);
    expect(labelValues(scrape, 'http_server_requests_total', 'http_request_method')).not.toContain('FROBNICATE');
    expect(sampleSum(scrape, 'http_server_requests_total', { http_request_method: '_OTHER' })).toBeGreaterThanOrEqual(1);
  });

  it('serves build info and the process metrics: event-loop lag and heap', async () => {
    const scrape = await scrapeMetrics(server.url);
    expect(sampleSum(scrape, 'service_build_info', { service_name: 'metrics-test', service_version: '1.2.3' })).toBe(1);
    expect(scrape.samples.some((sample) => sample.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    expect(scrape.samples.some((sample) => sample.name === 'nodejs_heap_size_used_bytes')).toBe(true);
  });

  it('refuses a peer on another machine without the token, and answers it with the token', async () => {
    const refused = await app.request('http://127.0.0.1/metrics', { headers: LOCAL_HOST }, fromElsewhere);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    const body = (await refused.json()) as { error: { code: string; correlationId: string } };
    expect(body.error.code).toBe('unauthorized');
    expect(body.error.correlationId).toBe(refused.headers.get('x-request-id'));
    expect((await app.request('http://127.0.0.1/metrics', { headers: { ...LOCAL_HOST, Authorization: 'Bearer wrong-token' } }, fromElsewhere)).status).toBe(
      401,
    );
    const allowed = await app.request('http://127.0.0.1/metrics', { headers: { ...LOCAL_HOST, Authorization: `Bearer ${TOKEN}` } }, fromElsewhere);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('content-type')).toContain('text/plain');
    expect(parseExposition(await allowed.text()).some((sample) => sample.name === 'http_server_requests_total')).toBe(true);
  });

  it('treats a request through a forwarding proxy on this machine as from elsewhere', async () => {
    for (const header of [{ 'X-Forwarded-For': '203.0.113.9' }, { Forwarded: 'for=203.0.113.9' }] as Record<string, string>[]) {
      expect((await scrapeMetrics(server.url, header)).status).toBe(401);
    }
    expect((await scrapeMetrics(server.url, { 'X-Forwarded-For': '203.0.113.9', Authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it('without a token configured, answers only local scrapers', async () => {
    const localOnly = createHttpApp({ log, allowedOrigins: [], health: { dependencies: [] } });
    expect((await localOnly.request('http://127.0.0.1/metrics', { headers: { ...LOCAL_HOST, Authorization: 'Bearer anything' } }, fromElsewhere)).status).toBe(
      401,
    );
    const local = await listen(localOnly.fetch, 0);
    try {
      expect((await scrapeMetrics(local.url)).status).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('serves no /metrics when an app turns it off', async () => {
    const quiet = createHttpApp({ log, allowedOrigins: [], health: { dependencies: [] }, metrics: false });
    expect((await quiet.request('http://127.0.0.1/metrics', { headers: LOCAL_HOST })).status).toBe(404);
  });
});
