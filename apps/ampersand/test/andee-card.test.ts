/**
 * The andee card MCP App: with its bundle present, `ui://ampersand/andee-card.html` is listed and
 * read as text/html;profile=mcp-app with a CSP naming only the photo host, and find_andees points
 * at it; with the bundle removed, the resource is not registered and find_andees still answers with
 * text and structured content. In headless Chromium, inside the strict-CSP iframe host the zaezd
 * widget is tested in, the card renders a match (its photo from the allowed host) and a
 * disambiguation set from the tool's structured output.
 */
import { SURFACE_CONTRACT_URI } from '../src/contracts/surface-contract.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable, launchChromium } from '@agent-products/kit/testing';
import { buildAndeeCard } from '../src/web/card/build-andee-card.ts';
import { ANDEE_CARD_URI } from '../src/mcp/andee-card-resource.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { accessToken, call, createAndee, mcpClient } from './support/andee-tokens.ts';
// The MCP Apps test host (strict CSP, sandboxed iframe, ext-apps AppBridge) is the zaezd widget's.
import { openTestHost } from '@agent-products/kit/testing/app-host';

const PHOTO_HOST = 'http://photos.localhost';
const dir = mkdtempSync(join(tmpdir(), 'amp-identity-card-'));
const bundlePath = join(dir, 'andee-card.js');

/** Two public Zoes and a seeker; the seeker's access token. */
async function seed(amp: RunningAmpersand): Promise<string> {
  const seeker = await createAndee(amp, 'seeker', 'Sam Seeker');
  for (const [tag, name] of [
    ['zoe_a', 'Zoe Adler'],
    ['zoe_b', 'Zoe Brook'],
  ] as const) {
    const created = await amp.api.andees.create({ tag, displayName: name, photoUrl: `${PHOTO_HOST}/${tag}.png` });
    if (!created.ok) throw new Error(created.problem);
    await amp.api.signals.add(created.andee.andeeId, tag === 'zoe_a' ? 'I teach violin in Leeds.' : 'I repair bicycles.', {
      visibility: 'public',
      status: 'approved',
      now: new Date(),
    });
  }
  return accessToken(amp, seeker);
}

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('with the card bundle', () => {
  let amp: RunningAmpersand;
  let token: string;
  let browser: Browser | undefined;
  beforeAll(async () => {
    await buildAndeeCard(bundlePath);
    amp = await startAmpersand({ card: { bundlePath, photoHost: PHOTO_HOST } });
    token = await seed(amp);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await amp?.close();
  });

  it('lists and serves the resource with a CSP naming only the photo host; find_andees advertises it', async () => {
    const client = await mcpClient(amp, token);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri).sort()).toEqual([SURFACE_CONTRACT_URI, ANDEE_CARD_URI].sort());
    const read = await client.readResource({ uri: ANDEE_CARD_URI });
    const content = read.contents[0] as { mimeType: string; text: string; _meta: any };
    expect(content.mimeType).toBe('text/html;profile=mcp-app');
    expect(content._meta.ui.csp).toEqual({ resourceDomains: [PHOTO_HOST] });
    expect(content.text).toContain('<main id="andee-card">');
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'find_andees')!._meta?.ui).toMatchObject({ resourceUri: ANDEE_CARD_URI });
    await client.close();
  });

  it.skipIf(!browserAvailable)(
    'renders a match with its photo and a disambiguation set in the strict-CSP host',
    async () => {
      browser = await launchChromium();
      const context = await browser.newContext();
      await context.route(`${PHOTO_HOST}/**`, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'image/png',
          body: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
        }),
      );
      const client = await mcpClient(amp, token);
      const html = ((await client.readResource({ uri: ANDEE_CARD_URI })).contents[0] as { text: string }).text;
      const host = await openTestHost(context, { client, html, csp: { resourceDomains: [PHOTO_HOST] }, toolName: 'find_andees' });

      const one = await client.callTool({ name: 'find_andees', arguments: { name: 'Zoe', constraints: ['violin'] } });
      await host.sendToolResult(one as never);
      const view = host.view();
      await expect.poll(() => view.locator('article.andee').count()).toBe(1);
      expect(await view.locator('article.andee h2').innerText()).toBe('Zoe Adler');
      expect(await view.locator('article.andee li').innerText()).toBe('I teach violin in Leeds.');
      await expect.poll(() => view.locator('article.andee img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

      const several = await client.callTool({ name: 'find_andees', arguments: { name: 'Zoe' } });
      await host.sendToolResult(several as never);
      await expect.poll(() => view.locator('article.andee').count()).toBe(2);
      expect(await view.locator('.status').innerText()).toContain('2 andees match');
      expect(host.problems).toEqual([]);
      await client.close();
    },
    180_000,
  );
});

describe('without the card bundle', () => {
  let amp: RunningAmpersand;
  beforeAll(async () => {
    amp = await startAmpersand({ card: { bundlePath: join(dir, 'removed.js'), photoHost: PHOTO_HOST } });
  }, 180_000);
  afterAll(async () => amp?.close());

  it('does not register the resource, and find_andees still answers with text and structured content', async () => {
    const client = await mcpClient(amp, await seed(amp));
    // The Loop surface contract is always a resource; the card is not among them.
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual([SURFACE_CONTRACT_URI]);
    await expect(client.readResource({ uri: ANDEE_CARD_URI })).rejects.toThrow();
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === 'find_andees')!._meta?.ui).toBeUndefined();
    const found = await call(client, 'find_andees', { name: 'Zoe', constraints: ['bicycles'] });
    expect(found.result).toBe('match');
    expect(found.text).toContain('Zoe Brook (&zoe_b)');
    await client.close();
  });
});
