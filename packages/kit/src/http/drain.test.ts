/**
 * A served app's drain over real HTTP on loopback: readiness turns false while the port still
 * accepts, a request in flight when the drain starts finishes with its answer, and the port then
 * refuses; a request that would outlive the bound is cut at it, so a drain always ends.
 */
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, listenNode, type RunningServer } from './serve.ts';

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** An app whose `/slow` answers when the test releases it; everything else answers at once. */
function slowApp() {
  let release: () => void = () => {};
  let entered: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const fetch = async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === '/slow') {
      entered();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return new Response('finished');
    }
    return Response.json({ status: path === '/health/ready' ? 'ready' : 'ok' });
  };
  return { fetch, started, release: () => release() };
}

/** One GET on a connection of its own (no pool), resolving with the status and body or the socket error. */
function get(url: string): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    httpRequest(url, { agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
      response.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    })
      .on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }))
      .end();
  });
}

describe('drain', () => {
  it('turns readiness false first, lets the request in flight finish, then refuses connections', async () => {
    const app = slowApp();
    server = await listen(app.fetch, 0);
    expect(await get(`${server.url}/health/ready`)).toEqual({ status: 200, body: '{"status":"ready"}' });
    const inFlight = get(`${server.url}/slow`);
    await app.started;

    const drained = server.drain({ delayMs: 1000, timeoutMs: 5000 });
    // Still accepting during the delay, but not ready: a load balancer stops sending work here.
    expect(await get(`${server.url}/health/ready`)).toEqual({ status: 503, body: '{"status":"draining"}' });
    expect(await get(`${server.url}/health`)).toMatchObject({ status: 200 });

    app.release();
    expect(await inFlight).toEqual({ status: 200, body: 'finished' });
    await drained;
    expect(await get(`${server.url}/health`)).toEqual({ error: 'ECONNREFUSED' });
  });

  it('cuts a request still running at the bound, so the drain ends', async () => {
    const app = slowApp();
    server = await listen(app.fetch, 0);
    const inFlight = get(`${server.url}/slow`);
    await app.started;
    const started = Date.now();
    await server.drain({ delayMs: 0, timeoutMs: 300 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(await inFlight).toMatchObject({ error: expect.any(String) });
    app.release();
  });

  it('drains a Node request listener the same way', async () => {
    let release: () => void = () => {};
    let entered: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      entered = resolve;
    });
    server = await listenNode((req, res) => {
      if (req.url !== '/slow') return void res.end('other');
      entered();
      release = () => res.end('finished');
    }, 0);
    const inFlight = get(`${server.url}/slow`);
    await started;
    const drained = server.drain({ delayMs: 1000, timeoutMs: 5000 });
    expect(await get(`${server.url}/health/ready`)).toEqual({ status: 503, body: '{"status":"draining"}' });
    release();
    expect(await inFlight).toEqual({ status: 200, body: 'finished' });
    await drained;
  });
});
