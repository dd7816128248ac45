/**
 * The HTTP application every product starts from: correlation ids, JSON request logs with
 * credentials and capability paths redacted, Host validation, Origin allow-listing, CORS on the
 * MCP path (or the paths a product names) for the allowed origins (cors.ts), a body limit on every
 * route (body-limit.ts), one error handler (errors/error-handler.ts: a thrown ToolError at its
 * table status, never a stack trace or a 500 for bad input), and `GET /health`, `/health/ready`, `/health/live`.
 * A route a Node-callback library answers stands behind all of it too (node-callback.ts).
 * Every request is counted and timed by route and status, `GET /metrics` serves the counts
 * (observe/metrics-route.ts), and a caller's W3C `traceparent` is followed (observe/): its trace
 * id becomes the correlation id, outbound calls carry it on, and a server span records the
 * request when tracing is on (request-edge.ts). The hot POST routes (the MCP endpoint, an API's
 * operations: `serveDirectly`) are served beside Hono's dispatch with all of that kept
 * (direct-routes.ts).
 */
import { Hono, type Context, type MiddlewareHandler, type NotFoundHandler } from 'hono';
import type { Logger } from '../log/index.ts';
import { echoesCorrelationId } from './correlation.ts';
import { recordBuildInfo } from '../observe/metric-registry.ts';
import { registerMetricsRoute, type MetricsRouteOptions } from '../observe/metrics-route.ts';
import { runInTrace, type Tracer } from '../observe/tracer.ts';
import { openRequestEdge, type EdgeSettings } from './request-edge.ts';
import { tracerFromEnv } from '../observe/tracing-settings.ts';
import { bodyLimit } from './body-limit.ts';
import { corsHeaders, corsMethodsFor, isPreflight, preflightResponse, type CorsRoute } from './cors.ts';
import { DEFAULT_MAX_BODY_BYTES } from './read-body.ts';
import { hostChecker, originAllowed, servedHostnames } from './origin-host.ts';
import { errorHandler, type ErrorHandlerOptions } from '../errors/error-handler.ts';
import { platformErrors } from '../errors/error-table.ts';
import { jsonErrorResponse, oauthErrorResponse } from '../errors/render.ts';
import { registerHealthRoutes, type HealthOptions } from './health.ts';
import { cachedRouter } from './route-cache.ts';
import { DirectRoutes, registerDirectRoutes } from './direct-routes.ts';

export interface AppVariables {
  correlationId: string;
  log: Logger;
  /**
   * The headers the pipeline adds to every answer (X-Request-Id, CORS), known before the route
   * runs: a route that writes on the raw Node response (node-callback.ts) sets them itself.
   */
  edgeHeaders: ReadonlyArray<readonly [string, string]>;
}

export type AppEnv = { Variables: AppVariables };

export interface HttpAppOptions {
  log: Logger;
  /** Lower-case origins allowed to call state-changing and MCP routes from a browser. */
  allowedOrigins: readonly string[];
  /**
   * The address people and agents reach this server at, when it is not loopback (behind a proxy
   * that keeps the Host header): its host is accepted in Host headers and its origin in Origin
   * headers, besides loopback.
   */
  publicUrl?: string | undefined;
  /** Hostnames accepted in the Host header, replacing loopback and the public URL's host. */
  allowedHostnames?: readonly string[];
  /**
   * Paths answering browser clients of the allowed origins with CORS (default: `/mcp`): a path
   * (its preflight allows POST) or a route naming its path or pattern and the methods it allows.
   */
  corsPaths?: readonly (string | CorsRoute)[];
  /** The most bytes a request body may have, for every path or per path (default 1 MiB). */
  maxBodyBytes?: number | ((path: string) => number);
  /**
   * How deeply a JSON body may nest on a path, for the paths guarded before their route reads
   * them (body-limit.ts); undefined leaves a path to its route (the MCP endpoint checks its own).
   */
  maxJsonDepth?: (path: string) => number | undefined;
  /** Path prefixes whose remainder is a capability and must not be logged in full. */
  secretPathPrefixes?: readonly string[];
  /** The dependencies /health probes and the facts it adds (health.ts). */
  health: HealthOptions;
  /** A product's own answer for an error it recognises; anything else is a logged 500 or 503. */
  mapError?: (error: Error, c: Context<AppEnv>) => Response | Promise<Response> | undefined;
  /** Which surface a thrown error is answered on (default JSON): see errors/error-handler.ts. */
  errorSurface?: ErrorHandlerOptions['surface'];
  /** The product's HTML document for a problem answered on the `html` surface. */
  errorPage?: ErrorHandlerOptions['page'];
  /**
   * The product's own page for a path nothing answers, in its language, with the way back: the
   * kit answers it as 404 `text/html`, not indexed. Without it the answer is Hono's plain text.
   */
  notFoundPage?: (c: Context<AppEnv>) => string | Promise<string>;
  /** What runs here: the build info in /metrics and the `service.name` of its spans. */
  service?: { name: string; version: string };
  /**
   * `GET /metrics` for local scrapers, and for others with this bearer token (the product's
   * METRICS_TOKEN setting); false serves no /metrics. Default: local scrapers only.
   */
  metrics?: MetricsRouteOptions | false;
  /** Records this app's spans; default: the one the OTEL_* settings ask for, none when unset. */
  tracer?: Tracer | undefined;
}

