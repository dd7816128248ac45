/**
 * A browser-based MCP client in headless Chromium: a page on a configured allowed origin calls
 * `/mcp` with the headers MCP uses (a preflight first, since they are not CORS-safelisted),
 * reads the answers and the exposed `WWW-Authenticate`; a page on a foreign origin gets nothing,
 * its preflight and its POST are refused with 403, and its planning call writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchChromium, reportMissingBrowser } from '@agent-products/kit/testing';
import { issueCredential, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

reportMissingBrowser('cors-browser.test');

const ALLOWED = 'http://agent-app.localhost';
const FOREIGN = 'http://elsewhere.localhost';

interface BrowserCall {
  ok: boolean;
  status?: number;
  body?: any;
  wwwAuthenticate?: string | null;
  failure?: string;
}

describe.skipIf(!browserAvailable)('CORS on /mcp from Chromium', () => {
  let server: RunningChengdu;
  let browser: Browser;
  let context: BrowserContext;
  let token: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startChengdu({ extraOrigins: [ALLOWED] }), launchChromium()]);
    token = (await issueCredential(server)).token;
    // Both origins are .localhost names (loopback to Chromium), so they may call the loopback server.
    context = await browser.newContext({ permissions: ['local-network-access'] });
    await context.route(/^http:\/\/(agent-app|elsewhere)\.localhost\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!DOCTYPE html><title>client</title>' }),
    );
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  async function pageOn(origin: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    return page;
  }

  /** A JSON-RPC POST from the page, as a browser MCP client sends it. */
  function call(page: Page, message: unknown, bearer?: string): Promise<BrowserCall> {
    return page.evaluate(
      async ({ url, message, bearer }) => {
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Accept: 'application/json, text/event-stream',
              'MCP-Protocol-Version': '2025-06-18',
              ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
            },
            body: JSON.stringify(message),
          });
          return { ok: true, status: response.status, body: await response.json(), wwwAuthenticate: response.headers.get('WWW-Authenticate') };
        } catch (error) {
          return { ok: false, failure: String(error) };
        }
      },
      { url: `${server.url}/mcp`, message, bearer },
    );
  }

  const propose = (key: string) => ({
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { name: 'propose_chengdu_itinerary', arguments: { dayCount: 1, rhythm: 'balanced', discovery: 'blend', atmosphere: 'quiet', idempotencyKey: key } },
  });
  const draftCount = async () =>
    Number(
      (
        await server.database.db
          .selectFrom('drafts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('lets an allowed origin list tools, plan with its credential and read the 401 challenge', async () => {
    const page = await pageOn(ALLOWED);
    const listed = await call(page, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(listed).toMatchObject({ ok: true, status: 200 });
    expect(listed.body.result.tools.map((t: any) => t.name)).toContain('propose_chengdu_itinerary');

    const before = await draftCount();
    const planned = await call(page, propose('cors-allowed-1'), token);
    expect(planned).toMatchObject({ ok: true, status: 200 });
    expect(planned.body.result.structuredContent.status).toBe('draft');
    expect(await draftCount()).toBe(before + 1);

    const refused = await call(page, propose('cors-allowed-2'));
    expect(refused).toMatchObject({ ok: true, status: 401 });
    expect(refused.wwwAuthenticate).toMatch(/^Bearer /);
    await page.close();
  });

  it('gives a foreign origin nothing: its calls fail in the browser, are 403 at the server and write nothing', async () => {
    const page = await pageOn(FOREIGN);
    const before = await draftCount();
    for (const outcome of [await call(page, { jsonrpc: '2.0', id: 1, method: 'tools/list' }), await call(page, propose('cors-foreign-1'), token)]) {
      expect(outcome.ok).toBe(false);
      expect(outcome.failure).toContain('TypeError');
    }
    expect(await draftCount()).toBe(before);
    await page.close();

    // What the browser was told, asked the same way from outside it.
    const preflight = await fetch(`${server.url}/mcp`, {
      method: 'OPTIONS',
      headers: { Origin: FOREIGN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' },
    });
    const post = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { Origin: FOREIGN, 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(propose('cors-foreign-2')),
    });
    for (const response of [preflight, post]) {
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
    expect(await draftCount()).toBe(before);
  });
});
