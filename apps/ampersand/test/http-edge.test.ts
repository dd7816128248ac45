/**
 * The API process's HTTP edge, over real loopback connections (issue 26): every route, the JSON
 * API and the authorization server alike, stands behind the kit's body limit, and a refused body
 * leaves the connection usable; a client metadata document nested absurdly deep is refused as a
 * bad request, not a crash; the provider's answers carry the pipeline's correlation id.
 */
import { request as httpRequest, Agent, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, createAndee } from './support/andee-tokens.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

let amp: RunningAmpersand;
let token: string;

beforeAll(async () => {
  amp = await startAmpersand();
  token = await accessToken(amp, await createAndee(amp, 'edge_ada', 'Ada'));
});
afterAll(async () => {
  await amp?.close();
});

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  text: string;
}

/** One request through node:http (optionally a given agent), its body written in chunks as the server takes them. */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | { bytes: number; chunk?: number }; agent?: Agent },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname, method: options.method ?? 'POST', headers: options.headers, agent: options.agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    // A server that answers before the whole body is sent may close the socket on the rest: the answer already arrived.
    req.on('error', (error) => (req.destroyed && (req as unknown as { res?: unknown }).res ? undefined : reject(error)));
    const body = options.body;
    if (body === undefined || typeof body === 'string') return void req.end(body);
    const chunk = Buffer.alloc(body.chunk ?? 64 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < body.bytes && !req.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, body.bytes - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!req.destroyed) req.end();
    };
    pump();
  });
}

const json = (text: string) => JSON.parse(text) as Record<string, any>;

describe('the body limit on the JSON API', () => {
  it('refuses 2 MiB to /v1/* with 413 before the route reads it', async () => {
    const answer = await send(`${amp.apiUrl}/v1/connections/read`, {
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': String(2 * 1024 * 1024) },
      body: { bytes: 2 * 1024 * 1024 },
    });
    expect(answer.status).toBe(413);
    expect(json(answer.text).error).toMatchObject({ code: 'body_too_large', retryable: false, details: { maxBytes: 1024 * 1024 } });
  });

  it('refuses a chunked body over the limit too, counted as it arrives', async () => {
    const answer = await send(`${amp.apiUrl}/v1/connections/read`, {
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: { bytes: 1024 * 1024 + 1 },
    });
    expect(answer.status).toBe(413);
    expect(json(answer.text).error.code).toBe('body_too_large');
  });

  it('keeps memory flat under a 150 MiB body: it is never read', { timeout: 60_000 }, async () => {
    global.gc?.();
    const before = process.memoryUsage().rss;
    const answer = await send(`${amp.apiUrl}/v1/connections/read`, {
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': String(150 * 1024 * 1024) },
      body: { bytes: 150 * 1024 * 1024, chunk: 1024 * 1024 },
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('still answers a body within the limit', async () => {
    const answer = await send(`${amp.apiUrl}/v1/connections/read`, {
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(answer.status).toBe(200);
  });
});

describe('a connection after a 413', () => {
  it('answers ten follow-ups on the same keep-alive connection, each within a second', { timeout: 30_000 }, async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const sockets = new Set<unknown>();
      agent.on('free', (socket) => sockets.add(socket));
      const form = `grant_type=client_credentials&pad=${'x'.repeat(900 * 1024)}`;
      const refused = await send(`${amp.apiUrl}/oauth/token`, {
        agent,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(form.length) },
        body: form,
      });
      expect(refused.status).toBe(413);
      expect(json(refused.text)).toMatchObject({ error: 'invalid_request' });
      for (let i = 0; i < 10; i++) {
        const started = performance.now();
        const answer = await send(`${amp.apiUrl}/oauth/token`, {
          agent,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=authorization_code&code=nope&client_id=nobody',
        });
        expect(performance.now() - started).toBeLessThan(1000);
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(json(answer.text).error).toBeTypeOf('string');
      }
      // The refused body was drained, so the connection was kept rather than replaced.
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });
});

describe('client registration with deeply nested JSON', () => {
  for (const depth of [10_000, 100_000]) {
    it(`refuses ${depth.toLocaleString('en')} levels with 400 invalid_request, registering nothing`, async () => {
      const before = await clients();
      const body = `{"client_name":"Deep","redirect_uris":["http://127.0.0.1:1/cb"],"jwks":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      const answer = await send(`${amp.apiUrl}/oauth/register`, { headers: { 'Content-Type': 'application/json' }, body });
      expect(answer.status).toBe(400);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(json(answer.text)).toMatchObject({ error: 'invalid_request' });
      expect(await clients()).toBe(before);
    });
  }
});

describe('the authorization server inside the pipeline', () => {
  it('echoes a correlation id on the provider’s own answers', async () => {
    const answer = await send(`${amp.apiUrl}/.well-known/oauth-authorization-server`, { method: 'GET', headers: { 'X-Request-Id': 'edge-check-1' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-request-id']).toBe('edge-check-1');
  });
});

async function clients(): Promise<number> {
  const row = await amp.database.db
    .selectFrom('oauth_store')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('model', '=', 'Client')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