export function createHttpApp(options: HttpAppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ router: cachedRouter() });
  const publicUrl = options.publicUrl ? new URL(options.publicUrl) : undefined;
  const origins = new Set([...options.allowedOrigins, ...(publicUrl ? [publicUrl.origin] : [])].map((o) => o.toLowerCase()));
  const secretPrefixes = options.secretPathPrefixes ?? [];
  const hostRejection = hostChecker(options.allowedHostnames ?? servedHostnames(publicUrl));
  const corsMethods = corsMethodsFor(options.corsPaths ?? ['/mcp']);
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const onError = errorHandler({
    log: options.log,
    ...(options.mapError ? { mapError: options.mapError } : {}),
    ...(options.errorSurface ? { surface: options.errorSurface } : {}),
    ...(options.errorPage ? { page: options.errorPage } : {}),
  });

  const service = options.service ?? { name: 'unknown_service', version: '0' };
  const tracer = 'tracer' in options ? options.tracer : tracerFromEnv({ ...service, log: options.log });
  if (options.metrics !== false) recordBuildInfo(service.name, service.version);

  const edgeSettings: EdgeSettings = { log: options.log, secretPrefixes, tracer };
  const edge: MiddlewareHandler<AppEnv> = async (c, next) => {
    const opened = openRequestEdge(edgeSettings, c.req.method, c.req.path, (name) => c.req.header(name));
    const correlationId = opened.correlationId;
    c.set('correlationId', correlationId);
    c.set('log', opened.log);

    const rejected = hostRejection(c.req.raw);
    if (rejected) {
      c.res = rejected;
    } else if (!originAllowed(c.req.header('origin') ?? null, origins)) {
      c.res = originRefusal(options.errorSurface?.(c) === 'oauth', correlationId);
    } else {
      const origin = c.req.header('origin');
      const methods = origin === undefined ? undefined : corsMethods(c.req.path);
      const cors = methods === undefined ? [] : corsHeaders(origin!);
      c.set('edgeHeaders', [['X-Request-Id', correlationId], ...cors]);
      if (methods !== undefined && isPreflight(c.req.raw)) c.res = preflightResponse(methods);
      else if (opened.trace) await runInTrace(opened.trace, next);
      else await next();
      for (const [name, value] of cors) {
        if (name === 'Vary') c.res.headers.append(name, value);
        else c.res.headers.set(name, value);
      }
    }
    if (!echoesCorrelationId(c.res)) c.res.headers.set('X-Request-Id', correlationId);
    opened.finish(c.res.status, c.req.routePath);
  };
  app.use('*', edge);

  const maxBytesFor = typeof maxBody === 'number' ? () => maxBody : maxBody;
  const maxDepthFor = options.maxJsonDepth;
  const limit = bodyLimit((path) => ({ maxBytes: maxBytesFor(path), maxJsonDepth: maxDepthFor?.(path) }), onError);
  app.use('*', limit);
  app.onError(onError);
  const notFoundPage = options.notFoundPage;
  const notFound: NotFoundHandler<AppEnv> = notFoundPage
    ? async (c) => c.html(await notFoundPage(c), 404, { 'X-Robots-Tag': 'noindex' })
    : (c) => c.text('404 Not Found', 404);
  app.notFound(notFound);
  // The hot POST routes a product or the MCP mount names (serveDirectly) skip Hono's dispatch.
  registerDirectRoutes(
    app,
    new DirectRoutes(app, {
      edge: edgeSettings,
      host: hostRejection,
      maxBytes: maxBytesFor,
      maxJsonDepth: maxDepthFor,
      replaced: new Set([edge, limit]),
      onError,
      notFound,
    }),
  );

  registerHealthRoutes(app, options.health);
  if (options.metrics !== false) registerMetricsRoute(app, options.metrics ?? {});

  return app;
}

/** A foreign Origin's 403, on the OAuth surface as an RFC 6749 error body. */
function originRefusal(oauth: boolean, correlationId: string): Response {
  const error = platformErrors.fail('origin_rejected', 'This Origin is not allowed to call this server.');
  return oauth ? oauthErrorResponse(error) : jsonErrorResponse(error, correlationId);
}
