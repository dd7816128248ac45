/**
 * How a tool reaches the API: a POST with the caller's own bearer token, as the kit's MCP guard
 * verified it and handed it to the request's scope (the API verifies it
 * again and stays the authority on scope and visibility), the caller's subject for its logs, and
 * the request's correlation id (and a turn's run token, when one came), so one id follows the call through both services, and
 * its trace (`traceparent`, as a client span when tracing is on: kit observe/). An API error
 * becomes the same tool error; an unreachable API is a retryable `unavailable`.
 */
import type { RequestScope } from '@agent-products/kit/mcp';
import { ToolError, platformErrors } from '@agent-products/kit/errors';
import { outboundCall } from '@agent-products/kit/observe';
import type { ApiAnswer, ApiConnection } from './api-connection.ts';

export type Forward = (path: string, args: unknown, scope: RequestScope) => Promise<unknown>;

const API_TIMEOUT_MS = 10_000;

export function apiForwarder(api: ApiConnection): Forward {
  return async (path, args, scope) => {
    const token = scope.credential;
    if (!scope.principal || !token) throw platformErrors.fail('unauthorized', 'This tool needs an access token in Authorization: Bearer <token>.');
    let answer: ApiAnswer;
    try {
      const headers: Record<string, string> = {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'X-Request-Id': scope.correlationId,
        'X-Ampersand-Caller': scope.principal.subject,
        // A turn's run token (an external runtime acting within a run), admitted with the bearer token, relayed as is.
        ...scope.credentialHeaders,
      };
      const body = JSON.stringify(args ?? {});
      answer = await outboundCall(
        'POST',
        { 'http.request.method': 'POST', 'url.path': path },
        (traceparent) => {
          if (traceparent !== undefined) headers.traceparent = traceparent;
          return api.post(path, headers, body, API_TIMEOUT_MS);
        },
        (answered) => (answered.status >= 400 ? String(answered.status) : undefined),
      );
    } catch (error) {
      scope.log.warn({ err: error, path }, 'API unreachable');
      throw platformErrors.fail('unavailable', 'The & API cannot be reached right now; nothing was changed. Retry shortly.');
    }
    const ok = answer.status >= 200 && answer.status < 300;
    const body = answer.body as { error?: { code?: string; message?: string; retryable?: boolean; details?: Record<string, unknown> } } | undefined;
    if (ok && typeof body === 'object' && body !== null) return body;
    const error = typeof body === 'object' && body !== null ? body.error : undefined;
    if (error?.code && error.message) return Promise.reject(new ToolError(error.code, error.message, error.retryable ?? answer.status >= 500, error.details));
    throw platformErrors.fail(answer.status >= 500 ? 'unavailable' : 'internal_error', `The & API answered ${answer.status} without an error body.`);
  };
}
