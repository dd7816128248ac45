/**
 * Traces over real loopback HTTP: a caller's `traceparent` becomes the request's correlation id
 * (answered in X-Request-Id and written in the request's log line) and is carried into outbound
 * calls; with the OTLP settings, the server, tool and client spans reach a plain OTLP/HTTP
 * receiver started here, decoded from what arrived. Without them, nothing is recorded and a
 * caller's trace is passed on unchanged.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ToolError } from '../errors/index.ts';
import { createHttpApp } from '../http/app.ts';
import { listen, type RunningServer } from '../http/serve.ts';
import { createLogger } from '../log/index.ts';
import { createMcpEndpoint } from '../mcp/endpoint.ts';
import { mountMcpEndpoint } from '../mcp/mount.ts';
import { defineTool } from '../mcp/tool.ts';
import { SettingsError } from '../settings/env-readers.ts';
import { rpc } from '../testing/mcp-client.ts';
import { startOtlpReceiver, type OtlpReceiver } from '../testing/otlp-receiver.ts';
import { tracedFetch } from './outbound.ts';
import { parseTraceparent } from './trace-context.ts';
import type { Tracer } from './tracer.ts';
import { tracerFromEnv } from './tracing-settings.ts';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${CALLER_SPAN}-01`;

/** A downstream service that remembers the traceparent of each request it gets. */
let downstream: Server;
let downstreamUrl: string;
const seen: Array<string | undefined> = [];

const annotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true };
const callDownstream = defineTool({
  name: 'trace_test_call',
  title: 'Call downstream',
  description: 'Calls the downstream service, or refuses when asked to.',
  input: z.strictObject({ refuse: z.boolean().optional() }),
  output: z.object({ status: z.number() }),
  annotations,
  run: async (args) => {
    if (args.refuse) throw new ToolError('not_found', 'Refused as asked.', false);
    const response = await tracedFetch(downstreamUrl, { method: 'POST', body: '{}' });
    return { status: response.status };
  },
  text: (r) => `downstream answered ${r.status}`,
});

interface Running {
  server: RunningServer;
  lines: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

async function start(tracer: Tracer | undefined): Promise<Running> {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const log = createLogger({ name: 'tracing-test', level: 'info', destination });
  const app = createHttpApp({ log, allowedOrigins: [], health: { dependencies: [] }, tracer, service: { name: 'tracing-test', version: '1.0.0' } });
  const endpoint = createMcpEndpoint({ name: 'tracing-test', version: '1.0.0', tools: [callDownstream] });
  mountMcpEndpoint(app, endpoint);
  const server = await listen(app.fetch, 0);
  return {
    server,
    lines,
    async close() {
      await server.close();
      await endpoint.close();
    },
  };
}

let receiver: OtlpReceiver;
let tracer: Tracer;
let traced: Running;
let untraced: Running;
beforeAll(async () => {
  downstream = createServer((req, res) => {
    seen.push(req.headers.traceparent as string | undefined);
    req.resume();
    res.writeHead(200).end('{}');
  });
  await new Promise<void>((resolve) => downstream.listen(0, '127.0.0.1', resolve));
  downstreamUrl = `http://127.0.0.1:${(downstream.address() as AddressInfo).port}/hook`;
  receiver = await startOtlpReceiver();
  const log = createLogger({ name: 'tracing-test', level: 'silent' });
  tracer = tracerFromEnv(
    { name: 'tracing-test', version: '1.0.0', log },
    { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=se%20cret', OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=test' },
  )!;
  traced = await start(tracer);
  untraced = await start(undefined);
});
afterAll(async () => {
  await traced?.close();
  await untraced?.close();
  await receiver?.close();
  await new Promise((resolve) => downstream?.close(resolve));
});

const callWith = (running: Running, headers: Record<string, string>, args: Record<string, unknown> = {}) =>
  rpc(running.server.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'trace_test_call', arguments: args } }, { headers });

