/**
 * zaezd's pages around the board in headless Chromium, at 1280×800 and 390×844: the front door
 * `/` in Russian with its search form, which runs the same orchestrator as find_event_trips and
 * lands on the same trip's board; a search it cannot understand comes back marked, in Russian;
 * the page for agents; a bad trip link; an address with no page (zaezd's own 404); a search
 * nothing matches, which says so, suggests what to try and offers the form again. Each is axe-clean and, where Russian, has no Latin-script
 * sentence outside an element marked with its language. Screenshots go to test-artifacts/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import type { Client } from '@modelcontextprotocol/client';
import { axeProblems, browserAvailable, connectClient, launchChromium, reportMissingBrowser } from '@agent-products/kit/testing';
import { DESKTOP, EVERY_VIOLATION, PHONE, englishForTraveller, latinInsideRussian, screenshots } from './support/page-checks.ts';
import { startStack, type RunningStack } from './support/start-stack.ts';

reportMissingBrowser('front-door-browser.test');

describe.skipIf(!browserAvailable)('zaezd’s front door and other pages in headless Chromium', () => {
  let stack: RunningStack;
  let client: Client;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchChromium()]);
    client = await connectClient(stack.url);
  });
  afterAll(async () => {
    await browser?.close();
    await client?.close();
    await stack?.stop();
  });

  async function open(path: string, options: BrowserContextOptions): Promise<Page> {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto(`${stack.url}${path}`);
    return page;
  }

  async function expectReadable(page: Page, lang: 'ru' | 'en'): Promise<void> {
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe(lang);
    await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
    if (lang === 'ru') {
      await expect(latinInsideRussian(page)).resolves.toEqual([]);
      await expect(englishForTraveller(page)).resolves.toEqual([]);
    }
    await expect(axeProblems(page, EVERY_VIOLATION)).resolves.toEqual([]);
  }

  it('at 390×844: the search form runs the same search as find_event_trips and lands on that trip’s board', async () => {
    const page = await open('/', PHONE);
    await expectReadable(page, 'ru');
    await expect(page.locator('h1').innerText()).resolves.toContain('Поездка на концерт');
    await expect(page.locator('body').innerText()).resolves.not.toContain('/mcp');
    await screenshots(page, 'front-door-phone');
    await page.getByLabel('Что хотите увидеть').fill('джаз, фестиваль');
    await page.getByLabel('Откуда').selectOption('Москва');
    await page.getByLabel('Взрослых').fill('2');
    await page.getByLabel('Мероприятие не раньше').fill('2026-12-01');
    await page.getByLabel('и не позже').fill('2026-12-31');
    await page.getByLabel(/Бюджет/).fill('40 000');
    await Promise.all([page.waitForURL(/\/t\/[^/?]+$/), page.getByRole('button', { name: 'Найти поездку' }).click()]);
    const found = await client.callTool({
      name: 'find_event_trips',
      arguments: { topics: ['джаз', 'фестиваль'], origin: 'Москва', adults: 2, date_from: '2026-12-01', date_to: '2026-12-31', budget: 40000 },
    });
    const trip = found.structuredContent as { web_url: string; event: { title: string } };
    expect(page.url()).toBe(trip.web_url);
    await expect(page.locator('#trip-board h1').innerText()).resolves.toBe(trip.event.title);
  });

  it('at 1280×800: a search it cannot understand comes back with the field marked, in Russian, and nothing else happens', async () => {
    const page = await open('/', DESKTOP);
    await expectReadable(page, 'ru');
    await screenshots(page, 'front-door-desktop');
    await page.getByLabel('Что хотите увидеть').fill('джаз');
    await page.getByLabel(/Бюджет/).fill('очень много');
    await Promise.all([page.waitForURL(/\/search\?/), page.getByRole('button', { name: 'Найти поездку' }).click()]);
    await expect(page.locator('[role="alert"]').innerText()).resolves.toContain('Поиск не запустился');
    await expect(page.getByLabel(/Бюджет/).getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(page.locator('#budget-error').innerText()).resolves.toContain('Бюджет — сумма в рублях');
    await expect(page.getByLabel('Что хотите увидеть').inputValue()).resolves.toBe('джаз');
    await expectReadable(page, 'ru');
    await screenshots(page, 'front-door-problem-desktop');
  });

  it('keeps what agents need on its own page, in English', async () => {
    const page = await open('/agents', DESKTOP);
    await expectReadable(page, 'en');
    await expect(page.locator('body').innerText()).resolves.toContain('find_event_trips');
    await screenshots(page, 'agents-desktop');
  });

  it('explains a bad trip link in Russian, with the server’s own words marked as English', async () => {
    const page = await open('/t/not-a-trip', PHONE);
    await expectReadable(page, 'ru');
    await expect(page.locator('h1').innerText()).resolves.toBe('Адрес поездки не читается');
    await expect(page.locator('details.technical [lang="en"]').count()).resolves.toBe(1);
    await screenshots(page, 'bad-link-phone');
  });

  for (const [name, viewport] of [
    ['390×844', PHONE],
    ['1280×800', DESKTOP],
  ] as const) {
    it(`at ${name}: an address with no page answers zaezd’s own 404 in Russian, with the way back`, async () => {
      const context = await browser.newContext(viewport);
      const page = await context.newPage();
      const response = await page.goto(`${stack.url}/nope`);
      expect(response?.status()).toBe(404);
      await expectReadable(page, 'ru');
      await expect(page.title()).resolves.toBe('Такой страницы нет · zaezd');
      await expect(page.locator('h1').innerText()).resolves.toBe('Такой страницы нет');
      await Promise.all([page.waitForURL(`${stack.url}/`), page.getByRole('link', { name: 'Найти поездку на мероприятие' }).click()]);
      await screenshots(page, `not-found-${viewport.viewport.width}`);
    });

    it(`at ${name}: a search nothing matches says so in Russian, suggests topics, cities and dates, and shows the form again`, async () => {
      const context = await browser.newContext(viewport);
      const page = await context.newPage();
      const query = new URLSearchParams({ topics: 'хоккей', origin: 'Москва', adults: '1', date_from: '2026-12-01', date_to: '2026-12-31' });
      await page.goto(`${stack.url}/search?${query}`);
      await page.waitForURL(/\/t\/[^/?]+$/);
      await expectReadable(page, 'ru');
      await expect(page.locator('h1').innerText()).resolves.toBe('Подходящее мероприятие не нашлось');
      await expect(page.locator('.board-lead').innerText()).resolves.toContain('По запросу «хоккей»');
      const suggestions = page.locator('.board-suggestions li');
      await expect(suggestions.count()).resolves.toBe(3);
      await expect(suggestions.nth(0).getByRole('link', { name: 'джаз' }).count()).resolves.toBe(1);
      await expect(suggestions.nth(1).getByRole('link', { name: 'Санкт-Петербург' }).count()).resolves.toBe(1);
      await expect(suggestions.nth(2).innerText()).resolves.toMatch(/искать по \d+ [а-я]+ \d{4}/);
      await expect(page.getByLabel('Что хотите увидеть').inputValue()).resolves.toBe('хоккей');
      await expect(page.getByLabel('Откуда').inputValue()).resolves.toBe('Москва');
      await screenshots(page, `no-match-${viewport.viewport.width}`);
      // A suggestion is a search that runs at once.
      const noMatch = page.url();
      await Promise.all([
        page.waitForURL((url) => url.pathname.startsWith('/t/') && url.href !== noMatch),
        suggestions.nth(0).getByRole('link', { name: 'джаз' }).click(),
      ]);
      await expect(page.locator('#trip-board h1').innerText()).resolves.not.toBe('Подходящее мероприятие не нашлось');
    });
  }
});
