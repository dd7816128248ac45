/**
 * The body limit and nesting guard over real loopback connections: refusals before the route
 * reads, chunked bodies counted and still readable by the route, and the connection after a 413
 * either drained and kept (the next request on it answered at once) or closed when the rest is
 * too large to drain. Also the Node-callback route (node-callback.ts) behind the same pipeline.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../log/index.ts';
import { createHttpApp } from './app.ts';
import { DRAIN_ALLOWANCE_BYTES } from './body-limit.ts';
import { nodeCallbackRoute } from './node-callback.ts';
import { listen, type RunningServer } from './serve.ts';

const LIMIT = 64 * 1024;
let server: RunningServer;

beforeAll(async () => {
  const app = createHttpApp({
    log: createLogger({ name: 'test', level: 'silent' }),
    allowedOrigins: ['https://app.example'],
    corsPaths: [{ path: /^\/node\//, methods: 'POST' }],
    maxBodyBytes: (path) => (path.startsWith('/small/') ? LIMIT : 1024 * 1024),
    maxJsonDepth: (path) => (path.startsWith('/small/') ? 8 : undefined),
    errorSurface: (c) => (c.req.path.startsWith('/node/') ? 'oauth' : 'json'),
    health: { dependencies: [] },
  });
  app.post('/small/echo', async (c) => c.json({ bytes: Buffer.byteLength(await c.req.text()) }));
  app.post('/big/echo', async (c) => c.json({ bytes: Buffer.byteLength(await c.req.text()) }));
  app.post(
    '/node/echo',
    nodeCallbackRoute(
      (req, res) => {
        res.writeHead(201, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ body: (req as typeof req & { body?: string }).body }));
      },
      { readBody: () => true, inspect: (_c, _req, body) => (body === 'refuse' ? Response.json({ refused: true }, { status: 429 }) : undefined) },
    ),
  );
  server = await listen(app.fetch, 0);
});
afterAll(async () => {
  await server?.close();
});

/** Raw HTTP/1.1 over one socket: each request is written after the previous answer arrived; answers come back in order. */
async function onOneConnection(requests: string[], perAnswerMs = 2000): Promise<{ answers: string[]; closed: boolean }> {
  const socket = connect(server.port, '127.0.0.1');
  socket.on('error', () => {});
  let buffered = '';
  let closed = false;
  socket.on('data', (chunk) => (buffered += chunk.toString('latin1')));
  socket.on('close', () => (closed = true));
  await new Promise((resolve) => socket.once('connect', resolve));
  const answers: string[] = [];
  for (const request of requests) {
    if (closed) break;
    socket.write(request);
    const deadline = Date.now() + perAnswerMs;
    while (!completeAnswer(buffered) && Date.now() < deadline && !closed) await new Promise((resolve) => setTimeout(resolve, 5));
    const length = completeAnswer(buffered);
    if (!length) break;
    answers.push(buffered.slice(0, length));
    buffered = buffered.slice(length);
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  socket.destroy();
  return { answers, closed };
}

/** The length of the first complete answer in `text` (with a Content-Length), or 0. */
function completeAnswer(text: string): number {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return 0;
  const length = Number(/content-length: (\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
  return text.length >= end + 4 + length ? end + 4 + length : 0;
}

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${Object.entries(
    headers,
  )
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n${body}`;
const statusOf = (answer: string) => Number(answer.split(' ')[1]);

describe('the body limit', () => {
  it('refuses a declared body over the limit with 413 and answers the next requests on the same connection at once', async () => {
    const { answers } = await onOneConnection(
      [post('/small/echo', 'x'.repeat(LIMIT + 1)), ...Array.from({ length: 5 }, () => post('/small/echo', '{}'))],
      1000,
    );
    expect(answers.map(statusOf)).toEqual([413, 200, 200, 200, 200, 200]);
    expect(answers[0]).toContain('"code":"body_too_large"');
    expect(answers[0]).not.toMatch(/connection: close/i);
  });

  it('closes the connection when the rest of the body is too large to drain', async () => {
    const declared = LIMIT + DRAIN_ALLOWANCE_BYTES + 1;
    const head = `POST /small/echo HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nContent-Type: text/plain\r\nContent-Length: ${declared}\r\n\r\n`;
    const { answers, closed } = await onOneConnection([head + 'x'.repeat(1024)]);
    expect(statusOf(answers[0]!)).toBe(413);
    expect(answers[0]).toMatch(/connection: close/i);
    expect(closed).toBe(true);
  });

  it('counts a chunked body as it arrives, refuses it past the limit, and hands one within it to the route intact', async () => {
    const chunked = (bytes: number) =>
      fetch(`${server.url}/small/echo`, { method: 'POST', body: new Blob(['y'.repeat(bytes)]).stream(), duplex: 'half' } as RequestInit);
    const over = await chunked(LIMIT + 1);
    expect(over.status).toBe(413);
    expect((await over.json()).error).toMatchObject({ code: 'body_too_large', details: { maxBytes: LIMIT } });
    const within = await chunked(LIMIT);
    expect(within.status).toBe(200);
    expect(await within.json()).toEqual({ bytes: LIMIT });
  });

  it('keeps each path’s own limit', async () => {
    const body = 'z'.repeat(LIMIT * 2);
    expect((await fetch(`${server.url}/big/echo`, { method: 'POST', body })).status).toBe(200);
    expect((await fetch(`${server.url}/small/echo`, { method: 'POST', body })).status).toBe(413);
  });
});

describe('the nesting guard', () => {
  it('refuses JSON nested past the depth with 400 naming the body, even when the body is also too large', async () => {
    for (const depth of [9, 100_000]) {
      const answer = await fetch(`${server.url}/small/echo`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: `${'['.repeat(depth)}${']'.repeat(depth)}`,
      });
      expect(answer.status).toBe(400);
      expect((await answer.json()).error).toMatchObject({ code: 'invalid_arguments', details: { fields: [{ field: 'body' }] } });
    }
    const shallow = await fetch(`${server.url}/small/echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `${'['.repeat(8)}${']'.repeat(8)}`,
    });
    expect(shallow.status).toBe(200);
  });

  it('leaves unguarded paths to their route', async () => {
    const answer = await fetch(`${server.url}/big/echo`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: `${'['.repeat(100)}${']'.repeat(100)}`,
    });
    expect(answer.status).toBe(200);
  });
});

describe('a Node-callback route', () => {
  it('gets the read body, and its answer carries the correlation id and CORS of the pipeline', async () => {
    const answer = await fetch(`${server.url}/node/echo`, {
      method: 'POST',
      headers: { 'X-Request-Id': 'node-1', Origin: 'https://app.example' },
      body: 'hello',
    });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ body: 'hello' });
    expect(answer.headers.get('x-request-id')).toBe('node-1');
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://app.example');
  });

  it('is answered by the product’s inspection instead when it refuses, and by the pipeline’s refusals first', async () => {
    const refused = await fetch(`${server.url}/node/echo`, { method: 'POST', body: 'refuse' });
    expect(refused.status).toBe(429);
    const foreign = await fetch(`${server.url}/node/echo`, { method: 'POST', headers: { Origin: 'https://evil.example' }, body: 'hello' });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: 'origin_rejected' });
  });
});
