/**
 * &'s metrics and traces (issue 40), black-box over loopback: a caller's traceparent is the MCP
 * service's correlation id, is forwarded to the API on the hop (the traceparent header as it
 * reached the API's socket), is the API's correlation id in its log, and is the correlation id
 * of a run record a request starts. Each service's /metrics counts its tool calls by outcome and
 * its routes by pattern (never an id), grants issued and revoked, and serves a scraper elsewhere
 * only with METRICS_TOKEN. Tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT names a plain OTLP/HTTP
 * receiver this test starts): one call's spans arrive from both services in one trace.
 */
import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@agent-products/kit/log';
import { parseTraceparent } from '@agent-products/kit/observe';
import { labelValues, rpc, sampleSum, scrapeMetrics, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '@agent-products/kit/testing';
import { FirstPartyClients } from '../src/identity/visibility.ts';
import { authorizedAgent, type Agent } from './support/loop-agent.ts';
import { startModelStandIn, type ModelStandIn } from './support/model-stand-in.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

const TRACE_ID = '5b8efff798038103d269b633813fc60c';
const TRACEPARENT = `00-${TRACE_ID}-eee19b7ec3c1b174-01`;
const METRICS_TOKEN = 'ampersand-metrics-token-for-tests';

const apiHeaders: IncomingMessage['headers'][] = [];
const lines: Array<Record<string, any>> = [];
let amp: RunningAmpersand;
let mara: Agent;
let issuedBefore: number;
let receiver: OtlpReceiver;
let model: ModelStandIn;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  model = await startModelStandIn();
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  // Each service reads the OTEL settings when it is built, as at startup.
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
  try {
    amp = await startAmpersand({
      settings: { metricsToken: METRICS_TOKEN, modelUrl: model.url },
      log: createLogger({ name: 'ampersand-test', level: 'info', destination }),
      onApiRequest: (req) => apiHeaders.push(req.headers),
    });
  } finally {
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  }
  issuedBefore = sampleSum(await scrapeMetrics(amp.ownApiUrl), 'ampersand_grants_issued_total');
  mara = await authorizedAgent(amp, 'mara');
}, 180_000);
afterAll(async () => {
  await mara?.close();
  await amp?.close();
  await receiver?.close();
  await model?.close();
});

