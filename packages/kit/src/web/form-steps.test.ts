/**
 * The form steps in a route: no session → the product's refusal and the handler never runs; a
 * live session with an unreadable form → the unreadable answer; a form without the session's own
 * CSRF token → refused; only a signed-in browser's own form reaches the handler, with the
 * session and form in its context.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loadSession, readFormStep, requireSession, sessionCsrfStep } from './form-steps.ts';
import { SiteCookies } from './site-cookies.ts';

const live = new Map([['s-good', { person: 'p1', csrfToken: 'token-p1' }]]);

function app() {
  const handled: string[] = [];
  const web = new Hono();
  web.post(
    '/change',
    loadSession({ cookies: new SiteCookies('http://127.0.0.1:9200'), cookieName: 'sid', resume: async (id) => live.get(id) }),
    requireSession((c) => c.text('sign in first', 403)),
    readFormStep((c, failure) => c.text(failure.message, failure.status)),
    sessionCsrfStep((c) => c.text('form refused', 403)),
    (c) => {
      handled.push(`${c.var.session?.person}:${c.var.form.get('what')}`);
      return c.text('changed');
    },
  );
  return { web, handled };
}

const form = (body: string, cookie?: string, type = 'application/x-www-form-urlencoded') => ({
  method: 'POST',
  body,
  headers: { 'content-type': type, ...(cookie ? { cookie } : {}) },
});

describe('form steps', () => {
  it('refuses a browser without a live session before reading its form', async () => {
    const { web, handled } = app();
    for (const cookie of [undefined, 'sid=s-unknown']) {
      const answer = await web.request('/change', form('csrf=token-p1&what=x', cookie));
      expect([answer.status, await answer.text()]).toEqual([403, 'sign in first']);
    }
    expect(handled).toEqual([]);
  });

  it('answers an unreadable form with its reason', async () => {
    const { web, handled } = app();
    const answer = await web.request('/change', form('{"csrf":"token-p1"}', 'sid=s-good', 'application/json'));
    expect(answer.status).toBe(415);
    expect(handled).toEqual([]);
  });

  it('refuses a form without the session’s own CSRF token, or with the token field twice', async () => {
    const { web, handled } = app();
    for (const body of [
      'what=x',
      'csrf=token-p2&what=x',
      'csrf=&what=x',
      'csrf=token-p1&csrf=token-p2&what=x',
      'csrf=token-p2&csrf=token-p1&what=x',
      'csrf=token-p1&csrf=token-p1&what=x',
    ]) {
      const answer = await web.request('/change', form(body, 'sid=s-good'));
      expect([answer.status, await answer.text()]).toEqual([403, 'form refused']);
    }
    expect(handled).toEqual([]);
  });

  it('runs the handler for the signed-in browser’s own form, with its session and form', async () => {
    const { web, handled } = app();
    const answer = await web.request('/change', form('csrf=token-p1&what=x', 'sid=s-good'));
    expect([answer.status, await answer.text()]).toEqual([200, 'changed']);
    expect(handled).toEqual(['p1:x']);
  });

  it('marks every answer to a browser with a live session private, no-store, and only those', async () => {
    const { web } = app();
    for (const body of ['csrf=token-p1&what=x', 'csrf=forged&what=x']) {
      expect((await web.request('/change', form(body, 'sid=s-good'))).headers.get('cache-control'), body).toBe('private, no-store');
    }
    expect((await web.request('/change', form('csrf=token-p1&what=x'))).headers.get('cache-control')).toBeNull();
    expect((await web.request('/change', form('csrf=token-p1&what=x', 'sid=s-unknown'))).headers.get('cache-control')).toBeNull();
  });
});
