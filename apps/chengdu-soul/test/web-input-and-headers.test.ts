/**
 * Small promises of the web pages: `/agents` refuses a query with a NUL
 * as the search tool does (400, the character never reflected), a search page carrying a
 * visitor's query is never indexed while the plain listing may be, and the signed-in owner's `/`
 * sends `Referrer-Policy: same-origin`.
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
    for (const query of ['q=temple', 'atmosphere=quiet', 'q=tea&limit=3']) {
      const response = await fetch(`${server.url}/agents?${query}`);
      expect(response.status, query).toBe(200);
      expect(response.headers.get('x-robots-tag'), query).toBe('noindex');
    }
    const listing = await fetch(`${server.url}/agents`);
    expect(listing.status).toBe(200);
    expect(listing.headers.get('x-robots-tag')).toBeNull();
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
