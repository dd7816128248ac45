/**
 * What every API route shares: read the body as the tool's input contract (bad input is one
 * structured error and nothing runs), and resolve the caller from the token (never from the body).
 * Writes run once under retries in the use cases (store/write-once.ts).
 */
import type { Context } from 'hono';
import type * as z from 'zod';
import type { Kysely } from 'kysely';
import { unacceptableField } from '@agent-products/kit/mcp';
import { invalidArguments, jsonErrorResponse, ToolError, platformErrors } from '@agent-products/kit/errors';
import { correlatedJsonResponse } from '@agent-products/kit/http';
import type { AndeeRepository } from '../andees/andee-repository.ts';
import { tokenCaller, type Caller } from '../andees/caller.ts';
import type { AmpersandDatabase } from '../store/schema.ts';
import { ampersandErrors } from '../errors.ts';
import type { ApiEnv } from './api-token.ts';

/** The caller as requireApiToken loaded it with the grant check (one statement), or read now for an `in-read` route. */
export async function callerOf(c: Context<ApiEnv>, andees: AndeeRepository): Promise<Caller> {
  return tokenCaller(andees, c.get('principal'), c.get('caller'));
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
    return jsonErrorResponse(ampersandErrors.fail('invalid_request', 'The request body must be a JSON object.'), correlationId);
  }
  const bad = unacceptableField(body);
  if (bad) return jsonErrorResponse(platformErrors.fail('invalid_arguments', `Invalid arguments: ${bad.field}.`, { fields: [bad] }), correlationId);
  const parsed = schema.safeParse(body);
  if (!parsed.success) return jsonErrorResponse(invalidArguments(parsed.error), correlationId);
  try {
    const result = await run(parsed.data);
    return result instanceof Response ? result : jsonAnswer(c, result, correlationId);
  } catch (error) {
    if (error instanceof ToolError) return jsonErrorResponse(error, correlationId);
    throw error;
  }
}

/**
 * A route's JSON answer, built with the headers the kit's pipeline would otherwise add (its
 * X-Request-Id) or compute (its length): changing or reading the headers of a finished answer
 * costs a `Headers` instance per call (kit http/correlation.ts). On the wire it is what `c.json`
 * and the pipeline sent (API routes set no headers of their own); a result JSON cannot carry
 * (`undefined`) is still left to `c.json`.
 */
function jsonAnswer(c: Context<ApiEnv>, result: unknown, correlationId: string): Response {
  const text = JSON.stringify(result) as string | undefined;
  if (text === undefined) return c.json(result);
  return correlatedJsonResponse({ text, bytes: Buffer.byteLength(text) }, 200, correlationId);
}

export interface AreaDeps {
  db: Kysely<AmpersandDatabase>;
  andees: AndeeRepository;
  now: () => Date;
}
