/**
 * Correlation ids: a caller's `X-Request-Id` is honoured when it is a sane token (so a client can
 * follow its request through our logs) and otherwise replaced; either way it is echoed back.
 *
 * The request middleware (app.ts) adds the header to every response, unless the response was
 * built with it (`correlatedJsonResponse`). Adding a header to a finished response makes
 * @hono/node-server turn its lightweight response's plain header object into a `Headers`
 * instance and read it back out: about 3% of the CPU of a search call (measured under the
 * benchmark load), so the MCP endpoint's common answer, and the & API's, carry the header from
 * the start. Such an answer is final once built: the pipeline and the direct routes
 * (direct-routes.ts, which write it as built) add nothing to it, and no route may change it.
 */
import { randomUUID } from 'node:crypto';

const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** Marks a response built carrying its request's id, with what it was built from. */
const CORRELATED = Symbol('correlated');

/** What a correlated JSON answer was built from: its text and its headers, as sent. */
export interface CorrelatedJson {
  text: string;
  headers: Readonly<Record<string, string>>;
}

type Correlated = Response & { [CORRELATED]?: CorrelatedJson };

export function correlationIdFor(headerValue: string | null | undefined): string {
  return isAcceptableCorrelationId(headerValue) ? headerValue : randomUUID();
}

/** Whether a caller's `X-Request-Id` is a sane token we can echo and log. */
export function isAcceptableCorrelationId(headerValue: string | null | undefined): headerValue is string {
  return !!headerValue && ACCEPTABLE_ID.test(headerValue);
}

/**
 * A JSON response (its text and its length in bytes) that already echoes the request's
 * correlation id. Its headers go out in the order and spelling they always had.
 */
export function correlatedJsonResponse(json: { text: string; bytes: number }, status: number, correlationId: string): Response {
  const { text, bytes } = json;
  const headers = { 'content-type': 'application/json', 'x-request-id': correlationId, 'Content-Length': String(bytes) };
  const response: Correlated = new Response(text, { status, headers });
  response[CORRELATED] = { text, headers };
  return response;
}

/** Whether the response was built carrying its request's correlation id. */
export function echoesCorrelationId(response: Response): boolean {
  return (response as Correlated)[CORRELATED] !== undefined;
}

/** The text and headers a correlated JSON answer was built from, or undefined for any other response. */
export function correlatedJsonOf(response: Response): CorrelatedJson | undefined {
  return (response as Correlated)[CORRELATED];
}
