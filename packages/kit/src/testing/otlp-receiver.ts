/**
 * A plain OTLP/HTTP traces receiver on loopback for tests: it accepts `POST /v1/traces` with an
 * OTLP JSON body, as a collector does, and decodes each span with the `service.name` of the
 * resource it came under.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  startNanos: bigint;
  endNanos: bigint;
  attributes: Record<string, string | number | boolean>;
  /** OTLP's status code: 0 unset, 1 ok, 2 error. */
  statusCode: number;
}

export interface OtlpReceiver {
  /** The base URL, as `OTEL_EXPORTER_OTLP_ENDPOINT` names it. */
  url: string;
  spans: ReceivedSpan[];
  /** The request headers of every export received. */
  exports: IncomingMessage['headers'][];
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
type OtlpAttribute = { key: string; value: OtlpValue };
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes?: OtlpAttribute[];
  status?: { code?: number };
}
interface OtlpTraces {
  resourceSpans: Array<{ resource: { attributes: OtlpAttribute[] }; scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const exports: IncomingMessage['headers'][] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/traces' || !req.headers['content-type']?.startsWith('application/json')) {
      res.writeHead(415).end();
      return;
    }
    exports.push(req.headers);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpTraces;
    for (const resourceSpans of body.resourceSpans) {
      const service = String(decodeAttributes(resourceSpans.resource.attributes)['service.name']);
      for (const scope of resourceSpans.scopeSpans) for (const span of scope.spans) spans.push(decodeSpan(service, span));
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    exports,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function decodeSpan(service: string, span: OtlpSpan): ReceivedSpan {
  return {
    service,
    traceId: span.traceId,
    spanId: span.spanId,
    parentSpanId: span.parentSpanId || undefined,
    name: span.name,
    kind: span.kind,
    startNanos: BigInt(span.startTimeUnixNano),
    endNanos: BigInt(span.endTimeUnixNano),
    attributes: decodeAttributes(span.attributes ?? []),
    statusCode: span.status?.code ?? 0,
  };
}

function decodeAttributes(attributes: OtlpAttribute[]): Record<string, string | number | boolean> {
  const decoded: Record<string, string | number | boolean> = {};
  for (const { key, value } of attributes) {
    if (value.stringValue !== undefined) decoded[key] = value.stringValue;
    else if (value.intValue !== undefined) decoded[key] = Number(value.intValue);
    else if (value.doubleValue !== undefined) decoded[key] = value.doubleValue;
    else if (value.boolValue !== undefined) decoded[key] = value.boolValue;
  }
  return decoded;
}
