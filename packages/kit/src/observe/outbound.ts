/**
 * Calls a service makes to another carry the active trace (tracer.ts): a `traceparent` naming
 * the span of the call when a tracer records one (a client span), else the caller's own, passed
 * on unchanged. With no active trace the call is made as it was, with nothing added.
 */
import { activeTrace, type AttributeValue } from './tracer.ts';
import { formatTraceparent } from './trace-context.ts';

/**
 * Runs `call` with the `traceparent` to send (undefined outside a trace), inside a client span
 * named `name` when a tracer records the trace. `call`'s answer may name an error type
 * (`errorOf`: an HTTP status ≥ 400, say) that marks the span failed; a throw marks it too.
 */
export async function outboundCall<T>(
  name: string,
  attributes: Record<string, AttributeValue>,
  call: (traceparent: string | undefined) => Promise<T>,
  errorOf?: (answer: T) => string | undefined,
): Promise<T> {
  const trace = activeTrace();
  if (trace === undefined) return call(undefined);
  if (trace.tracer === undefined) return call(formatTraceparent(trace.context));
  const span = trace.tracer.startSpan(name, 'client', trace.context, attributes);
  try {
    const answer = await call(formatTraceparent(span.context));
    span.end(errorOf?.(answer));
    return answer;
  } catch (error) {
    span.end(error instanceof Error ? error.name : 'error');
    throw error;
  }
}

/** `fetch`, carrying the active trace: a client span named by its method (OpenTelemetry's HTTP client span) and the traceparent header. */
export function tracedFetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
  if (activeTrace() === undefined) return fetch(input, init);
  const url = new URL(input);
  const method = (init.method ?? 'GET').toUpperCase();
  return outboundCall(
    method,
    {
      'http.request.method': method,
      'server.address': url.hostname,
      'server.port': Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
      'url.full': `${url.origin}${url.pathname}`,
    },
    (traceparent) => {
      if (traceparent === undefined) return fetch(input, init);
      const headers = new Headers(init.headers);
      headers.set('traceparent', traceparent);
      return fetch(input, { ...init, headers });
    },
    (response) => (response.status >= 400 ? String(response.status) : undefined),
  );
}
