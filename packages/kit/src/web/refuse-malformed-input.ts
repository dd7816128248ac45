/**
 * Middleware that refuses a request whose path or query carries a NUL byte or broken UTF-8
 * (strict-text.ts) with a 400 `invalid_arguments` naming the field, before any route reads it:
 * a route that looks the text up in PostgreSQL would otherwise fail with a 500. Form fields are
 * checked where the form is read (`readForm`). The product renders the page in its own shell;
 * paths it answers in JSON (an API) get the JSON error body instead.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { platformErrors } from '../errors/error-table.ts';
import { jsonErrorResponse, problemPageResponse, type ErrorProblem } from '../errors/render.ts';
import { malformedUrlInput } from './strict-text.ts';

export interface RefuseMalformedInputOptions {
  /** The product's whole HTML document for the problem. */
  page: (problem: ErrorProblem, c: Context) => string | Promise<string>;
  /** Requests answered with the JSON error body rather than a page (default: none). */
  json?: (c: Context) => boolean;
}

export function refuseMalformedInput(options: RefuseMalformedInputOptions): MiddlewareHandler {
  return async (c, next) => {
    const malformed = malformedUrlInput(c.req.url);
    if (!malformed) return next();
    const error = platformErrors.fail('invalid_arguments', `The ${malformed.field} ${malformed.problem}; nothing was done.`, {
      fields: [{ field: malformed.field, problem: malformed.problem }],
    });
    if (options.json?.(c)) return jsonErrorResponse(error, c.get('correlationId') ?? 'unknown');
    // A refusal is about this request alone: never kept, never indexed.
    return problemPageResponse(error, (problem) => options.page(problem, c), { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' });
  };
}
