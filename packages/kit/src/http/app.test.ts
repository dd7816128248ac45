/**
 * The HTTP shell: correlation ids honoured or generated and echoed, one JSON log line per request
 * without credentials, health, and one error mapping that never leaks internals.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../log/index.ts';
import { createHttpApp } from './app.ts';
import { dependencyStates } from './health.ts';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, log: createLogger({ name: 'test', level: 'info', destination }) };
}

function appWith(log = capture().log, healthy = true) {
  const app = createHttpApp({
    log,
    allowedOrigins: ['http://127.0.0.1:8401'],
    secretPathPrefixes: ['/p/'],
    health: {
      dependencies: [
        { name: 'store', essential: true, neededFor: 'writes', probe: async () => healthy },
        { name: 'extras', essential: false, neededFor: 'nice-to-haves', probe: async () => false },
      ],
      details: () => ({ catalogVersion: 'v1' }),
    },
  });
  app.get('/boom', () => {
    throw new Error('secret stack detail');
  });
  app.get('/p/:token', (c) => c.text('page'));
  return app;
}

describe('correlation ids and logs', () => {
  it('honours a sane X-Request-Id, echoes it and logs it without the Authorization header', async () => {
    const { lines, log } = capture();
    const response = await appWith(log).request('http://127.0.0.1:8401/health', {
      headers: { 'X-Request-Id': 'req-123', Authorization: 'Bearer top-secret', Host: '127.0.0.1:8401' },
    });
    expect(response.headers.get('x-request-id')).toBe('req-123');
    await new Promise((resolve) => setImmediate(resolve));
    const line = lines.find((l) => l.msg === 'request')!;
    expect(line).toMatchObject({ correlationId: 'req-123', method: 'GET', path: '/health', status: 200 });
    expect(JSON.stringify(lines)).not.toContain('top-secret');
  });

  it('replaces an unusable X-Request-Id with a generated one', async () => {
    const response = await appWith().request('http://127.0.0.1:8401/health', { headers: { 'X-Request-Id': 'bad id\n', Host: '127.0.0.1:8401' } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs only the start of a capability path', async () => {
    const { lines, log } = capture();
    await appWith(log).request('http://127.0.0.1:8401/p/abcdefghijklmnop', { headers: { Host: '127.0.0.1:8401' } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(JSON.stringify(lines)).not.toContain('abcdefghijklmnop');
  });
});

describe('paths nothing answers', () => {
  it('answers the product’s own page as a 404 that is not indexed, behind the same pipeline', async () => {
    const app = createHttpApp({
      log: capture().log,
      allowedOrigins: [],
      health: { dependencies: [] },
      notFoundPage: (c) => `<!doctype html><html lang="ru"><title>Нет такой страницы</title><p>${c.req.path}</p></html>`,
    });
    app.get('/here', (c) => c.text('here'));
    const missing = await app.request('http://127.0.0.1:8401/nope', { headers: { Host: '127.0.0.1:8401', 'X-Request-Id': 'req-404-check' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/html/);
    expect(missing.headers.get('x-robots-tag')).toBe('noindex');
    expect(missing.headers.get('x-request-id')).toBe('req-404-check');
    expect(await missing.text()).toContain('<html lang="ru"><title>Нет такой страницы</title><p>/nope</p>');
    expect((await app.request('http://127.0.0.1:8401/here', { headers: { Host: '127.0.0.1:8401' } })).status).toBe(200);
  });

  it('keeps the plain answer for a product that names no page', async () => {
    const missing = await appWith().request('http://127.0.0.1:8401/nope', { headers: { Host: '127.0.0.1:8401' } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('404 Not Found');
  });
});

describe('errors and health', () => {
  it('answers an unexpected error as a 500 with the correlation id and no internals', async () => {
    const response = await appWith().request('http://127.0.0.1:8401/boom', { headers: { Host: '127.0.0.1:8401' } });
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body.error.code).toBe('internal_error');
    expect(JSON.stringify(body)).not.toContain('secret stack detail');
  });

  it('reports degraded health with 503', async () => {
    const response = await appWith(capture().log, false).request('http://127.0.0.1:8401/health', { headers: { Host: '127.0.0.1:8401' } });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      status: 'degraded',
      catalogVersion: 'v1',
      dependencies: { store: { up: false, essential: true, neededFor: 'writes' }, extras: { up: false, essential: false } },
    });
    // Alive all the same: liveness does not depend on dependencies.
    const live = await appWith(capture().log, false).request('http://127.0.0.1:8401/health/live', { headers: { Host: '127.0.0.1:8401' } });
    expect(live.status).toBe(200);
    // Not ready: a load balancer sends it no work while an essential dependency is down.
    const ready = await appWith(capture().log, false).request('http://127.0.0.1:8401/health/ready', { headers: { Host: '127.0.0.1:8401' } });
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'degraded' });
  });

  it('stays ok when only a non-essential dependency is down, and counts a hanging probe as down', async () => {
    const ok = await appWith().request('http://127.0.0.1:8401/health', { headers: { Host: '127.0.0.1:8401' } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ status: 'ok', dependencies: { store: { up: true }, extras: { up: false } } });
    const ready = await appWith().request('http://127.0.0.1:8401/health/ready', { headers: { Host: '127.0.0.1:8401' } });
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    const states = await dependencyStates([{ name: 'hangs', essential: true, neededFor: 'x', probe: () => new Promise<boolean>(() => {}) }], 50);
    expect(states).toEqual({ hangs: { up: false, essential: true, neededFor: 'x' } });
  });

  it('refuses a foreign Origin and a foreign Host with 403', async () => {
    const origin = await appWith().request('http://127.0.0.1:8401/health', { headers: { Origin: 'https://evil.example.com', Host: '127.0.0.1:8401' } });
    expect(origin.status).toBe(403);
    expect((await origin.json()).error).toMatchObject({ code: 'origin_rejected', retryable: false });
    const host = await appWith().request('http://evil.example.com/health', { headers: { Host: 'evil.example.com' } });
    expect(host.status).toBe(403);
  });

  it('answers at its public address behind a proxy, and still only there and on loopback', async () => {
    const app = createHttpApp({ log: capture().log, allowedOrigins: [], publicUrl: 'https://soul.example.com', health: { dependencies: [] } });
    const viaProxy = await app.request('https://soul.example.com/health', { headers: { Host: 'soul.example.com', Origin: 'https://soul.example.com' } });
    expect(viaProxy.status).toBe(200);
    expect((await app.request('http://127.0.0.1:8401/health', { headers: { Host: '127.0.0.1:8401' } })).status).toBe(200);
    expect((await app.request('https://evil.example.com/health', { headers: { Host: 'evil.example.com' } })).status).toBe(403);
    const foreignOrigin = await app.request('https://soul.example.com/health', { headers: { Host: 'soul.example.com', Origin: 'https://evil.example.com' } });
    expect(foreignOrigin.status).toBe(403);
  });
});
