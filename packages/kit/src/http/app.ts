/**
 * The HTTP application every product starts from: correlation ids, JSON request logs with
 * credentials and capability paths redacted, Host validation, Origin allow-listing, CORS on the
 * MCP path for the allowed origins (cors.ts), one error handler (errors/error-handler.ts: a thrown
 * ToolError at its table status, never a stack trace or a 500 for bad input), and `GET /health` + `/health/live`.
 */
import { Hono, type Context } from 'hono';
import { lazyChild, redactPath, type Logger } from '../log/index.ts';
import { correlationIdFor, echoesCorrelationId } from './correlation.ts';
import { addCorsHeaders, isPreflight, preflightResponse } from './cors.ts';
import { hostChecker, originAllowed, servedHostnames } from './origin-host.ts';
import { errorHandler, type ErrorHandlerOptions } from '../errors/error-handler.ts';
import { registerHealthRoutes, type HealthOptions } from './health.ts';

export interface AppVariables {
  correlationId: string;
  log: Logger;
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
  /** Paths answering browser clients of the allowed origins with CORS (default: `/mcp`). */
  corsPaths?: readonly string[];
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
}

export function createHttpApp(options: HttpAppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const publicUrl = options.publicUrl ? new URL(options.publicUrl) : undefined;
  const origins = new Set([...options.allowedOrigins, ...(publicUrl ? [publicUrl.origin] : [])].map((o) => o.toLowerCase()));
  const secretPrefixes = options.secretPathPrefixes ?? [];
  const hostRejection = hostChecker(options.allowedHostnames ?? servedHostnames(publicUrl));
  const corsPaths = new Set(options.corsPaths ?? ['/mcp']);

  app.use('*', async (c, next) => {
    const started = performance.now();
    const correlationId = correlationIdFor(c.req.header('x-request-id'));
    const log = lazyChild(options.log, { correlationId });
    c.set('correlationId', correlationId);
    c.set('log', log);

    const rejected = hostRejection(c.req.raw);
    if (rejected) {
      c.res = rejected;
    } else if (!originAllowed(c.req.header('origin') ?? null, origins)) {
      c.res = c.json({ error: { code: 'origin_rejected', message: 'This Origin is not allowed to call this server.', correlationId } }, 403);
    } else {
      const origin = corsPaths.has(c.req.path) ? c.req.header('origin') : undefined;
      if (origin !== undefined && isPreflight(c.req.raw)) c.res = preflightResponse();
      else await next();
      if (origin !== undefined) addCorsHeaders(c.res.headers, origin);
    }
    if (!echoesCorrelationId(c.res)) c.res.headers.set('X-Request-Id', correlationId);
    if (!options.log.isLevelEnabled('info')) return;
    options.log.info(
      {
        correlationId,
        method: c.req.method,
        path: redactPath(c.req.path, secretPrefixes),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  });

  app.onError(
    errorHandler({
      log: options.log,
      ...(options.mapError ? { mapError: options.mapError } : {}),
      ...(options.errorSurface ? { surface: options.errorSurface } : {}),
      ...(options.errorPage ? { page: options.errorPage } : {}),
    }),
  );

  registerHealthRoutes(app, options.health);

  return app;
}
