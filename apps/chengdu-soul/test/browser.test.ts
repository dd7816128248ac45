/**
 * The public pages in a real headless Chromium (playwright-core, the system browser, never a
 * download): searching from the form and following a result to its detail page, a detail page
 * on a phone-sized screen, the explanations of empty searches and their next steps, standards-mode
 * rendering without CSP violations, and the whole flow with JavaScript disabled; axe-core on each
 * kind of page at 1280×800 and 390×844, screenshots in test-artifacts/.
 *
 * Without a Chromium executable the suite is skipped (so `npm test` passes on a fresh machine)
 * unless REQUIRE_BROWSER=1, when it fails instead. CHROMIUM_PATH overrides the executable.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchChromium, reportMissingBrowser } from '@agent-products/kit/testing';
import { DESKTOP, PHONE, expectReadable, screenshots } from './support/page-checks.ts';
import { BUNDLED_RELEASE_FOLDER, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

reportMissingBrowser('browser.test');

const RELEASE_DIR = pathToFileURL(`${BUNDLED_RELEASE_FOLDER}/scenes/`);
const SCENES: Array<{ cardId: string; name: { en: string; zh: string } }> = readdirSync(RELEASE_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(new URL(f, RELEASE_DIR), 'utf8')));

/** Detail pages for the phone check: an ordinary scene, the longest name, and a day trip with its extra notice. */
const PHONE_SCENES = [
  'panda-base',
  [...SCENES].sort((a, b) => b.name.en.length - a.name.en.length || a.cardId.localeCompare(b.cardId))[0]!.cardId,
  'dujiangyan',
].filter((id, i, all) => all.indexOf(id) === i);

