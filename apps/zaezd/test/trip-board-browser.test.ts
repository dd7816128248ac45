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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Frame, Page } from 'playwright-core';
import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import {
  axeProblems,
  browserAvailable,
  connectClient,
  launchChromium,
  reportMissingBrowser,
  startTileStandIn,
  type TileStandIn,
} from '@agent-products/kit/testing';
import { ARTIFACTS, DESKTOP, EVERY_VIOLATION, PHONE, englishForTraveller, latinInsideRussian, screenshots } from './support/page-checks.ts';
import { startJsonServer, type JsonServer } from './support/json-server.ts';
import { openMeteoDays } from './support/open-meteo-fixture.ts';
import { startStack, type RunningStack } from './support/start-stack.ts';
import { openTestHost, HOST_ORIGIN, VIEW_ORIGIN, type DeclaredCsp, type TestHost } from '@agent-products/kit/testing/app-host';

reportMissingBrowser('trip-board-browser.test');

const REQUEST = { topics: ['jazz', 'festival'], origin: 'Moscow', budget: 40000, date_from: '2026-12-01', date_to: '2026-12-31', adults: 2 };
const BOARD = '#trip-board';
const READY = `${BOARD}[data-details="complete"][data-map="ready"]`;
const LISTED = `${BOARD}[data-details="complete"][data-map="failed"]`;

