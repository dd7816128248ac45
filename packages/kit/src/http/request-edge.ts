/**
 * What the HTTP layer does around every request, whichever way the request is served: its
 * correlation id (a caller's sane `X-Request-Id`, else its trace's id, else a new one), its logger,
 * the server span when tracing is on and, once answered, the request's metrics by route and
 * status, the span's end and the request log line. The Hono pipeline (app.ts) and the direct
 * routes (direct-routes.ts) both open their requests here, so the two cannot drift apart.
 */
import { lazyChild, redactPath, type Logger } from '../log/index.ts';
import { recordHttpRequest, routeLabel } from '../observe/http-metrics.ts';
import { parseTraceparent } from '../observe/trace-context.ts';
import type { ActiveTrace, Tracer } from '../observe/tracer.ts';
import { correlationIdFor, isAcceptableCorrelationId } from './correlation.ts';

export interface EdgeSettings {
  log: Logger;
  /** Path prefixes whose remainder is a capability and must not be logged in full. */
  secretPrefixes: readonly string[];
  tracer: Tracer | undefined;
}

export interface RequestEdge {
  readonly correlationId: string;
  readonly log: Logger;
  /** The trace the request's work runs in (a caller's `traceparent`, or this server's span), if any. */
  readonly trace: ActiveTrace | undefined;
  /** Records the answer: the metrics by route and status, the span, the request log line. */
  finish(status: number, routePath: string): void;
}

/** `header` answers a request header by its lower-case name. */
export function openRequestEdge(settings: EdgeSettings, method: string, path: string, header: (name: string) => string | undefined): RequestEdge {
  const started = performance.now();
  const requestId = header('x-request-id');
  const traceparent = header('traceparent');
  const incoming = traceparent === undefined ? undefined : parseTraceparent(traceparent);
  const tracer = settings.tracer;
  const span = tracer?.startSpan(method, 'server', incoming, {
    'http.request.method': method,
    'url.path': redactPath(path, settings.secretPrefixes),
  });
  const trace: ActiveTrace | undefined = span ? { context: span.context, tracer } : incoming ? { context: incoming, tracer: undefined } : undefined;
  // A caller's own request id first: a hop that sends both (the & MCP service to its API)
  // keeps one id across both services' logs. Else the trace's id, so logs and traces meet.
  const correlationId = isAcceptableCorrelationId(requestId) || trace === undefined ? correlationIdFor(requestId) : trace.context.traceId;
  const log = lazyChild(settings.log, { correlationId });
  return {
    correlationId,
    log,
    trace,
    finish(status, routePath) {
      const seconds = (performance.now() - started) / 1000;
      recordHttpRequest(method, routePath, status, seconds);
      if (span) {
        const route = routeLabel(routePath);
        span.rename(`${method} ${route}`);
        span.setAttribute('http.route', route);
        span.setAttribute('http.response.status_code', status);
        span.end(status >= 500 ? String(status) : undefined);
      }
      if (!settings.log.isLevelEnabled('info')) return;
      settings.log.info({ correlationId, method, path: redactPath(path, settings.secretPrefixes), status, ms: Math.round(seconds * 10_000) / 10 }, 'request');
    },
  };
}
