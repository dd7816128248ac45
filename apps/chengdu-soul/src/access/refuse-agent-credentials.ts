/**
 * Agent credentials belong to `/mcp` only. On the owner's web, sign-in, account and privacy
 * routes a request carrying `Authorization: Bearer …` is refused before anything runs, so a
 * leaked Agent credential can never act as a browser session or submit a form.
 */
import type { MiddlewareHandler } from 'hono';
import { bearerChallenge } from '@agent-products/kit/auth';
import type { AppEnv } from '@agent-products/kit/http';

const MESSAGE = 'Agent credentials are accepted only on POST /mcp. The owner’s web pages use a browser sign-in with an operator-issued link; nothing was done.';

export function refuseAgentCredentials(realm: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!/^bearer(\s|$)/i.test(c.req.header('authorization') ?? '')) return next();
    return c.json({ error: { code: 'unauthorized', message: MESSAGE, retryable: false, correlationId: c.get('correlationId') } }, 401, {
      'WWW-Authenticate': bearerChallenge({ realm }, { error: 'invalid_request', description: 'Agent credentials are accepted only on /mcp' }),
      'Cache-Control': 'no-store',
    });
  };
}
