/**
 * A route answered by a library that speaks Node's request/response (an OAuth authorization
 * server's callback, say) inside the kit's Hono app, so it stands behind the same pipeline as
 * every other route: Host and Origin checks, CORS, correlation id, request log, body limit.
 *
 * @hono/node-server hands each request's raw `IncomingMessage` and `ServerResponse` to the app
 * (its `HttpBindings`). The callback writes the answer on that response itself, so the headers
 * the pipeline promises every answer (AppVariables.edgeHeaders: X-Request-Id, CORS) are set on it
 * before the callback runs, and the route resolves, once the answer is written, to a placeholder
 * the server does not send again carrying the status the callback answered (for the request log).
 *
 * A body is read before the callback when `readBody` says so, through the request the pipeline
 * already limited (body-limit.ts), and given to the callback as the text it would have read: the
 * product can inspect it first (`inspect`), and refuse with an ordinary Response. A library
 * that may recurse over a JSON body wants the app's nesting guard on its paths (app.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, Handler } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { AppEnv } from './app.ts';

/** The header @hono/node-server reads as "this answer is already written". */
const ALREADY_SENT = 'x-hono-already-sent';

export type NodeCallback = (req: IncomingMessage, res: ServerResponse) => unknown;

/** What a product may do with the request before the callback: answer it instead (a Response), or let it through. */
export type NodeRequestInspector = (
  c: Context<AppEnv>,
  req: IncomingMessage & { body?: string },
  body: string | undefined,
) => Promise<Response | undefined> | Response | undefined;

export interface NodeCallbackOptions {
  /** Whether the body is read (within the pipeline's limit) and handed over as `req.body`, for methods that carry one. */
  readBody?: (req: IncomingMessage) => boolean;
  inspect?: NodeRequestInspector;
}

export function nodeCallbackRoute(callback: NodeCallback, options: NodeCallbackOptions = {}): Handler<AppEnv> {
  return async (c) => {
    const bindings = c.env as Partial<HttpBindings> | undefined;
    const req = bindings?.incoming as (IncomingMessage & { body?: string }) | undefined;
    const res = bindings?.outgoing as ServerResponse | undefined;
    if (!req || !res) throw new TypeError('nodeCallbackRoute needs the app served by @hono/node-server (listen in serve.ts).');

    let body: string | undefined;
    if (options.readBody?.(req)) {
      body = await c.req.text();
      req.body = body;
    }
    const refusal = await options.inspect?.(c, req, body);
    if (refusal) return refusal;

    for (const [name, value] of c.get('edgeHeaders')) res.setHeader(name, value);
    const written = new Promise<void>((resolve) => {
      res.once('finish', resolve);
      res.once('close', resolve);
    });
    await callback(req, res);
    await written;
    return alreadySent(res.statusCode);
  };
}

function alreadySent(status: number): Response {
  const placeholder = new Response(null, { status: placeholderStatus(status), headers: { [ALREADY_SENT]: 'true' } });
  // @hono/node-server writes its own light responses on a fast path that ignores the mark;
  // reading a property makes this one a full Response, which takes the path that honours it.
  void placeholder.bodyUsed;
  return placeholder;
}

/** A Response can only carry 200–599; the request log still sees what was answered. */
function placeholderStatus(status: number): number {
  return status >= 200 && status <= 599 ? status : 200;
}
