/**
 * The authorization server's requests are answered by oidc-provider outside the Hono app, so they
 * get the app's request line here: one JSON line per request with the same fields, a correlation
 * id (echoed as X-Request-Id) and a path whose capability part is never written (an interaction
 * uid, the uid a resumed authorization carries). Query strings are never logged.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { correlationIdFor } from '@agent-products/kit/http';
import { redactPath, type Logger } from '@agent-products/kit/log';

/** Path prefixes whose remainder binds a pending authorization to a browser. */
export const PROVIDER_SECRET_PATH_PREFIXES = ['/oauth/authorize/', '/interaction/'] as const;

export function logProviderRequest(log: Logger, req: IncomingMessage, res: ServerResponse, path: string): void {
  const started = performance.now();
  const header = req.headers['x-request-id'];
  const correlationId = correlationIdFor(Array.isArray(header) ? header[0] : header);
  res.setHeader('X-Request-Id', correlationId);
  if (!log.isLevelEnabled('info')) return;
  res.once('close', () => {
    log.info(
      { correlationId, method: req.method, path: redactPath(path, PROVIDER_SECRET_PATH_PREFIXES), status: res.statusCode, ms: Math.round((performance.now() - started) * 10) / 10 },
      'request',
    );
  });
}
