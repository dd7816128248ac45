/** Routes throw and one handler renders: a ToolError at its table status on the request's surface; a lost database is 503; anything else a 500 without its message. */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../log/index.ts';
import { defineErrorTable } from './error-table.ts';
import { errorHandler } from './error-handler.ts';

const { fail } = defineErrorTable({ shelf_empty: { status: 404, retryable: false, meaning: 'No item on this shelf.' } });
const log = createLogger({ name: 'test', level: 'silent' });

function app() {
  const hono = new Hono();
  hono.use('*', async (c, next) => {
    c.set('correlationId' as never, 'corr-h' as never);
    await next();
  });
  hono.get('/api/shelf', () => {
    throw fail('shelf_empty', 'Nothing here.');
  });
  hono.get('/page/shelf', () => {
    throw fail('shelf_empty', 'Nothing here.');
  });
  hono.post('/token', () => {
    throw fail('invalid_arguments', 'Invalid arguments: grant_type.', { fields: [{ field: 'grant_type', problem: 'Required' }] });
  });
  hono.get('/db', () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  hono.get('/bug', () => {
    throw new Error('secret internals');
  });
  hono.onError(
    errorHandler({
      log,
      surface: (c) => (c.req.path === '/token' ? 'oauth' : c.req.path.startsWith('/page/') ? 'html' : 'json'),
      page: (problem) => `<h1>${problem.message}</h1><p>${problem.code}</p>`,
    }),
  );
  return hono;
}

describe('the error handler', () => {
  it('renders a thrown ToolError as JSON at its status', async () => {
    const response = await app().request('/api/shelf');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'shelf_empty', message: 'Nothing here.', retryable: false, correlationId: 'corr-h' } });
  });

  it('renders it as the product’s page on the html surface', async () => {
    const response = await app().request('/page/shelf');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('<h1>Nothing here.</h1><p>shelf_empty</p>');
  });

  it('renders it as an RFC 6749 body on the oauth surface', async () => {
    const response = await app().request('/token', { method: 'POST' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalid_request', error_description: 'Invalid arguments: grant_type.' });
  });

  it('answers a lost database as unavailable with Retry-After, and a bug as internal_error without its message', async () => {
    const db = await app().request('/db');
    expect(db.status).toBe(503);
    expect(db.headers.get('retry-after')).toBe('5');
    expect((await db.json()).error).toMatchObject({ code: 'unavailable', retryable: true });
    const bug = await app().request('/bug');
    expect(bug.status).toBe(500);
    const text = await bug.text();
    expect(text).toContain('internal_error');
    expect(text).not.toContain('secret internals');
  });
});
