/**
 * Small promises of the web pages: `/agents` refuses a query with a NUL
 * as the search tool does (400, the character never reflected), a search page carrying a
 * visitor's query is never indexed while the plain listing may be, and the signed-in owner's `/`
 * sends `Referrer-Policy: same-origin`. A NUL or broken UTF-8 in the path of a page that looks
 * its path up (a shared page, a sign-in link, a scene) is a 400 page naming the path, never the
 * 500 PostgreSQL's refusal of `0x00` used to be.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSTORABLE_TEXT } from '@agent-products/kit/mcp';
import { signInOwner, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

let server: RunningChengdu;
beforeAll(async () => {
  server = await startChengdu();
});
afterAll(async () => {
  await server?.stop();
});

describe('/agents with a visitor query', () => {
  it('refuses a NUL like the tool, never reflecting it', async () => {
    // A URL cannot carry an unpaired surrogate (its UTF-8 decodes to U+FFFD), so NUL is the case.
    for (const q of ['%00', 'temple%00', 'tea%00house']) {
      for (const param of ['q', 'atmosphere', 'discovery', 'limit']) {
        const response = await fetch(`${server.url}/agents?${param}=${q}`);
        const html = await response.text();
        expect(response.status, `${param}=${q}`).toBe(400);
        expect(html, `${param}=${q}`).not.toMatch(UNSTORABLE_TEXT);
        expect(html).toContain('contains a NUL character or an unpaired surrogate');
        expect(response.headers.get('x-robots-tag')).toBe('noindex');
      }
    }
  });

  it('is noindex whenever it carries a query, and the plain listing is not', async () => {
    for (const query of ['q=temple', 'atmosphere=quiet', 'q=tea&limit=3', 'q=hotpot', 'discovery=nope']) {
      const response = await fetch(`${server.url}/agents?${query}`);
      expect(response.headers.get('x-robots-tag'), query).toBe('noindex');
      // The page's own meta robots says the same as the header, never "index".
      expect(await response.text(), query).toContain('<meta name="robots" content="noindex"/>');
    }
    const listing = await fetch(`${server.url}/agents`);
    expect(listing.status).toBe(200);
    expect(listing.headers.get('x-robots-tag')).toBeNull();
    expect(await listing.text()).toContain('<meta name="robots" content="index, follow"/>');
  });

  it('answers an address nothing serves with its own 404 page: language, title, the way back, not indexed', async () => {
    for (const path of ['/nope', '/agents/nope/deeper', '/p']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await response.text();
      expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/i);
      expect(html).toContain('<title>Page not found · Chengdu Soul 成都</title>');
      expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
      expect(html).toContain('<a href="/">Start page</a>');
      expect(html).toContain('<a href="/agents">All Chengdu scenes</a>');
    }
  });
});

describe('the signed-in owner page', () => {
  it('sends Referrer-Policy: same-origin', async () => {
    const { cookie } = await signInOwner(server);
    const home = await fetch(`${server.url}/`, { headers: { Cookie: cookie } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('owner@example.com');
    expect(home.headers.get('referrer-policy')).toBe('same-origin');
  });
});

describe('a path that cannot be text', () => {
  it.each([
    ['/p/%00', 'contains a NUL character or an unpaired surrogate'],
    ['/p/abc%00def?start=2030-01-01', 'contains a NUL character or an unpaired surrogate'],
    ['/p/%FF', 'is not valid UTF-8'],
    ['/signin/%00', 'contains a NUL character or an unpaired surrogate'],
    ['/agents/scenes/%00', 'contains a NUL character or an unpaired surrogate'],
    ['/agents/scenes/%E7%86', 'is not valid UTF-8'],
  ])('%s is a 400 page naming the path', async (path, problem) => {
    const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    const html = await response.text();
    expect(html).toContain(`<code>path</code>: ${problem}`);
    expect(html).not.toMatch(UNSTORABLE_TEXT);
  });

  it('refuses a NUL in the shared page’s query too, and still serves one that is text', async () => {
    const response = await fetch(`${server.url}/p/nothing-here?start=%00`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('<code>query parameter start</code>');
    expect((await fetch(`${server.url}/p/nothing-here?start=2030-01-01`)).status).toBe(404);
  });
});
