/**
 * CORS on /mcp, in-process: an allowed origin's preflight gets 204 with what MCP clients send,
 * its responses name that origin and expose the headers clients read; a foreign origin is 403
 * before the route runs, preflight included; other paths and non-browser requests get no CORS.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../log/index.ts';
import { createHttpApp } from './app.ts';
import { MCP_CORS_REQUEST_HEADERS } from './cors.ts';

const ALLOWED = 'http://app.example';
let reached = 0;
const app = createHttpApp({
  log: createLogger({ name: 'test', level: 'silent' }),
  allowedOrigins: [ALLOWED],
  health: { dependencies: [] },
});
app.all('/mcp', (c) => {
  reached += 1;
  if (c.req.method !== 'POST') return c.json({ error: 'POST only' }, 405, { Allow: 'POST' });
  return c.json({ ok: true }, 401, { 'WWW-Authenticate': 'Bearer realm="test"', 'Mcp-Protocol-Version': '2025-06-18' });
});
app.get('/page', (c) => c.text('page'));

const request = (path: string, init: RequestInit = {}) =>
  app.request(`http://127.0.0.1:8401${path}`, { ...init, headers: { Host: '127.0.0.1:8401', ...init.headers } });
const preflight = (origin: string) =>
  request('/mcp', {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type, authorization, mcp-protocol-version' },
  });

describe('CORS on /mcp', () => {
  it('answers an allowed origin’s preflight with 204, the method, the MCP request headers and a max age, without running the route', async () => {
    const before = reached;
    const response = await preflight(ALLOWED);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(response.headers.get('access-control-allow-methods')).toBe('POST');
    expect(response.headers.get('access-control-allow-headers')!.split(', ')).toEqual([...MCP_CORS_REQUEST_HEADERS]);
    expect(Number(response.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(response.headers.get('vary')).toBe('Origin');
    expect(reached).toBe(before);
  });

  it('names the allowed origin on the response and exposes WWW-Authenticate and Mcp-Protocol-Version', async () => {
    const response = await request('/mcp', { method: 'POST', headers: { Origin: ALLOWED, 'Content-Type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(response.headers.get('vary')).toContain('Origin');
    const exposed = response.headers.get('access-control-expose-headers')!.toLowerCase().split(', ');
    expect(exposed).toEqual(expect.arrayContaining(['www-authenticate', 'mcp-protocol-version']));
  });

  it('refuses a foreign origin with 403 before any work, preflight included, and tells it nothing', async () => {
    const before = reached;
    for (const response of [
      await preflight('http://evil.example'),
      await request('/mcp', { method: 'POST', headers: { Origin: 'http://evil.example' }, body: '{}' }),
    ]) {
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
    expect(reached).toBe(before);
  });

  it('adds nothing for requests without an Origin or on other paths', async () => {
    const agent = await request('/mcp', { method: 'POST', body: '{}' });
    expect(agent.headers.get('access-control-allow-origin')).toBeNull();
    const page = await request('/page', { headers: { Origin: ALLOWED } });
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
    const bare = await request('/mcp', { method: 'OPTIONS' });
    expect(bare.status).toBe(405);
  });
});