describe.skipIf(!browserAvailable)('the trip board in headless Chromium', () => {
  let weather: JsonServer;
  let tiles: TileStandIn;
  let stack: RunningStack;
  let client: Client;
  let browser: Browser;
  let found: CallToolResult;
  let trip: any;
  let widgetHtml: string;
  let declared: DeclaredCsp;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [weather, tiles, browser] = await Promise.all([
      startJsonServer((url) => (url.pathname === '/v1/forecast' ? { body: openMeteoDays(url) } : { status: 404, body: { error: true, reason: 'not found' } })),
      startTileStandIn(),
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
  /** Each visible block's text, by name. */
  const blockTexts = (page: Page) =>
    page
      .locator(`${BOARD} > [data-block]:not([hidden])`)
      .evaluateAll((blocks) =>
        Object.fromEntries(blocks.map((b) => [b.getAttribute('data-block'), (b as HTMLElement).innerText.replace(/\s*\n\s*/g, '\n').trim()])),
      );
  const distinctHotels = () => new Set(trip.packages.map((p: any) => p.hotel.hotel_id)).size;

  /** Every block of the board, as both the page and the widget must show it. */
  async function expectEveryBlock(target: Page | Frame): Promise<void> {
    const board = target.locator(BOARD);
    // Each card and the coverage arrive folded; what follows reads them opened, as a tap would.
    await expect(board.locator('details[open]').count()).resolves.toBe(0);
    await expect(board.locator('details').count()).resolves.toBe(trip.packages.length + 1);
    await board.locator('details').evaluateAll((all) => {
      for (const details of all) (details as HTMLDetailsElement).open = true;
    });
    await expect(board.locator('[data-block="notice"]').innerText()).resolves.toContain('Демо-данные');
    await expect(board.locator('h1').innerText()).resolves.toBe(trip.event.title);
    await expect(board.locator('[data-block="event"]').innerText()).resolves.toContain(trip.event.venue.name);
    await expect(board.locator('[data-block="about"]').innerText()).resolves.toContain('Москва, 2 взрослых, бюджет 40\u00a0000\u00a0₽');
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
      expect(text).toMatch(/\d{2}:\d{2} → \d{2}:\d{2}/);
      await expect(card.locator('.board-items li').count()).resolves.toBe(pkg.checkout_items.length);
      await expect(card.locator('[data-prepare]').getAttribute('href')).resolves.toBe(`${trip.web_url}?package=${pkg.number}#package-${pkg.number}`);
    }
    const packagesText = await board.locator('[data-block="packages"]').innerText();
    // Tutu's cancellation instant as a Russian date in the event's time zone (Moscow time here), baggage in Russian, no station codes.
    expect(packagesText).toMatch(/Бесплатная отмена до \d{2}:\d{2}, [а-я]{2}, \d{1,2} [а-я]+ по местному времени/);
    expect(packagesText).toContain('Багаж: в самом дешёвом тарифе багажа нет');
    expect(packagesText).not.toMatch(/\(\d{5,}\)/);
    await expect(board.locator('.leaflet-marker-icon').count()).resolves.toBe(distinctHotels() + 1);
    await expect(board.locator('img.leaflet-tile-loaded').count()).resolves.toBeGreaterThan(0);
    // Leaflet is bundled from the parts the board uses: its zoom buttons, attribution and marker tooltips are among them.
    await expect(board.locator('.leaflet-control-zoom a').count()).resolves.toBe(2);
    await expect(board.locator('.leaflet-control-attribution').innerText()).resolves.toContain('© OpenStreetMap contributors');
    await board.locator('.leaflet-marker-icon.board-marker-venue').dispatchEvent('mouseover');
    await expect(board.locator('.leaflet-tooltip').innerText()).resolves.toBe(`Площадка: ${trip.event.venue.name}`);
    const places = await board.locator('.place-list li').allInnerTexts();
    expect(places).toHaveLength(distinctHotels() + 1);
    expect(places[0]).toContain(trip.event.venue.name);
    for (const line of places.slice(1)) expect(line).toMatch(/\d,?\d*\u00a0км до площадки/);
    const coverage = board.locator('[data-block="coverage"]');
    // The English search log the agent got is not repeated on the board.
    await expect(coverage.locator('[lang="en"]').count()).resolves.toBe(0);
    const coverageText = await coverage.innerText();
    expect(coverageText).toContain('Мероприятия сразу на все темы (джаз + фестиваль) в эти даты нет');
    expect(coverageText).toContain('Билеты на само мероприятие: zaezd их не продаёт и не проверяет.');
    expect(coverageText).toContain('Все варианты укладываются в бюджет 40\u00a0000\u00a0₽.');
    await expect(board.locator('[data-block="others"] li').count()).resolves.toBe(trip.other_events.length);
    await expect(englishForTraveller(target, BOARD)).resolves.toEqual([]);
    await board.locator('details').evaluateAll((all) => {
      for (const details of all) (details as HTMLDetailsElement).open = false;
    });
  }

  describe('the web page /t/:id', () => {
    let jsText: Record<string, string>;

    it('at 1280×800 renders every block of a real trip in Russian, the hotels on a map of real tiles, packages before what was searched, axe-clean, without a CSP violation', async () => {
      const before = tiles.requests.length;
      const { page, problems } = await openPage(DESKTOP);
      await page.waitForSelector(READY);
      await expect(page.evaluate(() => document.compatMode)).resolves.toBe('CSS1Compat');
      await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('ru');
      await expectEveryBlock(page);
      expect(tiles.requests.length).toBeGreaterThan(before);
      const order = await page.locator(`${BOARD} > [data-block]:not([hidden])`).evaluateAll((blocks) => blocks.map((b) => b.getAttribute('data-block')));
      expect(order).toEqual(['notice', 'event', 'packages', 'weather', 'places', 'about', 'coverage', 'others', 'footnote']);
      await expect(latinInsideRussian(page)).resolves.toEqual([]);
      await expect(page.locator(`${BOARD} [lang="en"]`).count()).resolves.toBeGreaterThan(0);
      await expect(page.locator('.board-select').count()).resolves.toBe(trip.packages.length);
      await expect(axeProblems(page, EVERY_VIOLATION)).resolves.toEqual([]);
      jsText = await blockTexts(page);
      await screenshots(page, 'trip-page-desktop');
      expect(problems).toEqual([]);
    });

    it('at 390×844 is one column, nothing wider than the screen, the first price above the fold, cards folded to a summary that opens on tap, axe-clean', async () => {
      const { page, problems } = await openPage(PHONE);
      await page.waitForSelector(READY);
      await expect(page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
      // The board was 8,109 px tall here with every card open (README, "The trip board"); folded it is less than half.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      console.info(`trip board page at 390 px: ${height} px tall`);
      expect(height).toBeLessThan(4000);
      const first = page.locator('.package-card').first();
      await expect(first.locator('.board-route').innerText()).resolves.toMatch(
        /^Поезд Москва → Санкт-Петербург · [а-я]{2}, \d+ [а-я]+ — [а-я]{2}, \d+ [а-я]+ · \d+ ноч/,
      );
      await expect(first.locator('.board-legs').isVisible()).resolves.toBe(false);
      await first.locator('summary').tap();
      await expect(first.locator('details').getAttribute('open')).resolves.toBe('');
      await expect(first.locator('.board-legs').isVisible()).resolves.toBe(true);
      await first.locator('summary').tap();
      const lefts = await page.locator('.package-card').evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().left)));
      expect(new Set(lefts).size).toBe(1);
      const price = await page
        .locator('.board-price')
        .first()
        .evaluate((p) => ({ bottom: p.getBoundingClientRect().bottom, fold: window.innerHeight }));
      expect(price.bottom).toBeLessThanOrEqual(price.fold);
      await expect(axeProblems(page, EVERY_VIOLATION)).resolves.toEqual([]);
      await screenshots(page, 'trip-page-phone');
      expect(problems).toEqual([]);
    });

    it('without JavaScript shows the same trip, server-rendered by the same renderer: every block but the map, axe-clean', async () => {
      const context = await newContext({ ...PHONE, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(trip.web_url);
      await expect(page.locator(BOARD).getAttribute('data-map')).resolves.toBe('none');
      await expect(page.locator('[data-block="status"]').isHidden()).resolves.toBe(true);
      await expect(page.locator('.board-select, .leaflet-pane').count()).resolves.toBe(0);
      const noJsText = await blockTexts(page);
      const { places: _jsPlaces, packages: jsPackages, ...jsRest } = jsText;
      const { places: _places, packages, ...rest } = noJsText;
      expect(rest).toEqual(jsRest);
      expect(packages).toBe(jsPackages!.replaceAll('\nПоказать на карте', ''));
      await expect(page.locator('.place-list li').allInnerTexts()).resolves.toHaveLength(distinctHotels() + 1);
      await screenshots(page, 'trip-page-no-js-phone');
      // axe runs in the page's JavaScript: the same server-rendered page, with the board's own script kept from loading.
      const checked = await newContext(PHONE);
      await checked.route('**/assets/trip-board.js*', (route) => route.abort('blockedbyclient'));
      const bare = await checked.newPage();
      await bare.goto(trip.web_url);
      await expect(bare.locator(BOARD).getAttribute('data-map')).resolves.toBe('none');
      await expect(latinInsideRussian(bare)).resolves.toEqual([]);
      await expect(axeProblems(bare, EVERY_VIOLATION)).resolves.toEqual([]);
    });

    it('gets a package’s checkout links in place, without a reload, says what each opens before the click, opens each in a new tab through the live route and ticks it off, and «open all» opens the rest', async () => {
      const { page, problems } = await openPage(PHONE);
      await page.waitForSelector(READY);
      const pkg = trip.packages[0];
      const card = page.locator('.package-card').first();
      await expect(card.locator('.board-items li').count()).resolves.toBe(pkg.checkout_items.length);
      const address = page.url();
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await card.getByRole('link', { name: 'Получить ссылки на Туту' }).click();
      const buttons = card.locator('.board-checklist a');
      await buttons.first().waitFor();
      expect(page.url()).toBe(address);
      await expect(page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).resolves.toBe(true);
      await expect(card.locator('details').getAttribute('open')).resolves.toBe('');
      const names = await buttons.allInnerTexts();
      expect(names[0]).toMatch(/^Билет туда — [\d\u00a0]+\u00a0₽$/);
      expect(await buttons.evaluateAll((links) => links.map((a) => [a.getAttribute('href'), a.getAttribute('target')]))).toEqual(
        pkg.checkout_items.map((item: string) => [`${trip.web_url}/go/1/${item}`, '_blank']),
      );
      const kinds = await card.locator('.board-kind').allInnerTexts();
      expect(kinds).toHaveLength(pkg.checkout_items.length);
      for (const kind of kinds)
        expect(['Открыть корзину', 'Открыть страницу выбора', 'Открыть поиск, корзины не будет', 'Открыть заказ', 'Открыть страницу отеля']).toContain(kind);
      const before = stack.sim.control.snapshot().calls.create_checkout_link ?? 0;
      const [tab] = await Promise.all([page.context().waitForEvent('page'), buttons.first().click()]);
      await tab.waitForURL((url) => url.origin === stack.simUrl);
      expect(new URL(tab.url()).pathname).toBe('/demo/checkout/rail');
      expect(stack.sim.control.snapshot().calls.create_checkout_link).toBe(before + 1);
      await expect(card.locator('.board-checklist li').first().innerText()).resolves.toContain('✓ открыто');
      await expect(card.locator('.board-checklist li.is-opened').count()).resolves.toBe(1);
      await expect(axeProblems(page, EVERY_VIOLATION)).resolves.toEqual([]);
      await screenshots(page, 'trip-page-checkout-phone');
      // One button for the rest; each opens through the live route, so Tutu is asked once per item.
      const openAll = card.getByRole('button', { name: `Открыть остальные (${pkg.checkout_items.length - 1})` });
      const opened: string[] = [];
      page.context().on('page', (p) => void p.waitForURL((url) => url.origin === stack.simUrl).then(() => opened.push(new URL(p.url()).pathname)));
      while ((await openAll.count()) > 0) await card.getByRole('button', { name: /^Открыть остальные/ }).click();
      await expect.poll(() => opened.length).toBe(pkg.checkout_items.length - 1);
      await expect(card.locator('.board-checklist li.is-opened').count()).resolves.toBe(pkg.checkout_items.length);
      expect(stack.sim.control.snapshot().calls.create_checkout_link).toBe(before + pkg.checkout_items.length);
      expect(problems).toEqual([]);
    });

    it('without JavaScript gets a package’s checkout links by loading the board with them', async () => {
      const context = await newContext({ ...PHONE, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(trip.web_url);
      const card = page.locator('.package-card').first();
      await Promise.all([
        page.waitForURL((url) => url.searchParams.get('package') === '1'),
        card.getByRole('link', { name: 'Получить ссылки на Туту' }).click(),
      ]);
      await expect(page.locator('.package-card').first().locator('.board-checklist a').count()).resolves.toBe(trip.packages[0].checkout_items.length);
      await expect(page.locator('.board-open-all').count()).resolves.toBe(0);
    });

    it('shows the hotels as a list with distances, no map and no map button, when the tiles cannot load', async () => {
      const { page } = await openPage(DESKTOP, true);
      await page.waitForSelector(LISTED);
      await expect(page.locator('[data-slot="map"]').count()).resolves.toBe(0);
      await expect(page.locator('.board-select').count()).resolves.toBe(0);
      await expect(page.locator('[data-slot="note"]').innerText()).resolves.toContain('Карта не загрузилась');
      await expect(page.locator('.place-list li').count()).resolves.toBe(distinctHotels() + 1);
      await page.screenshot({ path: new URL('trip-page-list-fallback.png', ARTIFACTS).pathname, fullPage: true });
    });

    it('links each other matching event to its own board', async () => {
      const other = trip.other_events[0];
      const { page } = await openPage(DESKTOP);
      await Promise.all([page.waitForURL((url) => url.pathname !== new URL(trip.web_url).pathname), page.locator('[data-block="others"] a').first().click()]);
      await page.waitForSelector(`${BOARD}[data-details="complete"]`);
      await expect(page.locator('h1').innerText()).resolves.toBe(other.title);
    });
  });

  describe('the widget in a test host', () => {
    let host: TestHost;
    let widgetContext: BrowserContext;

    beforeAll(async () => {
      widgetContext = await newContext({ permissions: ['local-network-access'] });
      host = await openTestHost(widgetContext, {
        client,
        html: widgetHtml,
        csp: declared,
        toolName: 'find_event_trips',
        viewPath: 'trip-board.html',
        viewTitle: 'zaezd trip board',
      });
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
      await expect(latinInsideRussian(host.view())).resolves.toEqual([]);
      await expect(axeProblems(host.view(), EVERY_VIOLATION)).resolves.toEqual([]);
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

    it('gets a package’s checkout links in the widget (tools/call create_trip_checkout) and opens each through the host (ui/open-link) on zaezd’s live route to Tutu', async () => {
      const view = host.view();
      const card = view.locator('.package-card').first();
      const pkg = trip.packages[0];
      await card.getByRole('link', { name: 'Получить ссылки на Туту' }).click();
      await card.locator('.board-checklist a').first().waitFor();
      expect(host.toolCalls.filter((call) => call.name === 'create_trip_checkout').map((call) => call.arguments)).toEqual([
        { trip_id: trip.trip_id, package: 1 },
      ]);
      expect(host.openedLinks).toEqual([]);
      expect(view.url()).toBe(`${VIEW_ORIGIN}/trip-board.html`);
      const go = pkg.checkout_items.map((item: string) => `${trip.web_url}/go/1/${item}`);
      await card.locator('.board-checklist a').first().click();
      await expect.poll(() => host.openedLinks).toEqual([go[0]]);
      await card.getByRole('button', { name: `Открыть остальные (${pkg.checkout_items.length - 1})` }).click();
      await expect.poll(() => host.openedLinks).toEqual(go);
      await expect(card.locator('.board-checklist li.is-opened').count()).resolves.toBe(pkg.checkout_items.length);
      const redirect = await fetch(go[0], { redirect: 'manual' });
      expect(redirect.status).toBe(302);
      expect(new URL(redirect.headers.get('location')!).origin).toBe(stack.simUrl);
      await expect(englishForTraveller(view, BOARD)).resolves.toEqual([]);
      await expect(axeProblems(view, EVERY_VIOLATION)).resolves.toEqual([]);
    });

    it('at 390 px shows the three cards folded first, details on tap, nothing wider than the frame, axe-clean', async () => {
      const context = await newContext({ viewport: { width: 390, height: 844 }, permissions: ['local-network-access'] });
      const narrow = await openTestHost(context, {
        client,
        html: widgetHtml,
        csp: declared,
        toolName: 'find_event_trips',
        viewPath: 'trip-board.html',
        viewTitle: 'zaezd trip board',
      });
      await narrow.sendToolInput(REQUEST);
      await narrow.sendToolResult(found);
      const view = narrow.view();
      await view.waitForSelector(READY);
      const order = await view.locator(`${BOARD} > [data-block]:not([hidden])`).evaluateAll((blocks) => blocks.map((b) => b.getAttribute('data-block')));
      expect(order.slice(0, 3)).toEqual(['notice', 'event', 'packages']);
      await expect(view.locator('.package-card details[open]').count()).resolves.toBe(0);
      await expect(view.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).resolves.toBe(true);
      // The widget was 7,065 px tall at this width with every card open (README, "The trip board").
      const height = await view.evaluate(() => document.documentElement.scrollHeight);
      console.info(`trip board widget at 390 px: ${height} px tall`);
      expect(height).toBeLessThan(3500);
      await expect(view.locator(`${BOARD} [data-block="footnote"]`).innerText()).resolves.toContain('Веб-версия: открыть в браузере');
      await expect(englishForTraveller(view, BOARD)).resolves.toEqual([]);
      await expect(axeProblems(view, EVERY_VIOLATION)).resolves.toEqual([]);
      await narrow.screenshot(new URL('trip-widget-phone.png', ARTIFACTS).pathname);
    });

    it('tells the agent which package the traveller looks at (ui/update-model-context)', async () => {
      await host.view().locator('.package-card[data-package="2"] summary').click();
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

  it('in the widget, refuses a tool result that is not a CallToolResult and asks zaezd for the trip itself', async () => {
    const context = await newContext({ permissions: ['local-network-access'] });
    const host = await openTestHost(context, { client, html: widgetHtml, csp: declared, toolName: 'find_event_trips' });
    await host.sendToolInput(REQUEST);
    // Straight from the host's window, as its bridge would never send it: the trip with `content` not a list of blocks.
    const malformed = { jsonrpc: '2.0', method: 'ui/notifications/tool-result', params: { ...found, content: 'not a list of content blocks' } };
    await host.page.evaluate((message) => document.querySelector('iframe')!.contentWindow!.postMessage(message, '*'), malformed);
    const view = host.view();
    await view.waitForSelector(READY, { timeout: 15_000 });
    // Let through, it would have shown that trip at once and asked only for each package's details.
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
    expect(onPage.length).toBeGreaterThan(1500);
    // The widget alone links to the web version: the page is it.
    expect(inWidget).toBe(onPage.replace('с текущими ценами Туту.', 'с текущими ценами Туту. Веб-версия: открыть в браузере'));
  });
});
