/**
 * The hot routes served straight from Node's request and response: the MCP endpoint's POST of
 * every product (mcp/mount.ts) and the API routes a product names (`serveDirectly`). Every other
 * request, and any request to these routes that is not plain, goes through the app as before.
 *
 * Why: @hono/node-server's web Request and Response and Hono's dispatch are about a tenth of an
 * HTTP exchange's CPU (measured: bench/README.md, "The HTTP layer"), paid on every call of every
 * product, for routes that need nothing of them beyond running their own handlers.
 *
 * What a directly served request still gets, from the same code as the pipeline: the Host check
 * (a Host not served here is left to the app, which refuses it), the correlation id, logger, span,
 * metrics and request log line (request-edge.ts), the route's own handlers in their order with a
 * real Hono `Context` (so guards, rate limits, auth middleware and the route run unchanged, and a
 * thrown error is rendered by the app's error handler), the `X-Request-Id` on every answer. What
 * it skips is proven to do nothing for it: a request is plain only when it has no Origin (so no
 * CORS, no preflight, no Origin refusal), a declared Content-Length within the route's limit and
 * no chunked body (so the body limit passes it untouched) on a route without a JSON nesting guard,
 * and repeats no header name (node-request.ts). Anything else is left to the app before a byte of
 * its body is read; a body that cannot be read to its end is left to the app too, which answers
 * it as it answers any unreadable body.
 *
 * The answer is written in one go: status line, headers and body with its Content-Length, no
 * chunked encoding (a `text/event-stream` answer streams as it comes).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Context, type Hono } from 'hono';
import type { HostChecker } from './origin-host.ts';
import { correlatedJsonOf, echoesCorrelationId } from './correlation.ts';
import { NodeRequest } from './node-request.ts';
import { openRequestEdge, type EdgeSettings } from './request-edge.ts';
import { runInTrace } from '../observe/tracer.ts';
import type { AppEnv } from './app.ts';

export interface DirectRouteSettings {
  edge: EdgeSettings;
  host: HostChecker;
  maxBytes: (path: string) => number;
  maxJsonDepth: ((path: string) => number | undefined) | undefined;
  /** The app's middleware that a direct request stands in for: its edge and its body limit. */
  replaced: ReadonlySet<unknown>;
  onError: (error: Error, c: Context<AppEnv>) => Response | Promise<Response>;
  notFound: (c: Context<AppEnv>) => Response | Promise<Response>;
}

type Handler = (c: Context<AppEnv>, next: () => Promise<void>) => unknown;
/** What Hono's router answers for a method and path: each handler with its route, and the route's parameters. */
type Matched = [[[Handler, { path: string }], unknown][], ...unknown[]];

const DECLARED_LENGTH = /^\d{1,15}$/;

export class DirectRoutes {
  readonly #paths = new Set<string>();
  readonly #app: Hono<AppEnv>;
  readonly #settings: DirectRouteSettings;
  #served = 0;

  constructor(app: Hono<AppEnv>, settings: DirectRouteSettings) {
    this.#app = app;
    this.#settings = settings;
  }

  /** Serves POSTs to `path` directly when they are plain. */
  add(path: string): void {
    this.#paths.add(path);
  }

  /** How many requests were answered directly (the rest went through the app). */
  get served(): number {
    return this.#served;
  }