describe.skipIf(!browserAvailable)('Chengdu Soul pages in headless Chromium', () => {
  let server: RunningChengdu;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startChengdu();
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
  });

  async function openPage(options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
    const context = await browser.newContext(options);
    contexts.push(context);
    return context.newPage();
  }

  /** Types a search into the page's form and submits it with the Search button. */
  async function search(page: Page, words: string, filters: { atmosphere?: string } = {}): Promise<void> {
    await page.locator('#q').fill(words);
    if (filters.atmosphere !== undefined) await page.locator('select[name="atmosphere"]').selectOption(filters.atmosphere);
    await Promise.all([
      page.waitForURL((url) => url.pathname === '/agents' && url.searchParams.get('q') === words),
      page.getByRole('button', { name: 'Search' }).click(),
    ]);
  }

  const statusSection = (page: Page, status: string) => page.locator(`section[data-status="${status}"]`);
  const terms = (page: Page, label: string) => page.locator('section[data-status] p.terms', { hasText: `${label}:` }).locator('q');

  describe('the scene list', () => {
    it('at 1280×800 groups the city scenes by area, then the day trips, and explains the labels', async () => {
      const page = await openPage(DESKTOP);
      await page.goto(`${server.url}/agents`);
      const groups = await page.locator('section.area h3, section.area h2').allTextContents();
      expect(groups[0]).toBe('Central Chengdu 市中心');
      expect(groups.at(-2)).toBe('Day trips out of the city 周边一日游');
      expect(groups.at(-1)).toBe('Longer outings, usually overnight 过夜行程');
      expect(await page.locator('ul.results > li').count()).toBe(SCENES.length);
      expect(await page.locator('h1').textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      await expect(page.getByRole('heading', { name: 'What the labels mean' }).isVisible()).resolves.toBe(true);
      await expectReadable(page);
      await screenshots(page, 'agents-desktop');
    });
  });

  describe('searching and opening a scene', () => {
    it('at 1280×800 finds quiet parks from the search box and opens the first result on its detail page', async () => {
      const page = await openPage(DESKTOP);
      await page.goto(`${server.url}/agents`);
      await search(page, 'quiet park');

      const results = statusSection(page, 'ok').locator('ul.results > li');
      await results.first().waitFor();
      const count = await results.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) {
        const item = results.nth(i);
        expect(await item.locator('a').getAttribute('href')).toMatch(/^\/agents\/scenes\/[a-z0-9-]+$/);
        expect(await item.locator('.tag').allTextContents()).toContain('quiet');
      }

      const first = results.first().locator('a');
      const href = (await first.getAttribute('href'))!;
      const zh = (await first.locator('span.zh').textContent())!.trim();
      const expected = SCENES.find((s) => `/agents/scenes/${s.cardId}` === href)!;
      expect(zh).toBe(expected.name.zh);

      await Promise.all([page.waitForURL(`${server.url}${href}`), first.click()]);
      const heading = page.locator('h1');
      expect(await heading.locator('span.zh[lang="zh-CN"]').textContent()).toBe(expected.name.zh);
      expect((await heading.textContent())!.replace(/\s+/g, ' ').trim()).toBe(`${expected.name.en} ${expected.name.zh}`);
      await expectReadable(page);
      await screenshots(page, 'scene-desktop');
    });
  });

  describe('detail page on a phone', () => {
    it.for(PHONE_SCENES)('%s fits a 390x844 screen without horizontal overflow and shows its location', async (cardId) => {
      const page = await openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });
      const response = await page.goto(`${server.url}/agents/scenes/${cardId}`);
      expect(response?.status()).toBe(200);
      const size = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      // A mobile browser ignoring the viewport meta would lay out at 980px and hide an overflow.
      expect(size.innerWidth).toBe(390);
      expect(size.scrollWidth).toBeLessThanOrEqual(size.innerWidth);

      const location = page.getByRole('heading', { level: 2, name: 'Location' });
      await location.scrollIntoViewIfNeeded();
      expect(await location.isVisible()).toBe(true);
      const mapLinks = page.locator('ul.points a', { hasText: 'Amap' });
      expect(await mapLinks.count()).toBeGreaterThan(0);
      expect(await page.locator('ul.points li', { hasText: 'approximate point' }).count()).toBeGreaterThan(0);
      expect(await mapLinks.first().isVisible()).toBe(true);
      const box = (await mapLinks.first().boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      if (cardId === 'dujiangyan') {
        await expectReadable(page);
        await screenshots(page, 'scene-day-trip-phone');
      }
    });
  });

  describe('explanations of empty searches', () => {
    it('explains that opening hours cannot be verified, names the words and lists no results', async () => {
      const page = await openPage();
      await page.goto(`${server.url}/agents`);
      await search(page, 'opening hours');

      const section = statusSection(page, 'unsupported_request');
      await section.waitFor();
      expect(await section.getByRole('heading', { level: 2 }).textContent()).toBe('This asks for something we cannot check');
      expect(await terms(page, 'Cannot check').allTextContents()).toEqual(['opening hours']);
      expect(await section.locator('p.terms strong').allTextContents()).toEqual(['opening hours or times of day']);
      expect(await page.locator('ul.results > li').count()).toBe(0);
    });

    it('at 390×844 offers the understood words as a one-click search, and suggested keywords', async () => {
      const page = await openPage(PHONE);
      await page.goto(`${server.url}/agents`);
      await search(page, 'quiet xyzzy teahouse');
      const section = statusSection(page, 'needs_clarification');
      expect(await terms(page, 'Not recognized').allTextContents()).toEqual(['xyzzy']);
      expect(await section.locator('.next-steps li', { hasText: 'Try a keyword' }).locator('a').count()).toBe(12);
      await expectReadable(page);
      await screenshots(page, 'agents-empty-search-phone');
      await Promise.all([page.waitForURL(/q=quiet\+teahouse/), section.getByRole('link', { name: 'quiet teahouse' }).click()]);
      expect(await statusSection(page, 'ok').locator('ul.results > li').count()).toBeGreaterThan(0);
    });

    it('explains that a quiet atmosphere filter contradicts the word "lively"', async () => {
      const page = await openPage();
      await page.goto(`${server.url}/agents`);
      await search(page, 'lively', { atmosphere: 'quiet' });
      expect(new URL(page.url()).searchParams.get('atmosphere')).toBe('quiet');

      const section = statusSection(page, 'no_match');
      await section.waitFor();
      expect(await section.getByRole('heading', { level: 2 }).textContent()).toBe('No scene matches all of these together');
      expect(await section.locator('.explain').textContent()).toContain('the Mood filter quiet');
      expect(await terms(page, 'Conflicting').allTextContents()).toEqual(['lively', 'quiet']);
      expect(await section.getByRole('link', { name: 'Search without the mood and kind filters' }).getAttribute('href')).toBe('/agents?q=lively');
      expect(await page.locator('ul.results > li').count()).toBe(0);
      // The form keeps the choices so the traveler can change one.
      expect(await page.locator('#q').inputValue()).toBe('lively');
      expect(await page.locator('select[name="atmosphere"]').inputValue()).toBe('quiet');
    });

    it('shows the invalid field as an alert when the limit is out of range', async () => {
      const page = await openPage();
      const response = await page.goto(`${server.url}/agents?q=park&limit=99`);
      expect(response?.status()).toBe(400);
      expect(await page.getByRole('alert').textContent()).toContain('limit');
    });
  });

  describe('rendering integrity', () => {
    const PAGES = ['/', '/privacy', '/for-agents', '/agents', '/agents?q=quiet+park', '/agents/scenes/panda-base'];

    it('at 390×844 the front page and the page for agents are axe-clean', async () => {
      const page = await openPage(PHONE);
      for (const [path, name] of [
        ['/', 'home-phone'],
        ['/for-agents', 'for-agents-phone'],
      ] as const) {
        await page.goto(`${server.url}${path}`);
        await expectReadable(page);
        await screenshots(page, name);
      }
    });

    // A page without <!DOCTYPE html> renders in quirks mode ("BackCompat").
    it('renders every page in standards mode', async () => {
      const page = await openPage();
      const modes: Record<string, string> = {};
      for (const path of PAGES) {
        await page.goto(`${server.url}${path}`);
        modes[path] = await page.evaluate(() => document.compatMode);
      }
      expect(modes).toEqual(Object.fromEntries(PAGES.map((p) => [p, 'CSS1Compat'])));
    });

    it('renders every page without Content-Security-Policy violations', async () => {
      const page = await openPage();
      const violations: string[] = [];
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy')) violations.push(`${page.url()}: ${message.text()}`);
      });
      for (const path of PAGES) {
        await page.goto(`${server.url}${path}`);
        await page.waitForLoadState('load');
        // A round trip after load: console events raised while parsing have been delivered by now.
        await page.evaluate(() => document.readyState);
      }
      expect(violations).toEqual([]);
    });
  });

  describe('without JavaScript', () => {
    it('lists, searches by submitting the form, and opens a scene', async () => {
      const page = await openPage({ javaScriptEnabled: false });
      await page.goto(`${server.url}/agents`);
      expect(await page.locator('ul.results > li').count()).toBe(SCENES.length);

      await search(page, '熊猫');
      const panda = statusSection(page, 'ok').locator('ul.results a[href="/agents/scenes/panda-base"]');
      await panda.waitFor();
      expect(await panda.locator('span.zh').textContent()).toBe('成都大熊猫繁育研究基地');

      await Promise.all([page.waitForURL(`${server.url}/agents/scenes/panda-base`), panda.click()]);
      expect(await page.locator('h1 span.zh').textContent()).toBe('成都大熊猫繁育研究基地');
      expect(await page.getByRole('heading', { level: 2, name: 'Location' }).isVisible()).toBe(true);
    });

    it('shows an empty-search explanation without scripts', async () => {
      const page = await openPage({ javaScriptEnabled: false });
      await page.goto(`${server.url}/agents`);
      await search(page, 'xyzzy');
      const section = statusSection(page, 'needs_clarification');
      await section.waitFor();
      expect(await terms(page, 'Not recognized').allTextContents()).toEqual(['xyzzy']);
      expect(await page.locator('ul.results > li').count()).toBe(0);
    });
  });
});
