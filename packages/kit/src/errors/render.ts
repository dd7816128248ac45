/**
 * One error, four surfaces, all from the same `ToolError` (and so the same table entry):
 *
 * - an MCP tool result: `isError` with the envelope as `structuredContent`, and a text carrying
 *   the code, message, details and correlation id for clients that read only text;
 * - a JSON API body: the same envelope, at the table's status;
 * - an OAuth error body (RFC 6749 §5.2): `error` and `error_description`, never cached;
 * - an HTML problem page: the product renders it (its page shell, its words) from the problem.
 *
 * A `details.retryAfterSeconds` (the 429's promise) becomes the Retry-After header.
 */
import { errorEnvelope } from './envelope.ts';
import type { ToolError } from './tool-error.ts';

/** The MCP tool result for a failed call (structurally the SDK's `CallToolResult`). */
export function toolErrorResult(error: ToolError, correlationId: string) {
  const { error: body } = errorEnvelope(error, correlationId);
  const detail = body.details ? `\n${JSON.stringify(body.details)}` : '';
  return {
    isError: true as const,
    content: [
      { type: 'text' as const, text: `Error ${body.code}: ${body.message}${detail}\n(correlation id ${body.correlationId}; retryable: ${body.retryable})` },
    ],
    structuredContent: { error: body } as Record<string, unknown>,
  };
}

export function jsonErrorResponse(error: ToolError, correlationId: string, headers?: Record<string, string>): Response {
  return Response.json(errorEnvelope(error, correlationId), { status: error.status, headers: { ...retryHeaders(error), ...headers } });
}

export function oauthErrorResponse(error: ToolError, headers?: Record<string, string>): Response {
  return Response.json(
    { error: error.oauthError, error_description: error.message },
    { status: error.status, headers: { 'Cache-Control': 'no-store', ...retryHeaders(error), ...headers } },
  );
}

/** What a page needs to explain a failure: the code, the message, each invalid field. */
export interface ErrorProblem {
  code: string;
  message: string;
  status: number;
  retryable: boolean;
  fields: Array<{ field: string; problem: string }>;
  details?: Record<string, unknown>;
}

export function problemOf(error: ToolError): ErrorProblem {
  const fields = Array.isArray(error.details?.fields) ? (error.details.fields as ErrorProblem['fields']) : [];
  return {
    code: error.code,
    message: error.message,
    status: error.status,
    retryable: error.retryable,
    fields,
    ...(error.details ? { details: error.details } : {}),
  };
}

/** An HTML page for the error, at the table's status; `page` is the product's rendering of the whole document. */
export async function problemPageResponse(
  error: ToolError,
  page: (problem: ErrorProblem) => string | Promise<string>,
  headers?: Record<string, string>,
): Promise<Response> {
  return new Response(await page(problemOf(error)), {
    status: error.status,
    headers: { 'Content-Type': 'text/html; charset=UTF-8', ...retryHeaders(error), ...headers },
  });
}

function retryHeaders(error: ToolError): Record<string, string> {
  const seconds = error.details?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? { 'Retry-After': String(Math.max(1, Math.ceil(seconds))) } : {};
}
