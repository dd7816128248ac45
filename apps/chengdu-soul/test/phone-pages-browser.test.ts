/**
 * The pages on a phone (390×844) and on a desktop (1280×800), in headless Chromium: the owner's
 * page fits the screen with the drafts waiting for review first and every repeated button named
 * for its own plan; a three-day traveler page folds each day (every part still reachable without
 * JavaScript); `/agents` folds its areas; a map's caption shows only beside a drawn map; and the
 * "Plan published" page offers Copy and Share. Each page's height is printed for the README.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchChromium, reportMissingBrowser, rpc, startTileStandIn, type TileStandIn } from '@agent-products/kit/testing';
import { DESKTOP, PHONE, expectReadable } from './support/page-checks.ts';
import { BUNDLED_VERSION, issueCredential, issueSignInLink, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

reportMissingBrowser('phone-pages-browser.test');

/** Three far-apart days: each day's scenes, maps and taxi blocks make the long page this folds. */
const THREE_DAYS = { dayCount: 3, rhythm: 'full', discovery: 'blend', atmosphere: 'mixed' } as const;
const TRAVELER_PHONE_HEIGHT_LIMIT = 5_000;

describe.skipIf(!browserAvailable)('Chengdu Soul pages on a phone', () => {
  let server: RunningChengdu;
  let tiles: TileStandIn;
  let browser: Browser;
  let travelerUrl = '';
  let openDraftRef = '';
  /** Drafts the browser confirms: one where the browser can share, one where it cannot. */
  const toPublish: string[] = [];
  const contexts: BrowserContext[] = [];
  const heights: Record<string, number> = {};

  beforeAll(async () => {
    tiles = await startTileStandIn();
    [server, browser] = await Promise.all([startChengdu({ tiles: { url: tiles.template, attribution: '© OpenStreetMap contributors' } }), launchChromium()]);
    const auth = { Authorization: `Bearer ${(await issueCredential(server)).token}` };
    const call = async (name: string, args: Record<string, unknown>) =>
      (await rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, { headers: auth })).json.result
        .structuredContent;
    // Three saved plans (their repeated buttons must still be told apart) and one draft waiting.
    for (const [index, required] of [['kuanzhai-alley'], ['wenshu-monastery'], ['peoples-park-heming']].entries()) {
      const draft = await call('propose_chengdu_itinerary', {
        ...THREE_DAYS,
        sceneSelection: { catalogVersion: BUNDLED_VERSION, requiredCardIds: required },
        idempotencyKey: `phone-pages-${index}`,
      });
      const confirmed = await call('confirm_chengdu_draft', {
        draftRef: draft.draftRef,
        expectedRevision: draft.revision,
        expectedContentHash: draft.contentHash,
        confirmation: { action: 'publish' },
        idempotencyKey: `phone-pages-confirm-${index}`,
      });
      travelerUrl = confirmed.publication.pageUrl;
    }
    const waiting = await call('propose_chengdu_itinerary', { ...THREE_DAYS, idempotencyKey: 'phone-pages-open-draft' });
    openDraftRef = waiting.draftRef;
    for (const name of ['share', 'plain'])
      toPublish.push((await call('propose_chengdu_itinerary', { ...THREE_DAYS, idempotencyKey: `phone-pages-${name}` })).draftRef);
  });
  afterAll(async () => {
    console.log(`Chengdu Soul page heights: ${JSON.stringify(heights)}`);
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
    await tiles?.close();
  });

  async function openPage(options: Parameters<Browser['newContext']>[0], extra: { failTiles?: boolean } = {}): Promise<Page> {
    const context = await browser.newContext(options);
    contexts.push(context);
    if (extra.failTiles) await context.route(`${tiles.origin}/**`, (route) => route.abort('connectionrefused'));
    return context.newPage();
  }

  async function signIn(page: Page): Promise<void> {
    const link = await issueSignInLink(server);
    await page.goto(link.url);
    await Promise.all([page.waitForURL(`${server.url}/`), page.getByRole('button', { name: 'Sign in' }).click()]);
  }

  const height = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);
  const top = async (page: Page, selector: string) => (await page.locator(selector).boundingBox())!.y;

  describe.for([
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const)('at %s px', ([width, viewport]) => {
    it('the owner’s page fits, puts the waiting draft first, and names each plan’s buttons for that plan', async () => {
      const page = await openPage(viewport);
      await signIn(page);
      await expectReadable(page);
      heights[`owner / at ${width}`] = await height(page);
      const draftCard = `#open-drafts li[data-draft-ref="${openDraftRef}"]`;
      expect(await top(page, draftCard)).toBeLessThan(await top(page, 'form.plan-form'));
      expect(await top(page, '#open-drafts')).toBeLessThan(await top(page, '#saved-plans'));
      const names = await page
        .locator('.plan-card')
        .getByRole('button')
        .or(page.locator('.plan-card').getByRole('link'))
        .evaluateAll((elements) => elements.map((e) => (e as HTMLElement).getAttribute('aria-label') ?? (e as HTMLElement).innerText.trim()));
      const repeated = names.filter((name, index) => names.indexOf(name) !== index);
      expect(repeated, JSON.stringify(names)).toEqual([]);
      expect(names.filter((name) => name.startsWith('Copy link'))).toHaveLength(3);
    });

    it('a three-day traveler page folds each day, and every day opens', async () => {
      const page = await openPage(viewport);
      await page.goto(travelerUrl);
      await expectReadable(page, { minor: true });
      heights[`traveler page, 3 days, at ${width}`] = await height(page);
      if (width === '390') expect(await height(page)).toBeLessThan(TRAVELER_PHONE_HEIGHT_LIMIT);
      const days = page.locator('section.day > details');
      expect(await days.count()).toBe(3);
      await days.nth(2).locator('> summary').click();
      await expect(days.nth(2).locator('.caveat').first().isVisible()).resolves.toBe(true);
      // The overview's link to a scene opens the day it is in.
      const lastScene = page.locator('.day-overview a[href^="#scene-"]').last();
      await lastScene.click();
      await expect(page.locator(`${await lastScene.getAttribute('href')} .caveat`).isVisible()).resolves.toBe(true);
    });

    it('/agents folds its areas', async () => {
      const page = await openPage(viewport);
      await page.goto(`${server.url}/agents`);
      await expectReadable(page, { minor: true });
      heights[`/agents at ${width}`] = await height(page);
      const areas = page.locator('section.area > details');
      expect(await areas.count()).toBeGreaterThan(3);
      await areas.first().locator('> summary').click();
      await expect(areas.first().locator('li').first().isVisible()).resolves.toBe(true);
    });
  });

  it('without JavaScript every folded day still opens', async () => {
    const page = await openPage({ ...PHONE, javaScriptEnabled: false });
    await page.goto(travelerUrl);
    const second = page.locator('section.day > details').nth(1);
    expect(await second.locator('.caveat').first().isVisible()).toBe(false);
    await second.locator('> summary').click();
    expect(await second.locator('.caveat').first().isVisible()).toBe(true);
  });

  it('a map’s caption shows beside a drawn map only: never when the tiles fail or without JavaScript', async () => {
    const captions = (page: Page) =>
      page.locator('figure[data-points] figcaption').evaluateAll((all) => all.map((c) => (c as HTMLElement).offsetParent !== null || c.checkVisibility()));
    const settled = (page: Page) =>
      page.waitForFunction(() => [...document.querySelectorAll('figure[data-points]')].every((f) => f.getAttribute('data-map') !== 'loading'));

    const drawn = await openPage(DESKTOP);
    await drawn.goto(`${server.url}/agents/scenes/kuanzhai-alley`);
    await settled(drawn);
    expect(await drawn.locator('figure[data-points]').getAttribute('data-map')).toBe('ready');
    expect(await captions(drawn)).toEqual([true]);

    const failed = await openPage(DESKTOP, { failTiles: true });
    await failed.goto(`${server.url}/agents/scenes/kuanzhai-alley`);
    await settled(failed);
    expect(await failed.locator('figure[data-points]').getAttribute('data-map')).toBe('failed');
    expect(await captions(failed)).toEqual([false]);

    const scriptless = await openPage({ ...DESKTOP, javaScriptEnabled: false });
    await scriptless.goto(`${server.url}/agents/scenes/kuanzhai-alley`);
    expect(await captions(scriptless)).toEqual([false]);
  });

  async function publishInBrowser(page: Page, draftRef: string): Promise<string> {
    await signIn(page);
    await page.goto(`${server.url}/plan/drafts/${draftRef}`);
    await Promise.all([page.waitForURL(`${server.url}/plan/confirm`), page.getByRole('button', { name: 'Confirm and publish' }).click()]);
    await expect(page.getByRole('heading', { name: 'Plan published' }).isVisible()).resolves.toBe(true);
    return (await page.locator('a.page-link').getAttribute('href'))!;
  }

  it('“Plan published” offers Copy, and Share where the browser can share', async () => {
    const page = await openPage({ ...PHONE, permissions: ['clipboard-read', 'clipboard-write'] });
    // Headless Chromium on Linux has no share sheet: this records what the page hands to one.
    await page.addInitScript(() => {
      (window as unknown as { shared: unknown[] }).shared = [];
      Object.defineProperty(navigator, 'share', {
        value: async (data: unknown) => {
          (window as unknown as { shared: unknown[] }).shared.push(data);
        },
      });
    });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    const pageUrl = await publishInBrowser(page, toPublish[0]!);
    await page.getByRole('button', { name: 'Copy link' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pageUrl);
    await page.getByRole('button', { name: 'Share' }).click();
    expect(await page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)).toEqual([{ title: 'Your Chengdu days', url: pageUrl }]);
    expect(violations).toEqual([]);

    // Where the browser cannot share, there is no Share button to press; the link can still be copied.
    const plain = await openPage(PHONE);
    await plain.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await publishInBrowser(plain, toPublish[1]!);
    expect(await plain.getByRole('button', { name: 'Share' }).count()).toBe(0);
    expect(await plain.getByRole('button', { name: 'Copy link' }).isVisible()).toBe(true);
  });
});
