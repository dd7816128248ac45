/**
 * The one place a thrown error becomes an answer (a Hono `onError` handler): routes throw a
 * `ToolError` and this renders it on the request's surface (JSON by default, an OAuth body or
 * the product's HTML page when the product says so) at its table status. A lost database is
 * `unavailable` (503, Retry-After); anything else is a logged `internal_error` (500), never a
 * stack trace.
 */
import type { Context } from 'hono';
import type { Logger } from '../log/index.ts';
import { isConnectionFailure } from './connection-failure.ts';
import { platformErrors } from './error-table.ts';
import { jsonErrorResponse, oauthErrorResponse, problemPageResponse, type ErrorProblem } from './render.ts';
import { ToolError } from './tool-error.ts';

export type ErrorSurface = 'json' | 'oauth' | 'html';

export interface ErrorHandlerOptions {
  log: Logger;
  /** Which surface the failed request is answered on (default JSON). */
  surface?: (c: Context<any>) => ErrorSurface;
  /** The product's whole HTML document for a problem; required when `surface` can say `html`. */
  page?: (problem: ErrorProblem, c: Context<any>) => string | Promise<string>;
  /** A product's own answer for an error it recognises; anything else is rendered here. */
  mapError?: (error: Error, c: Context<any>) => Response | Promise<Response> | undefined;
}

/** Seconds a client should wait after a lost database before retrying. */
const UNAVAILABLE_RETRY_SECONDS = '5';

export function errorHandler(options: ErrorHandlerOptions): (error: Error, c: Context<any>) => Promise<Response> {
  return async (error, c) => {
    const mapped = await options.mapError?.(error, c);
    if (mapped) return mapped;
    const log: Logger = c.get('log') ?? options.log;
    let known: ToolError;
    const headers: Record<string, string> = {};
    if (error instanceof ToolError) {
      known = error;
    } else if (isConnectionFailure(error)) {
      log.warn({ err: error }, 'database unreachable');
      known = platformErrors.fail('unavailable', 'The service cannot reach its database right now. Retry shortly.');
      headers['Retry-After'] = UNAVAILABLE_RETRY_SECONDS;
    } else {
      log.error({ err: error }, 'unhandled error');
      known = platformErrors.fail('internal_error', 'An unexpected error occurred.');
    }
    const surface = options.surface?.(c) ?? 'json';
    if (surface === 'oauth') return oauthErrorResponse(known, headers);
    if (surface === 'html' && options.page) return problemPageResponse(known, (problem) => options.page!(problem, c), headers);
    return jsonErrorResponse(known, c.get('correlationId') ?? 'unknown', headers);
  };
}
