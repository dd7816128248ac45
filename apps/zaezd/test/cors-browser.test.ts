/**
 * zaezd's `/mcp` for a browser-based MCP client, from headless Chromium: a page on an origin
 * zaezd is configured to allow (ZAEZD_ALLOWED_ORIGINS) sends headers that are not
 * CORS-safelisted, so the browser must preflight; the call succeeding proves both passed, and the
 * preflight answer is checked in detail. A page on any other origin reads nothing, and zaezd
 * answers its preflight and its POST with 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchChromium, reportMissingBrowser } from '@agent-products/kit/testing';
import { startStack, type RunningStack } from './support/start-stack.ts';

reportMissingBrowser('cors-browser.test');

const ALLOWED = 'http://agent-client.localhost';
const FOREIGN = 'http://other-site.localhost';
const LIST_TOOLS = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

type Outcome = { status: number; tools: string[] } | { failed: string };

describe.skipIf(!browserAvailable)('CORS on zaezd’s /mcp from Chromium', () => {
  let stack: RunningStack;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack({ extraOrigins: [ALLOWED] }), launchChromium()]);
    // .localhost names are loopback to Chromium, so their pages may call the loopback server.
    context = await browser.newContext({ permissions: ['local-network-access'] });
    await context.route(/^http:\/\/(agent-client|other-site)\.localhost\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!DOCTYPE html><title>a browser client</title>' }),
    );
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await stack?.stop();
  });

  async function listToolsFrom(origin: string): Promise<Outcome> {
    const page: Page = await context.newPage();
    await page.goto(`${origin}/`);
    const outcome = await page.evaluate(
      async ({ url, message }) => {
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18' },
            body: JSON.stringify(message),
          });
          const body = await response.json();
          return { status: response.status, tools: (body.result?.tools ?? []).map((t: { name: string }) => t.name) };
        } catch (error) {
          return { failed: String(error) };
        }
      },
      { url: `${stack.url}/mcp`, message: LIST_TOOLS },
    );
    await page.close();
    return outcome;
  }

  it('lets an allowed origin’s page preflight, POST and read the answer', async () => {
    const outcome = await listToolsFrom(ALLOWED);
    expect(outcome).toMatchObject({ status: 200 });
    expect((outcome as { tools: string[] }).tools).toEqual(expect.arrayContaining(['find_event_trips', 'get_trip_details', 'create_trip_checkout']));

    // The browser's preflight is not visible to the test; the same one, asked from outside it:
    const preflight = await fetch(`${stack.url}/mcp`, {
      method: 'OPTIONS',
      headers: { Origin: ALLOWED, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type, mcp-protocol-version' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('mcp-protocol-version');
    expect(Number(preflight.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(preflight.headers.get('vary')).toContain('Origin');

    const post = await fetch(`${stack.url}/mcp`, {
      method: 'POST',
      headers: { Origin: ALLOWED, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18' },
      body: JSON.stringify(LIST_TOOLS),
    });
    expect(post.status).toBe(200);
    expect(post.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(post.headers.get('vary')).toContain('Origin');
    expect(post.headers.get('access-control-expose-headers')).toMatch(/WWW-Authenticate.*Mcp-Protocol-Version/);
  });

  it('gives a foreign origin’s page nothing, and answers its preflight and its POST with 403', async () => {
    const outcome = await listToolsFrom(FOREIGN);
    expect(outcome).toMatchObject({ failed: expect.stringContaining('TypeError') });

    const preflight = await fetch(`${stack.url}/mcp`, {
      method: 'OPTIONS',
      headers: { Origin: FOREIGN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type, mcp-protocol-version' },
    });
    const post = await fetch(`${stack.url}/mcp`, {
      method: 'POST',
      headers: { Origin: FOREIGN, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify(LIST_TOOLS),
    });
    for (const response of [preflight, post]) {
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});