describe('a caller’s traceparent, traced', () => {
  it('becomes the correlation id, in the answer and the log, and the spans reach the OTLP receiver', async () => {
    seen.length = 0;
    const answer = await callWith(traced, { traceparent: TRACEPARENT });
    expect(answer.json.result.structuredContent).toEqual({ status: 200 });
    expect(answer.headers.get('x-request-id')).toBe(TRACE_ID);
    expect(traced.lines.find((line) => line.msg === 'request' && line.correlationId === TRACE_ID)).toMatchObject({ path: '/mcp', status: 200 });

    const passedOn = parseTraceparent(seen[0]);
    expect(passedOn).toMatchObject({ traceId: TRACE_ID, sampled: true });
    expect(passedOn!.spanId).not.toBe(CALLER_SPAN);

    await tracer.flush();
    const spans = receiver.spans.filter((span) => span.traceId === TRACE_ID);
    const server = spans.find((span) => span.kind === 2)!;
    const tool = spans.find((span) => span.kind === 1)!;
    const client = spans.find((span) => span.kind === 3)!;
    expect(server).toMatchObject({ service: 'tracing-test', name: 'POST /mcp', parentSpanId: CALLER_SPAN, statusCode: 0 });
    expect(server.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.route': '/mcp', 'http.response.status_code': 200 });
    expect(tool).toMatchObject({ name: 'tools/call trace_test_call', parentSpanId: server.spanId });
    expect(tool.attributes).toMatchObject({ 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'trace_test_call' });
    expect(client).toMatchObject({ name: 'POST', parentSpanId: tool.spanId, spanId: passedOn!.spanId });
    expect(client.attributes).toMatchObject({ 'http.request.method': 'POST', 'server.address': '127.0.0.1' });
    for (const span of [server, tool, client]) expect(span.endNanos).toBeGreaterThanOrEqual(span.startNanos);
    expect(server.startNanos).toBeLessThanOrEqual(tool.startNanos);
    expect(receiver.exports[0]).toMatchObject({ 'x-api-key': 'se cret', 'content-type': 'application/json' });
  });

  it('marks the tool span failed with the tool error’s code', async () => {
    const traceId = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    await callWith(traced, { traceparent: `00-${traceId}-${CALLER_SPAN}-01` }, { refuse: true });
    await tracer.flush();
    const tool = receiver.spans.find((span) => span.traceId === traceId && span.kind === 1)!;
    expect(tool).toMatchObject({ statusCode: 2, attributes: expect.objectContaining({ 'error.type': 'not_found' }) });
  });

  it('records nothing of a trace its caller did not sample, and still passes it on', async () => {
    seen.length = 0;
    const traceId = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
    await callWith(traced, { traceparent: `00-${traceId}-${CALLER_SPAN}-00` });
    await tracer.flush();
    expect(receiver.spans.filter((span) => span.traceId === traceId)).toEqual([]);
    expect(parseTraceparent(seen[0])).toMatchObject({ traceId, sampled: false });
  });

  it('starts a trace for a request that brings none, its id the correlation id', async () => {
    seen.length = 0;
    const answer = await callWith(traced, {});
    const traceId = answer.headers.get('x-request-id')!;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(parseTraceparent(seen[0])?.traceId).toBe(traceId);
    await tracer.flush();
    expect(receiver.spans.find((span) => span.traceId === traceId && span.kind === 2)?.parentSpanId).toBeUndefined();
  });
});

describe('a caller’s traceparent, not traced', () => {
  it('becomes the correlation id and is passed on unchanged', async () => {
    seen.length = 0;
    const before = receiver.spans.length;
    const answer = await callWith(untraced, { traceparent: TRACEPARENT });
    expect(answer.headers.get('x-request-id')).toBe(TRACE_ID);
    expect(untraced.lines.some((line) => line.msg === 'request' && line.correlationId === TRACE_ID)).toBe(true);
    expect(seen).toEqual([TRACEPARENT]);
    expect(receiver.spans.length).toBe(before);
  });

  it('adds nothing to outbound calls of a request that brought none', async () => {
    seen.length = 0;
    const answer = await callWith(untraced, {});
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen).toEqual([undefined]);
  });

  it('ignores a traceparent that does not parse, and prefers the caller’s own X-Request-Id', async () => {
    for (const bad of ['00-zz-00f067aa0ba902b7-01', `00-${'0'.repeat(32)}-${CALLER_SPAN}-01`, `ff-${TRACE_ID}-${CALLER_SPAN}-01`]) {
      seen.length = 0;
      const answer = await callWith(untraced, { traceparent: bad });
      expect(answer.headers.get('x-request-id')).not.toBe(TRACE_ID);
      expect(seen).toEqual([undefined]);
    }
    const both = await callWith(untraced, { traceparent: TRACEPARENT, 'X-Request-Id': 'client-chosen-id' });
    expect(both.headers.get('x-request-id')).toBe('client-chosen-id');
  });
});

