/**
 * The trip board in headless Chromium: the web page `/t/:id` and the `ui://zaezd/trip-board`
 * widget in a test agent host, over the real stack (zaezd on the Tutu stand-in), a real tile
 * server and a real Open-Meteo-shaped weather server.
 *
 * The page renders every block for a real trip, at desktop and phone width, and its checkout
 * buttons reach Tutu through the live route. The widget, read through the official MCP client
 * and loaded into a sandboxed iframe on another origin under a strict CSP, renders the tool
 * result the host sends, asks the host for each package's details, opens links and updates the
 * model context through the host, cannot reach an undeclared domain, and asks for the result
 * itself when none arrives. With the tile server out of reach both show the hotel list instead of
 * a map. The same TripResult reads the same, word for word, in both.
 *
 * Screenshots go to apps/zaezd/test-artifacts/.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Frame, Page } from 'playwright-core';
import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { connectClient } from '@agent-products/kit/testing';
import { browserAvailable, launchChromium, reportMissingBrowser } from '@agent-products/kit/testing';
import { startJsonServer, type JsonServer } from './support/json-server.ts';
import { openMeteoDays } from './support/open-meteo-fixture.ts';
import { startStack, type RunningStack } from './support/start-stack.ts';
import { openTestHost, HOST_ORIGIN, VIEW_ORIGIN, type DeclaredCsp, type TestHost } from './support/test-host.ts';
import { startTileServer, type TileServer } from './support/tile-server.ts';

reportMissingBrowser('trip-board-browser.test');

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url);
const REQUEST = { topics: ['jazz', 'festival'], origin: 'Moscow', budget: 40000, date_from: '2026-12-01', date_to: '2026-12-31', adults: 2 };
const BOARD = '#trip-board';
const READY = `${BOARD}[data-details="complete"][data-map="ready"]`;
const LISTED = `${BOARD}[data-details="complete"][data-map="failed"]`;

describe.skipIf(!browserAvailable)('the trip board in headless Chromium', () => {
  let weather: JsonServer;
  let tiles: TileServer;
  let stack: RunningStack;
  let client: Client;
  let browser: Browser;
  let found: CallToolResult;
  let trip: any;
  let widgetHtml: string;
  let declared: DeclaredCsp;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    [weather, tiles, browser] = await Promise.all([
      startJsonServer((url) => (url.pathname === '/v1/forecast' ? { body: openMeteoDays(url) } : { status: 404, body: { error: true, reason: 'not found' } })),
      startTileServer(),
      launchChromium(),
    ]);
    stack = await startStack({ weatherUrl: weather.url, tiles: { url: tiles.template, attribution: '© OpenStreetMap contributors' } });
    client = await connectClient(stack.url);
    found = (await client.callTool({ name: 'find_event_trips', arguments: REQUEST })) as CallToolResult;
    trip = found.structuredContent;
    const resource = await client.readResource({ uri: 'ui://zaezd/trip-board' });
    const content = resource.contents[0] as unknown as { text: string; _meta: { ui: { csp: DeclaredCsp } } };
    widgetHtml = content.text;
    declared = content._meta.ui.csp;
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await client?.close();
    await stack?.stop();
    await tiles?.close();
    await weather?.close();
  });

  async function newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
    contexts.push(context);
    return context;
  }

  /**
   * Console errors (CSP violations among them), script errors and failed responses. A failed
   * load is judged by its response, which names the URL: the browser's own favicon request is
   * not the page's doing.
   */
  function watchConsole(page: Page): string[] {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('response', (response) => {
      if (response.status() >= 400 && new URL(response.url()).pathname !== '/favicon.ico') problems.push(`${response.status()} ${response.url()}`);
    });
    return problems;
  }

  async function openPage(options: BrowserContextOptions = {}, blockTiles = false): Promise<{ page: Page; problems: string[] }> {
    const context = await newContext(options);
    if (blockTiles) await context.route(`${tiles.origin}/**`, (route) => route.abort('connectionrefused'));
    const page = await context.newPage();
    const problems = watchConsole(page);
    await page.goto(trip.web_url);
    return { page, problems };
  }

  const boardText = (target: Page | Frame) => target.locator(BOARD).evaluate((element) => (element as HTMLElement).innerText);
  const screenshot = (page: Page, name: string) => page.screenshot({ path: new URL(name, ARTIFACTS).pathname, fullPage: true });
  const distinctHotels = () => new Set(trip.packages.map((p: any) => p.hotel.hotel_id)).size;

  /** Every block of the board, as both the page and the widget must show it. */
  async function expectEveryBlock(target: Page | Frame): Promise<void> {
    const board = target.locator(BOARD);
    await expect(board.locator('[data-block="notice"]').innerText()).resolves.toContain('Demo data');
    await expect(board.locator('h1').innerText()).resolves.toBe(trip.event.title);
    const event = await board.locator('[data-block="event"]').innerText();
    expect(event).toContain(trip.event.venue.name);
    expect(event).toContain('Москва, 2 взрослых, бюджет 40\u00a0000\u00a0₽');
    const weatherText = await board.locator('[data-block="weather"]').innerText();
    expect(weatherText).toContain('снег');
    expect(weatherText).toContain('Open-Meteo');
    const cards = board.locator('.package-card');
    await expect(cards.count()).resolves.toBe(trip.packages.length);
    for (const [index, pkg] of trip.packages.entries()) {
      const card = cards.nth(index);
      await expect(card.locator('h3').innerText()).resolves.toBe(`${pkg.number}. ${pkg.label}`);
      const text = await card.innerText();
      expect(text).toContain(pkg.hotel.name);
      expect(text).toMatch(/Итого\s+[\d\u00a0]+\u00a0₽ на 2 взрослых/);
      expect(text).toContain('заезд с 14:00, выезд до 12:00');
      const hrefs = await card.locator('.board-checklist a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(pkg.checkout_items.map((item: string) => `${trip.web_url}/go/${pkg.number}/${item}`));
    }
    await expect(board.locator('.leaflet-marker-icon').count()).resolves.toBe(distinctHotels() + 1);
    await expect(board.locator('img.leaflet-tile-loaded').count()).resolves.toBeGreaterThan(0);
    const places = await board.locator('.place-list li').allInnerTexts();
    expect(places).toHaveLength(distinctHotels() + 1);
    expect(places[0]).toContain(trip.event.venue.name);
    for (const line of places.slice(1)) expect(line).toMatch(/\d,?\d*\u00a0км до площадки/);
    await expect(board.locator('[data-block="coverage"] li').count()).resolves.toBe(
      trip.coverage.searched.length + trip.coverage.not_found.length + trip.coverage.not_covered.length,
    );
    await expect(board.locator('[data-block="others"] li').count()).resolves.toBe(trip.other_events.length);
  }

  describe('the web page /t/:id', () => {
    it('renders every block of a real trip, with the hotels on a map of real tiles, in standards mode and without a CSP violation', async () => {
      const before = tiles.requests.length;
      const { page, problems } = await openPage();
      await page.waitForSelector(READY);
      await expect(page.evaluate(() => document.compatMode)).resolves.toBe('CSS1Compat');
      await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('ru');
      await expectEveryBlock(page);
      expect(tiles.requests.length).toBeGreaterThan(before);
      await screenshot(page, 'trip-page-desktop.png');
      expect(problems).toEqual([]);
    });

    it('works at phone width: one column, nothing wider than the screen', async () => {
      const { page, problems } = await openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
      await page.waitForSelector(READY);
      await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
      const lefts = await page.locator('.package-card').evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().left)));
      expect(new Set(lefts).size).toBe(1);
      await screenshot(page, 'trip-page-phone.png');
      expect(problems).toEqual([]);
    });

    it('sends a checkout button through the live route, which asks Tutu for a fresh link', async () => {
      const { page } = await openPage();
      await page.waitForSelector(READY);
      const before = stack.sim.control.snapshot().calls.create_checkout_link ?? 0;
      await Promise.all([page.waitForURL((url) => url.origin === stack.simUrl), page.locator('.package-card').first().locator('.board-checklist a').first().click()]);
      expect(new URL(page.url()).pathname).toBe('/demo/checkout/rail');
      expect(stack.sim.control.snapshot().calls.create_checkout_link).toBe(before + 1);
    });

    it('shows the hotels as a list with distances, and no map, when the tiles cannot load', async () => {
      const { page } = await openPage({}, true);
      await page.waitForSelector(LISTED);
      await expect(page.locator('[data-slot="map"]').isHidden()).resolves.toBe(true);
      await expect(page.locator('[data-slot="note"]').innerText()).resolves.toContain('Карта не загрузилась');
      await expect(page.locator('.place-list li').count()).resolves.toBe(distinctHotels() + 1);
      await screenshot(page, 'trip-page-list-fallback.png');
    });
  });

  describe('the widget in a test host', () => {
    let host: TestHost;
    let widgetContext: BrowserContext;

    beforeAll(async () => {
      widgetContext = await newContext({ permissions: ['local-network-access'] });
      host = await openTestHost(widgetContext, { client, html: widgetHtml, csp: declared, toolName: 'find_event_trips' });
      await host.sendToolInput(REQUEST);
      await host.sendToolResult(found);
      await host.view().waitForSelector(READY);
    });

    it('renders the tool result the host sent, in a sandboxed iframe on another origin', async () => {
      const iframe = host.page.locator('iframe');
      await expect(iframe.getAttribute('sandbox')).resolves.toBe('allow-scripts allow-same-origin');
      expect(new URL(host.page.url()).origin).toBe(HOST_ORIGIN);
      expect(new URL(host.view().url()).origin).toBe(VIEW_ORIGIN);
      await expectEveryBlock(host.view());
      await host.screenshot(new URL('trip-widget.png', ARTIFACTS).pathname);
      expect(host.problems).toEqual([]);
    });

    it('asks the host for each package’s details with tools/call, and the calls reach the host', () => {
      const detailCalls = host.toolCalls.filter((call) => call.name === 'get_trip_details');
      expect(detailCalls.map((call) => call.arguments).sort((a: any, b: any) => a.package - b.package)).toEqual(
        trip.packages.map((p: any) => ({ trip_id: trip.trip_id, package: p.number })),
      );
      expect(host.toolCalls.some((call) => call.name === 'find_event_trips')).toBe(false);
    });

    it('opens a checkout button through the host (ui/open-link), whose live route redirects to Tutu', async () => {
      const view = host.view();
      await view.locator('.package-card').first().locator('.board-checklist a').first().click();
      await expect.poll(() => host.openedLinks).toEqual([`${trip.web_url}/go/1/${trip.packages[0].checkout_items[0]}`]);
      expect(view.url()).toBe(`${VIEW_ORIGIN}/trip-board.html`);
      const redirect = await fetch(host.openedLinks[0]!, { redirect: 'manual' });
      expect(redirect.status).toBe(302);
      expect(new URL(redirect.headers.get('location')!).origin).toBe(stack.simUrl);
    });

    it('tells the agent which package the traveller looks at (ui/update-model-context)', async () => {
      await host.view().locator('.package-card[data-package="2"] .board-select').click();
      await expect.poll(() => host.modelContexts.length).toBe(1);
      expect(host.modelContexts[0].structuredContent).toEqual({ trip_id: trip.trip_id, package: 2, web_url: trip.web_url });
      expect(host.modelContexts[0].content[0].text).toContain(`package 2 (${trip.packages[1].label}`);
      await expect(host.view().locator('.package-card[data-package="2"]').getAttribute('class')).resolves.toContain('is-selected');
    });

    it('cannot reach a domain the resource did not declare', async () => {
      const reached: string[] = [];
      await widgetContext.route('http://undeclared.localhost/**', (route) => {
        reached.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/plain', body: 'reached' });
      });
      const outcome = await host.view().evaluate(async () => {
        const violations: string[] = [];
        document.addEventListener('securitypolicyviolation', (event) => violations.push(event.effectiveDirective));
        const fetched = await fetch('http://undeclared.localhost/probe').then(
          () => 'reached',
          () => 'blocked',
        );
        const image = await new Promise<string>((resolve) => {
          const img = new Image();
          img.onload = () => resolve('reached');
          img.onerror = () => resolve('blocked');
          img.src = 'http://undeclared.localhost/probe.png';
        });
        await new Promise((resolve) => setTimeout(resolve, 100));
        return { fetched, image, violations: violations.sort() };
      });
      expect(outcome).toEqual({ fetched: 'blocked', image: 'blocked', violations: ['connect-src', 'img-src'] });
      expect(reached).toEqual([]);
    });
  });

  it('in the widget with the tile host blocked, shows the hotels as a list with distances instead of a map', async () => {
    const context = await newContext({ permissions: ['local-network-access'] });
    await context.route(`${tiles.origin}/**`, (route) => route.abort('connectionrefused'));
    const host = await openTestHost(context, { client, html: widgetHtml, csp: declared, toolName: 'find_event_trips' });
    await host.sendToolInput(REQUEST);
    await host.sendToolResult(found);
    const view = host.view();
    await view.waitForSelector(LISTED);
    await expect(view.locator('[data-slot="map"]').isHidden()).resolves.toBe(true);
    await expect(view.locator('.leaflet-pane, .leaflet-marker-icon').count()).resolves.toBe(0);
    await expect(view.locator('[data-slot="note"]').innerText()).resolves.toContain('Карта не загрузилась');
    const places = await view.locator('.place-list li').allInnerTexts();
    expect(places).toHaveLength(distinctHotels() + 1);
    for (const line of places.slice(1)) expect(line).toContain('км до площадки');
    await host.screenshot(new URL('trip-widget-list-fallback.png', ARTIFACTS).pathname);
  });

  it('in the widget without a tool result, asks zaezd for it with tools/call after a wait', async () => {
    const context = await newContext({ permissions: ['local-network-access'] });
    const host = await openTestHost(context, { client, html: widgetHtml, csp: declared, toolName: 'find_event_trips' });
    await host.sendToolInput(REQUEST);
    const view = host.view();
    await expect(view.locator('[data-block="status"]').innerText()).resolves.toContain('Ждём ответ zaezd');
    await view.waitForSelector(READY, { timeout: 15_000 });
    expect(host.toolCalls[0]).toMatchObject({ name: 'find_event_trips', arguments: REQUEST });
    await expect(view.locator('h1').innerText()).resolves.toBe(trip.event.title);
  });

  it('renders the same TripResult as the same text on the page and in the widget', async () => {
    const { page } = await openPage();
    await page.waitForSelector(READY);
    const context = await newContext({ permissions: ['local-network-access'] });
    const host = await openTestHost(context, { client, html: widgetHtml, csp: declared, toolName: 'find_event_trips' });
    await host.sendToolInput(REQUEST);
    await host.sendToolResult(found);
    await host.view().waitForSelector(READY);
    const [onPage, inWidget] = await Promise.all([boardText(page), boardText(host.view())]);
    expect(onPage.length).toBeGreaterThan(2000);
    expect(inWidget).toBe(onPage);
  });
});
