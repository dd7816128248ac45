/**
 * Spans and the trace a piece of work belongs to.
 *
 * A `Tracer` exists only when spans are exported (tracing-settings.ts); without one nothing here
 * is made. The active trace travels with the work in an AsyncLocalStorage, entered only for a
 * request that brought a `traceparent` or that a tracer records: outbound calls read it
 * (outbound.ts) to pass the trace on. A request that neither brought one nor is traced enters
 * nothing, so tracing turned off costs a header lookup per request.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { newSpanId, newTraceId, type TraceContext } from './trace-context.ts';
import { DEFAULT_SAMPLER, sampler, type Sampler } from './trace-sampler.ts';

export type SpanKind = 'internal' | 'server' | 'client';
export type AttributeValue = string | number | boolean;

/** A finished span, as the exporter receives it. */
export interface FinishedSpan {
  name: string;
  kind: SpanKind;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  startMs: number;
  endMs: number;
  attributes: Record<string, AttributeValue>;
  /** The error's type when the work failed (OpenTelemetry's `error.type`), else undefined. */
  error: string | undefined;
}

export interface Span {
  readonly context: TraceContext;
  setAttribute(key: string, value: AttributeValue): void;
  /** Names the span once what it did is known (an HTTP server span by the route that answered). */
  rename(name: string): void;
  /** Ends the span; `error` names what went wrong (an error code, an HTTP status) when it failed. */
  end(error?: string): void;
}

export interface SpanSink {
  export(span: FinishedSpan): void;
  /** Sends what is queued now. */
  flush(): Promise<void>;
}

export interface Tracer {
  startSpan(name: string, kind: SpanKind, parent: TraceContext | undefined, attributes?: Record<string, AttributeValue>): Span;
  flush(): Promise<void>;
}

/** The trace the current work belongs to, and the tracer that records its spans (when one does). */
export interface ActiveTrace {
  context: TraceContext;
  tracer: Tracer | undefined;
}

const active = new AsyncLocalStorage<ActiveTrace>();

export function activeTrace(): ActiveTrace | undefined {
  return active.getStore();
}

export function runInTrace<T>(trace: ActiveTrace, work: () => T): T {
  return active.run(trace, work);
}

/** Wall-clock milliseconds with sub-millisecond precision, for span start and end times. */
function nowMs(): number {
  return performance.timeOrigin + performance.now();
}

/** `recorded` decides which traces the sink receives; a trace it leaves out is still passed on, marked unsampled. */
export function createTracer(sink: SpanSink, recorded: Sampler = sampler(DEFAULT_SAMPLER, 1)): Tracer {
  return {
    startSpan(name, kind, parent, attributes = {}) {
      const traceId = parent?.traceId ?? newTraceId();
      const context: TraceContext = { traceId, spanId: newSpanId(), sampled: recorded(traceId, parent) };
      const startMs = nowMs();
      let ended = false;
      return {
        context,
        setAttribute(key, value) {
          attributes[key] = value;
        },
        rename(newName) {
          name = newName;
        },
        end(error) {
          // An unsampled trace is passed on but not recorded, as its caller decided.
          if (ended || !context.sampled) return;
          ended = true;
          sink.export({ name, kind, ...context, parentSpanId: parent?.spanId, startMs, endMs: nowMs(), attributes, error });
        },
      };
    },
    flush: () => sink.flush(),
  };
}
