/**
 * `GET /metrics`: the registry in Prometheus's text format, on the service's own port. A scraper
 * on this machine (a loopback peer, reaching the port directly) is answered; any other needs
 * `Authorization: Bearer <token>` matching the configured token, compared in constant time. A
 * request that came through a forwarding proxy (any `Forwarded` or `X-Forwarded-*` header) is not
 * treated as local even though its socket is: a reverse proxy on this host, rewriting Host as
 * nginx does, would otherwise hand the page to anyone. Without a token, only local scrapers get it.
 */
import type { Context, Hono } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { hash, timingSafeEqual } from 'node:crypto';
import { readBearer } from '../auth/bearer.ts';
import { platformErrors } from '../errors/error-table.ts';
import { jsonErrorResponse } from '../errors/render.ts';
import { metricRegistry, startProcessMetrics } from './metric-registry.ts';

export interface MetricsRouteOptions {
  /** The bearer token a scraper that is not a local peer must send; none: local scrapers only. */
  token?: string | undefined;
}

const LOOPBACK_PEER = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

export function registerMetricsRoute(app: Hono<any>, options: MetricsRouteOptions): void {
  startProcessMetrics();
  const token = options.token || undefined;
  app.get('/metrics', async (c) => {
    if (!localPeer(c) && !(token !== undefined && bearerMatches(c.req.raw, token))) {
      const refusal = platformErrors.fail(
        'unauthorized',
        token === undefined
          ? 'Metrics are served to scrapers on this machine only.'
          : 'Metrics from elsewhere need the metrics token in Authorization: Bearer <token>.',
      );
      return jsonErrorResponse(refusal, c.get('correlationId') ?? '', { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    return c.body(await metricRegistry.metrics(), 200, { 'Content-Type': metricRegistry.contentType, 'Cache-Control': 'no-store' });
  });
}

function localPeer(c: Context): boolean {
  for (const name of c.req.raw.headers.keys()) if (name === 'forwarded' || name.startsWith('x-forwarded-')) return false;
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    // No socket to ask (an in-process request): not known to be local.
    return false;
  }
  return address !== undefined && LOOPBACK_PEER.test(address);
}

/**
 * Compared as SHA-256 digests in constant time: equal lengths whatever was sent, so not even the
 * token's length shows in the timing (web/tokens-equal.ts compares the texts; web sits above
 * http, which serves this route).
 */
function bearerMatches(request: Request, token: string): boolean {
  const bearer = readBearer(request);
  return bearer.kind === 'token' && timingSafeEqual(hash('sha256', bearer.token, 'buffer'), hash('sha256', token, 'buffer'));
}
