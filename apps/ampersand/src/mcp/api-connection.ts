/**
 * The MCP service's connection to the API: JSON POSTs over a keep-alive agent.
 *
 * Every tool call is one hop to the API, so the hop is on the hot path of every call. Global
 * `fetch` builds WHATWG Request/Response objects and web streams for each call (measured: about
 * a fifth of the MCP process's CPU under the tool-call benchmark); node:http with a keep-alive
 * agent reuses the sockets and hands back the body as one string. Sockets are kept per API
 * origin, up to MAX_SOCKETS at once, so a burst queues here rather than opening a connection
 * per request.
 */
import http from 'node:http';
import https from 'node:https';

export interface ApiAnswer {
  status: number;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
}

export interface ApiConnection {
  post(path: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<ApiAnswer>;
  close(): void;
}

const MAX_SOCKETS = 64;
/** At most this much of an answer is read; the API's answers are small JSON documents. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export function apiConnection(apiUrl: string): ApiConnection {
  const base = new URL(apiUrl);
  const secure = base.protocol === 'https:';
  const agent = secure ? new https.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }) : new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS });
  const request = secure ? https.request : http.request;
  return {
    post(path, headers, body, timeoutMs) {
      const url = new URL(path, base);
      return new Promise<ApiAnswer>((resolve, reject) => {
        const req = request(
          url,
          { method: 'POST', agent, headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }, timeout: timeoutMs },
          (res) => {
            const chunks: Buffer[] = [];
            let size = 0;
            res.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size > MAX_ANSWER_BYTES) return void req.destroy(new Error(`The API's answer exceeds ${MAX_ANSWER_BYTES} bytes.`));
              chunks.push(chunk);
            });
            res.on('error', reject);
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: parseJson(Buffer.concat(chunks).toString('utf8')) }));
          },
        );
        req.on('timeout', () => req.destroy(new Error(`The API did not answer within ${timeoutMs} ms.`)));
        req.on('error', reject);
        req.end(body);
      });
    },
    close: () => agent.destroy(),
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