/** The spans of `traceId` once `count` have arrived (the services send every 5 s). */
async function spansOf(traceId: string, count: number): Promise<ReceivedSpan[]> {
  for (let waited = 0; waited < 20_000; waited += 200) {
    const spans = receiver.spans.filter((span) => span.traceId === traceId);
    if (spans.length >= count) return spans;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return receiver.spans.filter((span) => span.traceId === traceId);
}

const callTool = (name: string, args: Record<string, unknown>, headers: Record<string, string> = {}) =>
  rpc(
    amp.ownMcpUrl,
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
    { headers: { Authorization: `Bearer ${mara.accessToken}`, ...headers } },
  );

describe('a caller’s traceparent', () => {
  it('is the MCP service’s correlation id, goes on to the API with the call, and is the API’s correlation id', async () => {
    apiHeaders.length = 0;
    const answer = await callTool('loop_read', {}, { traceparent: TRACEPARENT });
    expect(answer.status).toBe(200);
    expect(answer.json.result.isError).toBeFalsy();
    expect(answer.headers.get('x-request-id')).toBe(TRACE_ID);
    const forwarded = apiHeaders.find((headers) => headers.traceparent !== undefined);
    const hop = parseTraceparent(forwarded?.traceparent as string | undefined);
    expect(hop).toMatchObject({ traceId: TRACE_ID, sampled: true });
    expect(forwarded?.['x-request-id']).toBe(TRACE_ID);
    const logged = lines.filter((line) => line.msg === 'request' && line.correlationId === TRACE_ID).map((line) => line.path);
    expect(logged).toContain('/mcp');
    expect(logged.some((path) => path.startsWith('/v1/'))).toBe(true);

    // MCP service: server span under the caller's, the tool's span, the hop's client span; API: a server span under the hop.
    const spans = await spansOf(TRACE_ID, 4);
    const mcpServer = spans.find((span) => span.service === 'ampersand-mcp' && span.kind === 2)!;
    const tool = spans.find((span) => span.service === 'ampersand-mcp' && span.name === 'tools/call loop_read')!;
    const client = spans.find((span) => span.service === 'ampersand-mcp' && span.kind === 3)!;
    const apiServer = spans.find((span) => span.service === 'ampersand-api' && span.kind === 2)!;
    expect(mcpServer).toMatchObject({ name: 'POST /mcp', parentSpanId: 'eee19b7ec3c1b174' });
    expect(tool).toMatchObject({ parentSpanId: mcpServer.spanId, attributes: expect.objectContaining({ 'gen_ai.tool.name': 'loop_read' }) });
    expect(client).toMatchObject({ parentSpanId: tool.spanId, spanId: hop!.spanId });
    expect(apiServer).toMatchObject({ parentSpanId: client.spanId, attributes: expect.objectContaining({ 'http.response.status_code': 200 }) });
    expect(apiServer.name).toMatch(/^POST \/v1\//);
  });

  it('is the correlation id of the run record a request starts, and reaches the model the turn asks', async () => {
    await new FirstPartyClients(amp.database.db).declare(decodeJwt(mara.accessToken).client_id as string, 'the & app', new Date());
    const traceId = '6c9f0ab2d1e34f5a8b7c6d5e4f3a2b1c';
    const response = await fetch(`${amp.apiUrl}/v1/chat/send`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${mara.accessToken}`, 'Content-Type': 'application/json', traceparent: `00-${traceId}-eee19b7ec3c1b174-01` },
      body: JSON.stringify({ message: 'Anything new?' }),
    });
    const started = (await response.json()) as { runId: string; correlationId: string };
    expect(response.headers.get('x-request-id')).toBe(traceId);
    expect(started.correlationId).toBe(traceId);
    const record = await amp.database.db.selectFrom('loop_runs').select('correlation_id').where('run_id', '=', started.runId).executeTakeFirstOrThrow();
    expect(record.correlation_id).toBe(traceId);
    // The turn asks the model, in the same trace.
    for (let waited = 0; waited < 20_000 && !model.traceparents.some((header) => parseTraceparent(header)?.traceId === traceId); waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(model.traceparents.map((header) => parseTraceparent(header)?.traceId)).toContain(traceId);
  });
});

describe('GET /metrics', () => {
  it('counts the MCP service’s tool calls by outcome', async () => {
    const before = await scrapeMetrics(amp.ownMcpUrl);
    await callTool('loop_read', {});
    await callTool('loop_read', { loopId: 12 });
    const after = await scrapeMetrics(amp.ownMcpUrl);
    const delta = (outcome: string) =>
      sampleSum(after, 'mcp_server_tool_calls_total', { gen_ai_tool_name: 'loop_read', outcome }) -
      sampleSum(before, 'mcp_server_tool_calls_total', { gen_ai_tool_name: 'loop_read', outcome });
    expect(delta('ok')).toBe(1);
    expect(delta('invalid_arguments')).toBe(1);
    expect(sampleSum(after, 'service_build_info', { service_name: 'ampersand-mcp' })).toBe(1);
  });

  it('labels the API’s requests by route pattern: no andee, grant or link in a label', async () => {
    const grant = (await amp.api.grants.list({ andeeId: mara.andeeId }))[0]!;
    await fetch(`${amp.apiUrl}/apps/${grant.grantId}`);
    await fetch(`${amp.apiUrl}/sign-in/link/not-a-real-link-token`);
    const routes = [...labelValues(await scrapeMetrics(amp.ownApiUrl), 'http_server_requests_total', 'http_route')];
    expect(routes.length).toBeGreaterThan(3);
    for (const secret of [grant.grantId, mara.andeeId, 'mara', 'not-a-real-link-token']) expect(routes.filter((route) => route.includes(secret))).toEqual([]);
  });

  it('counts grants issued and revoked', async () => {
    const before = await scrapeMetrics(amp.ownApiUrl);
    expect(sampleSum(before, 'ampersand_grants_issued_total') - issuedBefore).toBe(1);
    const grant = (await amp.api.grants.list({ andeeId: mara.andeeId }))[0]!;
    expect(await amp.api.grants.revoke(grant.grantId)).toBe(true);
    const after = await scrapeMetrics(amp.ownApiUrl);
    expect(
      sampleSum(after, 'ampersand_grants_revoked_total', { revoked_by: 'operator' }) -
        sampleSum(before, 'ampersand_grants_revoked_total', { revoked_by: 'operator' }),
    ).toBe(1);
  });

  it('answers a scraper elsewhere only with METRICS_TOKEN', async () => {
    const elsewhere = { 'X-Forwarded-For': '203.0.113.9' };
    const refused = await scrapeMetrics(amp.ownApiUrl, elsewhere);
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text).error).toMatchObject({ code: 'unauthorized', correlationId: expect.any(String) });
    expect((await scrapeMetrics(amp.ownApiUrl, { ...elsewhere, Authorization: 'Bearer not-the-token' })).status).toBe(401);
    expect((await scrapeMetrics(amp.ownApiUrl, { ...elsewhere, Authorization: `Bearer ${METRICS_TOKEN}` })).status).toBe(200);
    expect((await scrapeMetrics(amp.ownMcpUrl, elsewhere)).status).toBe(401);
  });
});