describe('tracing settings', () => {
  const log = createLogger({ name: 'tracing-test', level: 'silent' });
  const service = { name: 'svc', version: '1', log };

  it('is off without an OTLP endpoint, and when the SDK or the traces exporter is turned off', () => {
    expect(tracerFromEnv(service, {})).toBeUndefined();
    expect(tracerFromEnv(service, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
    expect(tracerFromEnv(service, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined();
  });

  it('refuses a setting it cannot honour, naming it', () => {
    expect(() => tracerFromEnv(service, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(SettingsError);
    expect(() => tracerFromEnv(service, { OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() => tracerFromEnv(service, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_EXPORTER_OTLP_HEADERS: 'no-equals' })).toThrow(
      /OTEL_EXPORTER_OTLP_HEADERS/,
    );
  });

  it('records the share of new traces OTEL_TRACES_SAMPLER_ARG asks for, decided alike in every service, and follows a caller', async () => {
    const settings = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' };
    const front = tracerFromEnv(service, settings)!;
    const behind = tracerFromEnv({ ...service, name: 'behind' }, settings)!;
    const roots = Array.from({ length: 4000 }, () => front.startSpan('root', 'server', undefined));
    const recorded = roots.filter((root) => root.context.sampled).length;
    // 1,000 expected; a binomial spread of ±4.5 standard deviations (27 each) never fails by chance.
    expect(recorded).toBeGreaterThan(880);
    expect(recorded).toBeLessThan(1120);
    // A service handed each trace without its flag decides it as the front did; one handed the flag follows it.
    const alone = tracerFromEnv({ ...service, name: 'alone' }, { ...settings, OTEL_TRACES_SAMPLER: 'traceidratio' })!;
    for (const root of roots.slice(0, 200)) {
      expect(alone.startSpan('again', 'server', { ...root.context, sampled: false }).context.sampled).toBe(root.context.sampled);
      expect(behind.startSpan('child', 'server', root.context).context.sampled).toBe(root.context.sampled);
    }
    // A caller's decision wins over the ratio, either way.
    const unrecorded = roots.find((root) => !root.context.sampled)!;
    expect(behind.startSpan('child', 'server', { ...unrecorded.context, sampled: true }).context.sampled).toBe(true);
    const spanOfUnsampled = front.startSpan('child', 'client', unrecorded.context);
    spanOfUnsampled.end();
    const sampledRoot = roots.find((root) => root.context.sampled)!;
    sampledRoot.end();
    await front.flush();
    expect(receiver.spans.some((received) => received.spanId === sampledRoot.context.spanId)).toBe(true);
    expect(receiver.spans.some((received) => received.spanId === spanOfUnsampled.context.spanId)).toBe(false);
  });

  it('records no trace with always_off or a ratio of 0, and refuses a sampler or ratio it cannot honour', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' };
    for (const off of [{ OTEL_TRACES_SAMPLER: 'always_off' }, { OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' }]) {
      const none = tracerFromEnv(service, { ...endpoint, ...off })!;
      expect(Array.from({ length: 200 }, () => none.startSpan('root', 'server', undefined).context.sampled)).not.toContain(true);
    }
    expect(() => tracerFromEnv(service, { ...endpoint, OTEL_TRACES_SAMPLER: 'jaeger_remote' })).toThrow(/OTEL_TRACES_SAMPLER/);
    expect(() => tracerFromEnv(service, { ...endpoint, OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '1.5' })).toThrow(
      /OTEL_TRACES_SAMPLER_ARG/,
    );
  });

  it('sends to the traces endpoint as given, with the service name the settings choose', async () => {
    const direct = tracerFromEnv(service, { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces`, OTEL_SERVICE_NAME: 'renamed' })!;
    const span = direct.startSpan('work', 'internal', undefined);
    span.end();
    await direct.flush();
    expect(receiver.spans.find((received) => received.spanId === span.context.spanId)).toMatchObject({ service: 'renamed', name: 'work', kind: 1 });
  });
});
