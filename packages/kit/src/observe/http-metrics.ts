/**
 * Every HTTP request a product answers, by method, route and status: a count and a duration.
 * The route is the pattern that answered (`/loops/:loopId`), never the raw path, so an id or a
 * link token never becomes a label value; a path no route answered is `unmatched`, and a method
 * outside HTTP's own is `_OTHER` (OpenTelemetry's word), so a client inventing either cannot grow
 * the series. Names follow OpenTelemetry's `http.server.request.duration` in Prometheus form.
 */
import { Counter, Histogram } from 'prom-client';
import { DURATION_BUCKETS, counterSeries, histogramSeries, metricRegistry, metricsEnabled } from './metric-registry.ts';

const LABELS = ['http_request_method', 'http_route', 'http_response_status_code'];
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'CONNECT', 'TRACE']);
/** What Hono reports as the route when only the app's own `*` middleware matched. */
const NO_ROUTE = '/*';

const requests = counterSeries(
  new Counter({
    name: 'http_server_requests_total',
    help: 'HTTP requests answered, by method, route and status.',
    labelNames: LABELS,
    registers: [metricRegistry],
  }),
);
const durations = histogramSeries(
  new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Time from receiving an HTTP request to its answer, by method, route and status.',
    labelNames: LABELS,
    buckets: DURATION_BUCKETS,
    registers: [metricRegistry],
  }),
);

/** The bounded route label for the pattern Hono matched. */
export function routeLabel(routePath: string): string {
  return routePath === NO_ROUTE ? 'unmatched' : routePath;
}

export function recordHttpRequest(method: string, routePath: string, status: number, seconds: number): void {
  if (!metricsEnabled) return;
  const labels = [KNOWN_METHODS.has(method) ? method : '_OTHER', routeLabel(routePath), String(status)];
  requests(...labels).inc();
  durations(...labels).observe(seconds);
}