  /** Takes the request when it is a plain POST to a direct route (true), else leaves it to the app. */
  serve(incoming: IncomingMessage, outgoing: ServerResponse, fallback: () => void): boolean {
    if (incoming.method !== 'POST') return false;
    const path = incoming.url;
    if (path === undefined || !this.#paths.has(path)) return false;
    const fields = incoming.headers;
    if (fields.origin !== undefined || fields['transfer-encoding'] !== undefined) return false;
    const declared = fields['content-length'];
    if (declared === undefined || !DECLARED_LENGTH.test(declared) || Number(declared) > this.#settings.maxBytes(path)) return false;
    if (this.#settings.maxJsonDepth?.(path) !== undefined) return false;
    const host = fields.host;
    if (host === undefined || !this.#settings.host.accepts(host)) return false;
    if (incoming.rawHeaders.length !== 2 * Object.keys(fields).length) return false;
    readBody(incoming, Number(declared))
      .then(
        (body) => this.#answer(incoming, outgoing, path, `http://${host}${path}`, body),
        // The app answers a body that cannot be read as it answers any: it finds it unreadable.
        () => fallback(),
      )
      .catch((error: unknown) => failed(outgoing, error, this.#settings.edge.log));
    return true;
  }

  async #answer(incoming: IncomingMessage, outgoing: ServerResponse, path: string, url: string, body: Buffer): Promise<void> {
    this.#served += 1;
    const fields = incoming.headers;
    const edge = openRequestEdge(this.#settings.edge, 'POST', path, (name) => fields[name] as string | undefined);
    const request = new NodeRequest(incoming, url, body, abortSignalOf(outgoing));
    const matched = this.#app.router.match('POST', path) as unknown as Matched;
    const c = new Context<AppEnv>(request as unknown as Request, {
      path,
      matchResult: matched as never,
      env: { incoming, outgoing },
      notFoundHandler: this.#settings.notFound as never,
    });
    c.set('correlationId', edge.correlationId);
    c.set('log', edge.log);
    c.set('edgeHeaders', [['X-Request-Id', edge.correlationId] as const]);
    let response: Response;
    try {
      const run = () => this.#run(c, matched[0]);
      await (edge.trace ? runInTrace(edge.trace, run) : run());
      // As Hono's dispatch: a chain that answered nothing is a programming error, answered as one.
      if (!c.finalized) c.res = await this.#settings.onError(new Error('Context is not finalized: no handler answered.'), c);
      response = c.res;
    } catch (error) {
      // What Hono leaves to @hono/node-server when a handler throws something not an Error: a bare 500.
      edge.log.error({ err: error }, 'a direct route threw a value that is not an Error');
      response = new Response(null, { status: 500 });
    }
    if (!echoesCorrelationId(response)) response.headers.set('X-Request-Id', edge.correlationId);
    await writeAnswer(outgoing, response);
    edge.finish(response.status, c.req.routePath);
  }

  /**
   * Runs the matched handlers in order, each given the next as Hono's `next`, with Hono's own
   * rules (koa-style): a handler's answer becomes the response unless one was already set, a
   * thrown Error becomes the app's error handler's answer, and past the last handler an
   * unanswered request is the app's not-found answer. The middleware replaced by the direct
   * route (the edge, the body limit) is stepped over.
   */
  #run(c: Context<AppEnv>, handlers: Matched[0]): Promise<void> {
    const { replaced, onError, notFound } = this.#settings;
    let reached = -1;
    const step = async (from: number): Promise<void> => {
      let at = from;
      while (at < handlers.length && replaced.has(handlers[at]![0][0])) at += 1;
      if (at <= reached) throw new Error('next() called multiple times');
      reached = at;
      let answer: unknown;
      let failed = false;
      if (at < handlers.length) {
        c.req.routeIndex = at;
        try {
          answer = await handlers[at]![0][0](c, () => step(at + 1));
        } catch (error) {
          if (!(error instanceof Error)) throw error;
          c.error = error;
          answer = await onError(error, c);
          failed = true;
        }
      } else if (!c.finalized) {
        answer = await notFound(c);
      }
      if (answer && (!c.finalized || failed)) c.res = answer as Response;
    };
    return step(0);
  }
}

/** An answer that could not be written (the client went away mid-write, say): a bare 500 if nothing was sent yet. */
function failed(outgoing: ServerResponse, error: unknown, log: EdgeSettings['log']): void {
  log.error({ err: error }, 'direct route answer failed');
  if (!outgoing.headersSent) {
    outgoing.writeHead(500, { 'Content-Type': 'text/plain' });
    outgoing.end();
  } else {
    outgoing.destroy();
  }
}

/** The body of a request that declared `length` bytes; rejects when the client goes before sending them. */
function readBody(incoming: IncomingMessage, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
    };
    const onEnd = () => {
      done();
      if (size === length) resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
      else reject(new Error('request body shorter than declared'));
    };
    const onFailure = () => {
      done();
      reject(new Error('request body unreadable'));
    };
    const done = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onFailure);
      incoming.off('close', onFailure);
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onFailure);
    incoming.on('close', onFailure);
  });
}

/** The signal a request's work sees: aborted when the client goes away before its answer is written. */
function abortSignalOf(outgoing: ServerResponse): () => AbortSignal {
  let controller: AbortController | undefined;
  let gone = false;
  outgoing.once('close', () => {
    if (outgoing.writableFinished) return;
    gone = true;
    controller?.abort(new Error('Client connection prematurely closed.'));
  });
  return () => {
    if (!controller) {
      controller = new AbortController();
      if (gone) controller.abort(new Error('Client connection prematurely closed.'));
    }
    return controller.signal;
  };
}

/** What @hono/node-server gives a body that names no type. */
const DEFAULT_CONTENT_TYPE = 'text/plain; charset=UTF-8';

/**
 * Writes the answer in one go: status line, headers and body together, with the body's length,
 * never chunked (an answer without a body says `Content-Length: 0`, where @hono/node-server sent
 * an empty chunked body); only a `text/event-stream` answer streams.
 */
async function writeAnswer(outgoing: ServerResponse, response: Response): Promise<void> {
  const json = correlatedJsonOf(response);
  if (json) {
    outgoing.writeHead(response.status, json.headers);
    outgoing.end(json.text);
    return;
  }
  outgoing.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') outgoing.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) outgoing.setHeader('set-cookie', cookies);
  if (response.body === null) {
    outgoing.end();
    return;
  }
  if (!outgoing.hasHeader('content-type')) outgoing.setHeader('content-type', DEFAULT_CONTENT_TYPE);
  if (String(outgoing.getHeader('content-type')).startsWith('text/event-stream')) {
    outgoing.flushHeaders();
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) outgoing.write(read.value);
    outgoing.end();
    return;
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  // Where @hono/node-server puts it, among the answer's own headers: the same bytes on the wire.
  if (!outgoing.hasHeader('content-length')) outgoing.setHeader('Content-Length', bytes.length);
  outgoing.end(bytes);
}

/** Each app's direct routes, found by the app or by its `fetch` (what a product hands to `listen`). */
const registry = new WeakMap<object, DirectRoutes>();

export function registerDirectRoutes(app: Hono<AppEnv>, routes: DirectRoutes): void {
  registry.set(app, routes);
  registry.set(app.fetch, routes);
}

/** The direct routes of an app made by createHttpApp, by the app or its `fetch`; undefined for any other handler. */
export function directRoutesOf(appOrFetch: object): DirectRoutes | undefined {
  return registry.get(appOrFetch);
}

/**
 * Serves plain POSTs to these paths of an app made by createHttpApp straight from Node's request,
 * through the same handlers (the paths must be exact: no parameters). An app made otherwise is
 * left as it is.
 */
export function serveDirectly(app: Hono<AppEnv>, paths: Iterable<string>): void {
  const routes = registry.get(app);
  if (!routes) return;
  for (const path of paths) routes.add(path);
}
