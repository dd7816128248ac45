/**
 * Site cookies: HttpOnly and SameSite=Lax always; on an https public URL Secure with the
 * `__Host-` prefix, and a same-named cookie without the prefix (planted by a sibling host) is not
 * read; on plain http neither, so loopback browsers keep them.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { SiteCookies } from './site-cookies.ts';

function appFor(publicUrl: string) {
  const cookies = new SiteCookies(publicUrl);
  const app = new Hono();
  app.get('/write', (c) => {
    cookies.write(c, 'visit', 'v1', 600);
    return c.text('ok');
  });
  app.get('/clear', (c) => {
    cookies.clear(c, 'visit');
    return c.text('ok');
  });
  app.get('/read', (c) => c.text(cookies.read(c, 'visit') ?? '(none)'));
  return { app, cookies };
}

describe('SiteCookies', () => {
  it('on plain http sets an HttpOnly, Lax, site-wide cookie without Secure or a prefix', async () => {
    const { app, cookies } = appFor('http://127.0.0.1:9200');
    expect(cookies.secure).toBe(false);
    const set = (await app.request('/write')).headers.get('set-cookie')!;
    expect(set).toBe('visit=v1; Max-Age=600; Path=/; HttpOnly; SameSite=Lax');
    expect(await (await app.request('/read', { headers: { cookie: 'visit=v1' } })).text()).toBe('v1');
  });

  it('on https sets a Secure __Host- cookie and reads only the prefixed one', async () => {
    const { app, cookies } = appFor('https://example.test');
    expect(cookies.secure).toBe(true);
    const set = (await app.request('/write')).headers.get('set-cookie')!;
    expect(set).toBe('__Host-visit=v1; Max-Age=600; Path=/; HttpOnly; Secure; SameSite=Lax');
    expect(await (await app.request('/read', { headers: { cookie: '__Host-visit=v1' } })).text()).toBe('v1');
    expect(await (await app.request('/read', { headers: { cookie: 'visit=planted' } })).text()).toBe('(none)');
  });

  it('clears a cookie with the same path and prefix it was set with', async () => {
    const plain = (await appFor('http://127.0.0.1:9200').app.request('/clear')).headers.get('set-cookie')!;
    expect(plain).toMatch(/^visit=; Max-Age=0; Path=\//);
    const secure = (await appFor('https://example.test').app.request('/clear')).headers.get('set-cookie')!;
    expect(secure).toMatch(/^__Host-visit=; Max-Age=0; Path=\/; Secure/);
  });
});
