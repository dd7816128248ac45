/**
 * The body limit every route of a product's HTTP app stands behind (app.ts mounts it before any
 * route), and the nesting guard on the routes a product names: no request body larger than the
 * route's limit is read, and no JSON body nested deeper than the guard's depth reaches the route,
 * whatever the route does with it.
 *
 * - A declared Content-Length over the limit is refused (413) before a byte of the body is read.
 * - A body without a declared length (chunked) is counted as it streams in and kept (at most the
 *   limit) for the route to read as usual; past the limit it is refused.
 * - On a guarded route a JSON body is scanned as it streams in (json/nesting-depth.ts) and refused
 *   (400) at the first byte that nests too deep, even in a body that would also be too large: the
 *   deep opening comes first. The route then reads the kept bytes as usual.
 *
 * After a refusal the connection must stay usable or be closed, never left holding the unread
 * rest of the body: a pooled keep-alive connection would otherwise hang its next request until
 * the keep-alive timeout (issue 26 measured 66 s). A rest small enough to drain
 * (DRAIN_ALLOWANCE_BYTES) is drained and the connection kept: the server discards what remains of
 * a body never read once it has answered, and a body being read is read to its end here. A larger
 * rest is not worth reading: the answer says `Connection: close` and the server ends the socket.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { platformErrors } from '../errors/error-table.ts';
import type { ToolError } from '../errors/tool-error.ts';
import { JsonNestingScan } from '../json/nesting-depth.ts';
import type { AppEnv } from './app.ts';

/** How much past the point of refusal is still drained rather than closing the connection. */
export const DRAIN_ALLOWANCE_BYTES = 1024 * 1024;

export interface BodyRules {
  /** The most bytes a body on this path may have. */
  maxBytes: number;
  /** How deeply a JSON body on this path may nest, when the path is guarded. */
  maxJsonDepth?: number | undefined;
}

type Render = (error: ToolError, c: Context<AppEnv>) => Response | Promise<Response>;

export function bodyLimit(rulesFor: (path: string) => BodyRules, render: Render): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return next();
    const { maxBytes, maxJsonDepth } = rulesFor(c.req.path);
    const guarded = maxJsonDepth !== undefined && /json/i.test(c.req.header('content-type') ?? '');
    const declaredHeader = c.req.header('transfer-encoding') === undefined ? c.req.header('content-length') : undefined;
    const declared = declaredHeader === undefined ? undefined : Number(declaredHeader);
    if (declared !== undefined && !guarded) {
      if (!(declared > maxBytes)) return next();
      return refuse(c, tooLarge(maxBytes), declared - maxBytes <= DRAIN_ALLOWANCE_BYTES, render);
    }
    const body = c.req.raw.body;
    if (!body) return next();
    const read = await readGuarded(body, maxBytes, guarded ? new JsonNestingScan(maxJsonDepth) : undefined, declared);
    if (read.kind === 'too_large') return refuse(c, tooLarge(maxBytes), read.drained, render);
    if (read.kind === 'too_deep') return refuse(c, tooDeep(maxJsonDepth!), read.drained, render);
    if (read.kind !== 'ok') return next();
    c.req.raw = new Request(c.req.raw.url, { method, headers: c.req.raw.headers, body: read.bytes });
    return next();
  };
}

type GuardedRead = { kind: 'ok'; bytes: Buffer<ArrayBuffer> } | { kind: 'too_large' | 'too_deep'; drained: boolean } | { kind: 'unreadable' };

/**
 * Reads a stream keeping at most `limit` bytes, scanning them when a scan is given. Once refused
 * (too large, too deep), it goes on reading and discarding up to DRAIN_ALLOWANCE_BYTES more when
 * the rest fits in that allowance (so the connection is left clean), and otherwise stops; the
 * stream is left unread, not cancelled: cancelling would destroy the socket before the answer.
 */
async function readGuarded(
  stream: ReadableStream<Uint8Array>,
  limit: number,
  scan: JsonNestingScan | undefined,
  declared: number | undefined,
): Promise<GuardedRead> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let refused: { kind: 'too_large' | 'too_deep'; at: number } | undefined;
  try {
    for (;;) {
      if (refused && declared !== undefined && declared - refused.at > DRAIN_ALLOWANCE_BYTES) return { kind: refused.kind, drained: false };
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (refused) {
        if (size - refused.at > DRAIN_ALLOWANCE_BYTES) return { kind: refused.kind, drained: false };
      } else if (scan?.feed(value)) {
        refused = { kind: 'too_deep', at: size };
      } else if (size > limit) {
        refused = { kind: 'too_large', at: size };
      } else {
        chunks.push(value);
      }
    }
  } catch {
    return refused ? { kind: refused.kind, drained: false } : { kind: 'unreadable' };
  }
  if (refused) return { kind: refused.kind, drained: true };
  return { kind: 'ok', bytes: Buffer.concat(chunks) };
}

function tooLarge(maxBytes: number): ToolError {
  return platformErrors.fail('body_too_large', `The request body is larger than ${maxBytes} bytes.`, { maxBytes });
}

function tooDeep(maxDepth: number): ToolError {
  const problem = `nests deeper than ${maxDepth} levels`;
  return platformErrors.fail('invalid_arguments', `The request body ${problem}.`, { fields: [{ field: 'body', problem }] });
}

async function refuse(c: Context<AppEnv>, error: ToolError, drained: boolean, render: Render): Promise<Response> {
  const response = await render(error, c);
  if (!drained) response.headers.set('Connection', 'close');
  return response;
}
