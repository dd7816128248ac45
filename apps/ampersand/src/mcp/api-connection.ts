/**
 * The MCP service's connection to the API: JSON POSTs over a pool of kept-alive connections.
 *
 * Every tool call is one hop to the API, so the hop is on the hot path of every call. Global
 * `fetch` builds WHATWG Request/Response objects and web streams for each call (measured: about
 * a fifth of the MCP process's CPU under the tool-call benchmark), and node:http's ClientRequest,
 * agent bookkeeping and IncomingMessage stream cost about 0.25 ms of CPU per call. An undici
 * Pool dispatching straight to a handler that collects the body costs about half as much
 * (measured, issue 26: 0.13 ms against 0.25 ms per call at 50 concurrent calls). Connections
 * are kept per API origin, up to MAX_CONNECTIONS at once, so a burst queues here rather than
 * opening a connection per request.
 */
import { Pool, type Dispatcher } from 'undici';

export interface ApiAnswer {
  status: number;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
}

export interface ApiConnection {
  post(path: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<ApiAnswer>;
  close(): void;
}

const MAX_CONNECTIONS = 64;
/** At most this much of an answer is read; the API's answers are small JSON documents. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export function apiConnection(apiUrl: string): ApiConnection {
  const base = new URL(apiUrl);
  const pool = new Pool(base.origin, { connections: MAX_CONNECTIONS });
  // A path resolves against the API URL as a link would (the few operation paths, resolved once each).
  const targets = new Map<string, string>();
  const targetOf = (path: string) => {
    let target = targets.get(path);
    if (target === undefined) {
      const url = new URL(path, base);
      target = `${url.pathname}${url.search}`;
      targets.set(path, target);
    }
    return target;
  };
  return {
    post(path, headers, body, timeoutMs) {
      return new Promise<ApiAnswer>((resolve, reject) => {
        // The timeout bounds the wait for the answer's headers and each pause within its body.
        pool.dispatch(
          { path: targetOf(path), method: 'POST', headers, body, headersTimeout: timeoutMs, bodyTimeout: timeoutMs },
          collectAnswer(resolve, reject),
        );
      });
    },
    close: () => {
      pool.destroy().catch(() => {});
    },
  };
}

/** A dispatch handler that gathers the answer's body (at most MAX_ANSWER_BYTES) and settles with it. */
function collectAnswer(resolve: (answer: ApiAnswer) => void, reject: (error: Error) => void): Dispatcher.DispatchHandler {
  const chunks: Buffer[] = [];
  let size = 0;
  let status = 0;
  return {
    onRequestStart() {},
    onResponseStart(_controller, statusCode) {
      status = statusCode;
    },
    onResponseData(controller, chunk) {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) return controller.abort(new Error(`The API's answer exceeds ${MAX_ANSWER_BYTES} bytes.`));
      chunks.push(chunk);
    },
    onResponseEnd() {
      resolve({ status, body: parseJson(Buffer.concat(chunks, size).toString('utf8')) });
    },
    onResponseError(_controller, error) {
      reject(error);
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
