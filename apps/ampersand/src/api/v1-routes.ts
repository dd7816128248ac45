/**
 * The JSON API the MCP service forwards tool calls to: one route per operation, each with the
 * scope the tool catalog gives it, the same input contract the tool advertises, and errors in
 * the one error shape. The caller is always the token's subject; no route takes an andee id.
 */
import { Hono, type Context } from 'hono';
import type * as z from 'zod';
import type { Kysely } from 'kysely';
import { invalidArguments, ToolError } from '@agent-products/kit/mcp';
import type { AndeeRepository } from '../andees/andee-repository.ts';
import type { Connections } from '../identity/connections.ts';
import { askQuestion } from '../identity/ask-question.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { ampersandErrors, errorJson } from './api-errors.ts';
import { requireApiToken, type ApiEnv, type ApiTokenDeps } from './api-token.ts';
import { askQuestionInput, connectionsReadInput, type ConnectionsReadOutput } from './contracts.ts';

export interface V1Deps extends ApiTokenDeps {
  db: Kysely<AmpersandDatabase>;
  andees: AndeeRepository;
  connections: Connections;
}

export function v1Routes(deps: V1Deps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.post('/v1/identity/ask', requireApiToken(deps, ['signals:ask']), (c) =>
    handle(c, askQuestionInput, async (input) => askQuestion(deps.db, await caller(c), input)),
  );

  app.post('/v1/connections/read', requireApiToken(deps, ['connections:read']), (c) =>
    handle(c, connectionsReadInput, async (input): Promise<ConnectionsReadOutput> => {
      const me = await caller(c);
      return { active: await deps.connections.active(me.andeeId, input.limit ?? 50), peopleYouMayKnow: [] };
    }),
  );

  async function caller(c: Context<ApiEnv>) {
    const andee = await deps.andees.byId(c.get('principal').subject);
    if (!andee) throw ampersandErrors.fail('invalid_token', 'The andee this token was issued for no longer exists.');
    return andee;
  }

  return app;
}

export async function handle<S extends z.ZodType>(c: Context<ApiEnv>, schema: S, run: (input: z.output<S>) => Promise<unknown>): Promise<Response> {
  const correlationId = c.get('correlationId');
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    body = undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return errorJson(ampersandErrors.fail('invalid_request', 'The request body must be a JSON object.'), correlationId);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) return errorJson(invalidArguments(parsed.error), correlationId);
  try {
    return c.json(await run(parsed.data));
  } catch (error) {
    if (error instanceof ToolError) return errorJson(error, correlationId);
    throw error;
  }
}
