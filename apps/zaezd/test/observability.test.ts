/**
 * zaezd's metrics and traces (issue 40), black-box over loopback: after real tool calls its own
 * /metrics counts them by outcome and serves only local scrapers (or the METRICS_TOKEN bearer);
 * a caller's traceparent is the answer's correlation id and reaches Tutu (on the MCP POSTs zaezd
 * sends it) and the weather service in the same trace.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTraceparent } from '@agent-products/kit/observe';
import { rpc, sampleSum, scrapeMetrics } from '@agent-products/kit/testing';
import { startJsonServer, type JsonServer } from './support/json-server.ts';
import { startStack, type RunningStack } from './support/start-stack.ts';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const TRACEPARENT = `00-${TRACE_ID}-b7ad6b7169203331-01`;
const REQUEST = { topics: ['jazz'], origin: 'Москва', date_from: '2026-12-01', date_to: '2026-12-31', adults: 2 };

/** A relay in front of the Tutu stand-in that remembers the traceparent of every request zaezd sends it. */
let relay: Server;
let relayTarget = '';
const tutuTraces: Array<string | undefined> = [];
const weatherTraces: Array<string | undefined> = [];
let weather: JsonServer;
let stack: RunningStack;

beforeAll(async () => {
  relay = createServer((req, res) => {
    tutuTraces.push(req.headers.traceparent as string | undefined);
    const target = new URL(req.url ?? '/', relayTarget);
    const forwarded = httpRequest(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forwarded.on('error', () => res.writeHead(502).end());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  weather = await startJsonServer((_url, req) => {
    weatherTraces.push(req.headers.traceparent as string | undefined);
    return { status: 503, body: { error: 'no forecast here' } };
  });
  stack = await startStack({ tutuUrl: `http://127.0.0.1:${(relay.address() as AddressInfo).port}/mcp`, weatherUrl: weather.url });
  relayTarget = stack.simUrl;
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  await weather?.close();
  await new Promise((resolve) => relay?.close(resolve));
});

const call = (name: string, args: Record<string, unknown>, headers: Record<string, string> = {}) =>
  rpc(stack.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, { headers });
const findTrips = (args: Record<string, unknown>, headers: Record<string, string> = {}) => call('find_event_trips', args, headers);

describe('traces', () => {
  it('a caller’s traceparent is the correlation id and reaches Tutu and the weather service', async () => {
    const answer = await findTrips(REQUEST, { traceparent: TRACEPARENT });
    expect(answer.status).toBe(200);
    expect(answer.json.result.isError).toBeFalsy();
    expect(answer.headers.get('x-request-id')).toBe(TRACE_ID);
    const toTutu = tutuTraces.map(parseTraceparent).filter((trace) => trace?.traceId === TRACE_ID);
    expect(toTutu.length).toBeGreaterThan(0);
    // A package's details ask the weather service for the forecast.
    const details = await call('get_trip_details', { trip_id: answer.json.result.structuredContent.trip_id, package: 1 }, { traceparent: TRACEPARENT });
    expect(details.json.result.isError).toBeFalsy();
    expect(weatherTraces.map((header) => parseTraceparent(header)?.traceId)).toContain(TRACE_ID);
  });
});

describe('GET /metrics', () => {
  it('counts find_event_trips by outcome after real calls', async () => {
    const before = await scrapeMetrics(stack.url);
    await findTrips({ ...REQUEST, date_from: '2026-12-02' });
    await findTrips({ topics: ['jazz'] });
    const after = await scrapeMetrics(stack.url);
    const delta = (outcome: string) =>
      sampleSum(after, 'mcp_server_tool_calls_total', { gen_ai_tool_name: 'find_event_trips', outcome }) -
      sampleSum(before, 'mcp_server_tool_calls_total', { gen_ai_tool_name: 'find_event_trips', outcome });
    expect(delta('ok')).toBe(1);
    expect(delta('invalid_arguments')).toBe(1);
    expect(sampleSum(after, 'service_build_info', { service_name: 'zaezd' })).toBe(1);
  });

  it('is refused to a request from elsewhere (through a forwarding proxy) without the token', async () => {
    const refused = await scrapeMetrics(stack.url, { 'X-Forwarded-For': '203.0.113.9' });
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text).error.code).toBe('unauthorized');
  });
});
