/**
 * A span sink that sends batches to an OTLP/HTTP receiver as JSON (`POST …/v1/traces`,
 * `application/json`, OTLP's JSON encoding: ids in hex, times in nanoseconds as strings).
 * Spans wait in a bounded queue and go out every schedule delay (5 s) or once MAX_BATCH are waiting;
 * when the receiver is slow or away, what exceeds MAX_QUEUE is dropped (counted in the log), never
 * held against the requests being served.
 */
import type { Logger } from '../log/index.ts';
import type { AttributeValue, FinishedSpan, SpanKind, SpanSink } from './tracer.ts';

export interface OtlpExporterOptions {
  /** The traces URL itself (`…/v1/traces`). */
  url: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Resource attributes: `service.name` and whatever the settings add. */
  resource: Record<string, AttributeValue>;
  log: Logger;
  /** How long a span may wait before its batch goes out (OTEL_BSP_SCHEDULE_DELAY); default 5 s. */
  scheduleDelayMs?: number;
}

/** OTEL_BSP_* defaults from the OpenTelemetry specification. */
export const SCHEDULE_DELAY_MS = 5000;
const MAX_BATCH = 512;
const MAX_QUEUE = 2048;
const SPAN_KIND: Readonly<Record<SpanKind, number>> = { internal: 1, server: 2, client: 3 };
const STATUS_ERROR = 2;
const SCOPE = { name: '@agent-products/kit', version: '0.1.0' };

export function otlpExporter(options: OtlpExporterOptions): SpanSink {
  const queue: FinishedSpan[] = [];
  let dropped = 0;
  let sending: Promise<void> = Promise.resolve();
  const resource = { attributes: encodeAttributes(options.resource) };
  const timer = setInterval(() => void flush(), options.scheduleDelayMs ?? SCHEDULE_DELAY_MS);
  // The schedule never keeps a process alive that has nothing else to do.
  timer.unref();

  function flush(): Promise<void> {
    const batches: FinishedSpan[][] = [];
    while (queue.length > 0) batches.push(queue.splice(0, MAX_BATCH));
    const lost = dropped;
    dropped = 0;
    if (lost > 0) options.log.warn({ spans: lost }, 'trace export queue full: spans dropped');
    sending = sending.then(async () => {
      for (const batch of batches) await send(batch);
    });
    return sending;
  }

  async function send(batch: FinishedSpan[]): Promise<void> {
    const body = JSON.stringify({ resourceSpans: [{ resource, scopeSpans: [{ scope: SCOPE, spans: batch.map(encodeSpan) }] }] });
    try {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: { ...options.headers, 'Content-Type': 'application/json' },
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      await response.body?.cancel();
      if (!response.ok) options.log.warn({ status: response.status, spans: batch.length }, 'trace export refused');
    } catch (error) {
      options.log.warn({ err: error, spans: batch.length }, 'trace export failed');
    }
  }

  return {
    export(span) {
      if (queue.length >= MAX_QUEUE) {
        dropped += 1;
        return;
      }
      queue.push(span);
      if (queue.length >= MAX_BATCH) void flush();
    },
    flush,
  };
}

function encodeSpan(span: FinishedSpan) {
  const attributes = span.error === undefined ? span.attributes : { ...span.attributes, 'error.type': span.error };
  return {
    traceId: span.traceId,
    spanId: span.spanId,
    ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
    name: span.name,
    kind: SPAN_KIND[span.kind],
    startTimeUnixNano: nanos(span.startMs),
    endTimeUnixNano: nanos(span.endMs),
    attributes: encodeAttributes(attributes),
    status: span.error === undefined ? {} : { code: STATUS_ERROR, message: span.error },
  };
}

function encodeAttributes(attributes: Record<string, AttributeValue>) {
  return Object.entries(attributes).map(([key, value]) => ({ key, value: encodeValue(value) }));
}

function encodeValue(value: AttributeValue) {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { boolValue: value };
  return Number.isInteger(value) ? { intValue: String(value) } : { doubleValue: value };
}

/** Milliseconds since the epoch (with a fraction) as OTLP's decimal nanoseconds. */
function nanos(ms: number): string {
  return (BigInt(Math.floor(ms)) * 1_000_000n + BigInt(Math.round((ms % 1) * 1_000_000))).toString();
}
