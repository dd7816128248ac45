/**
 * `POST /operator`: how the operator CLI reaches the database while this process owns the
 * embedded data directory (opening it from a second process would corrupt it). Loopback only,
 * and only with the operator key derived from the token secret, which only someone who can read
 * the data directory or the environment has.
 */
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '@agent-products/kit/http';
import { OperatorError, runOperatorCommand, type OperatorDeps } from '../cli/operator-commands.ts';

export const OPERATOR_KEY_HEADER = 'x-ampersand-operator-key';

export function operatorRoute(deps: OperatorDeps, operatorKey: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const expected = Buffer.from(operatorKey);
  app.post('/operator', async (c) => {
    const host = new URL(c.req.url).hostname;
    const given = Buffer.from(c.req.header(OPERATOR_KEY_HEADER) ?? '');
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(host) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return c.json({ error: { code: 'forbidden', message: 'Operator commands are for the local operator only.' } }, 403);
    }
    const body = (await c.req.json().catch(() => undefined)) as { args?: unknown } | undefined;
    if (!Array.isArray(body?.args) || !body.args.every((a) => typeof a === 'string')) return c.json({ error: { code: 'invalid_request', message: 'Send {"args": [strings]}.' } }, 400);
    try {
      return c.json({ output: await runOperatorCommand(deps, body.args as string[]) });
    } catch (error) {
      if (error instanceof OperatorError) return c.json({ error: { code: 'operator_error', message: error.message } }, 400);
      throw error;
    }
  });
  return app;
}
