/**
 * Every kind of page a traveler reads, in headless Chromium at 390×844 and 1280×800: nothing wider
 * than the screen and no axe-core violation at all, minor ones included (support/page-checks.ts),
 * the 404 page included; and the maps
 * (scene pages, one per day on the traveler page, the directory) drawn over a local tile stand-in
 * from the catalog's own points only, with no line drawn between them, and falling back to their
 * list when the tiles fail. Each page's height on the phone is printed, for the README's table.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchChromium, reportMissingBrowser, rpc, startTileStandIn, type TileStandIn } from '@agent-products/kit/testing';
import { DESKTOP, PHONE, expectReadable, openEveryDay, screenshots } from './support/page-checks.ts';
import { BUNDLED_RELEASE_FOLDER, BUNDLED_VERSION, issueCredential, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

reportMissingBrowser('pages-and-maps-browser.test');

const PLACES = new Map<string, { point: { lat: number; lon: number } }>(
  JSON.parse(readFileSync(`${BUNDLED_RELEASE_FOLDER}/places.json`, 'utf8')).places.map((p: { providerPlaceId: string }) => [p.providerPlaceId, p]),
);
const sceneFile = (cardId: string) => JSON.parse(readFileSync(`${BUNDLED_RELEASE_FOLDER}/scenes/${cardId}.json`, 'utf8'));

describe.skipIf(!browserAvailable)('Chengdu Soul pages and maps in headless Chromium', () => {
  let server: RunningChengdu;
  let tiles: TileStandIn;
  let browser: Browser;
  let travelerPath = '';
  /** The calendar day (China time) the traveler link stops working, as the page counts it. */
  let expiryChinaDay = '';
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    tiles = await startTileStandIn();
    [server, browser] = await Promise.all([startChengdu({ tiles: { url: tiles.template, attribution: '© OpenStreetMap contributors' } }), launchChromium()]);
    const auth = { Authorization: `Bearer ${(await issueCredential(server)).token}` };
    const call = async (name: string, args: Record<string, unknown>) =>
      (await rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, { headers: auth })).json.result
        .structuredContent;
    const draft = await call('propose_chengdu_itinerary', {
      dayCount: 2,
      rhythm: 'balanced',
      discovery: 'blend',
      atmosphere: 'mixed',
      sceneSelection: { catalogVersion: BUNDLED_VERSION, requiredCardIds: ['kuanzhai-alley', 'dujiangyan-panda-base'] },
      idempotencyKey: 'pages-and-maps-proposal',
    });
    const confirmed = await call('confirm_chengdu_draft', {
      draftRef: draft.draftRef,
      expectedRevision: draft.revision,
      expectedContentHash: draft.contentHash,
      confirmation: { action: 'publish' },
      idempotencyKey: 'pages-and-maps-confirmation',
    });
    travelerPath = new URL(confirmed.publication.pageUrl).pathname;
    expiryChinaDay = new Date(confirmed.publication.expiresAt).toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await server?.stop();
    await tiles?.close();
  });

  async function openPage(options: Parameters<Browser['newContext']>[0], failTiles = false): Promise<Page> {
    const context = await browser.newContext(options);
    contexts.push(context);
    if (failTiles) await context.route(`${tiles.origin}/**`, (route) => route.abort('connectionrefused'));
    return context.newPage();
  }

  /** Waits until every map on the page has settled: drawn over tiles, or gone back to its list. */
  async function mapsSettled(page: Page): Promise<string[]> {
    await page.waitForFunction(() => [...document.querySelectorAll('figure[data-points]')].every((f) => f.getAttribute('data-map') !== 'loading'));
    return page.locator('figure[data-points]').evaluateAll((figures) => figures.map((f) => f.getAttribute('data-map') ?? ''));
  }

  const PAGES = () => [
    '/',
    '/agents',
    '/agents?q=quiet+park',
    '/agents?q=hotpot',
    '/agents/scenes/kuanzhai-alley',
    '/agents/scenes/dujiangyan-panda-base',
    '/agents/scenes/mount-emei',
    '/for-agents',
    '/privacy',
    travelerPath,
    `${travelerPath}?start=2026-12-28`,
    '/p/no-such-plan-token-at-all',
    '/nope',
  ];

  describe.for([
    ['390×844', PHONE],
    ['1280×800', DESKTOP],
  ] as const)('at %s', ([size, viewport]) => {
    it('every page fits the screen and axe finds nothing, the 404 page included', async () => {
      const page = await openPage(viewport);
      const heights: Record<string, number> = {};
      for (const path of PAGES()) {
        const response = await page.goto(`${server.url}${path}`);
        expect(response?.status(), path).toBe(path === '/nope' || path.startsWith('/p/no-such') ? 404 : 200);
        await mapsSettled(page);
        await expectReadable(page, { minor: true });
        heights[path.startsWith('/p/') && path.length > 40 ? path.replace(/\/p\/[^?]+/, '/p/<token>') : path] = await page.evaluate(
          () => document.documentElement.scrollHeight,
        );
      }
      console.log(`Chengdu Soul page heights at ${size}: ${JSON.stringify(heights)}`);
    });
  });

  it('the 404 page says where the visitor is and how to get back, in English, on a phone', async () => {
    const page = await openPage(PHONE);
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.title()).toBe('Page not found · Chengdu Soul 成都');
    await Promise.all([page.waitForURL(`${server.url}/agents`), page.getByRole('link', { name: 'All Chengdu scenes' }).click()]);
    await page.goBack();
    await page.locator('#q').fill('teahouse');
    await Promise.all([page.waitForURL(/\/agents\?q=teahouse/), page.getByRole('button', { name: 'Search' }).click()]);
    expect(await page.locator('section[data-status="ok"] ul.results > li').count()).toBeGreaterThan(0);
    await screenshots(page, 'not-found-to-search-phone');
  });

  describe('the traveler page', () => {
    const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

    it('gives one Getting there line per point, says the limits once, and leaves For agents out of its navigation', async () => {
      const page = await openPage(PHONE);
      await page.goto(`${server.url}${travelerPath}`);
      const kuanzhai = page.locator('article#scene-kuanzhai-alley');
      expect((await kuanzhai.locator('ul.points .point-name').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim())).toEqual([
        'Kuanzhai Xiangzi station · Line 4 · about 260 m 宽窄巷子站（4号线）',
        "People's Park station · Line 2 · about 680 m 人民公园站（2号线）",
      ]);
      // The catalog's arrival note is kept, folded away, instead of a paragraph repeated per scene.
      expect(await kuanzhai.locator('details.arrival-note').getAttribute('open')).toBeNull();
      expect(await page.locator('main').getByText('Map links open a destination, not a route.').count()).toBe(0);
      expect(await page.locator('header nav a').allTextContents()).toEqual(['Scenes 场景', 'Privacy 隐私']);
      const text = (await page.locator('body').textContent())!;
      expect(text.match(/not a timed route/gi)).toHaveLength(1);
      expect(await page.locator('.expiry-warning').count()).toBe(0);
    });

    it('warns when the trip runs past the link’s expiry, and not when it ends before', async () => {
      const page = await openPage(PHONE);
      await page.goto(`${server.url}${travelerPath}?start=${isoDay(0)}`);
      expect(await page.locator('.expiry-warning').count()).toBe(0);
      await page.goto(`${server.url}${travelerPath}?start=${isoDay(20)}`);
      const warning = page.locator('.expiry-warning');
      expect(await warning.textContent()).toMatch(
        /This link stops working on \w+day, \d{1,2} \w+ \d{4} \(China time\), before day 1 of your trip\. Print this page or save it as a PDF/,
      );
      // A two-day trip whose second day is the day the link stops (China time; after 16:00 UTC that
      // is a calendar day later than UTC's, so it is read from the plan, never assumed).
      const dayBeforeExpiry = new Date(Date.parse(`${expiryChinaDay}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      await page.goto(`${server.url}${travelerPath}?start=${dayBeforeExpiry}`);
      expect(await warning.textContent()).toContain('before day 2');
      await expectReadable(page, { minor: true });
    });

    it('prints the plan without the forms, maps and link lists', async () => {
      const page = await openPage(DESKTOP);
      await page.goto(`${server.url}${travelerPath}`);
      await mapsSettled(page);
      await page.emulateMedia({ media: 'print' });
      for (const selector of ['.dates-form', '.points-map', '.map-links', 'header nav']) {
        expect(await page.locator(selector).first().isVisible(), selector).toBe(false);
      }
      expect(await page.locator('article.scene').first().isVisible()).toBe(true);
      expect(await page.locator('.taxi-name').first().isVisible()).toBe(true);
      const pdf = await page.pdf({ format: 'A4' });
      expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    });
  });

  describe('maps', () => {
    it('a scene page maps exactly the catalog points, numbered like its list, over the configured tiles, with no route', async () => {
      const page = await openPage(DESKTOP);
      const before = tiles.requests.length;
      await page.goto(`${server.url}/agents/scenes/kuanzhai-alley`);
      expect(await mapsSettled(page)).toEqual(['ready']);
      expect(tiles.requests.length).toBeGreaterThan(before);
      const scene = sceneFile('kuanzhai-alley');
      const expected = scene.location.navigation.points.map((p: { providerPlaceId: string }) => PLACES.get(p.providerPlaceId)!.point);
      const mapped = JSON.parse((await page.locator('figure[data-points]').getAttribute('data-points'))!);
      expect(mapped.map((p: { lat: number; lon: number }) => ({ lat: p.lat, lon: p.lon }))).toEqual(expected);
      expect(await page.locator('.leaflet-marker-icon').count()).toBe(expected.length);
      expect(await page.locator('.leaflet-marker-icon').allTextContents()).toEqual(['1', '2']);
      expect(await page.locator('.leaflet-control-attribution').textContent()).toContain('© OpenStreetMap contributors');
      // Markers only: no line, shape or route layer.
      expect(await page.locator('.leaflet-overlay-pane *').count()).toBe(0);
      const text = (await page.locator('main').textContent())!;
      expect(text).not.toMatch(/\b\d+\s*min(ute)?s?\b|\bminutes? walk/i);
      expect(await page.locator('figure[data-points] figcaption').textContent()).toContain('not a route or a walking time');
      expect(await page.locator('ul.points li').nth(1).textContent()).toMatch(/about \d+ m from point 1 in a straight line/);
      await expectReadable(page, { minor: true });
      await screenshots(page, 'scene-map-desktop');
    });

    it('the traveler page has one map per day, each with its scenes, and the directory maps the city scenes', async () => {
      const page = await openPage(PHONE);
      await page.goto(`${server.url}${travelerPath}`);
      await openEveryDay(page);
      const days = await page.locator('section.day').count();
      expect(await mapsSettled(page)).toEqual(Array(days).fill('ready'));
      for (let day = 0; day < days; day++) {
        const section = page.locator('section.day').nth(day);
        const scenes = await section.locator('article.scene').count();
        expect(await section.locator('.leaflet-marker-icon').count()).toBe(scenes);
        expect(await section.locator('ol.day-points li').count()).toBe(scenes);
      }
      await expectReadable(page, { minor: true });
      await screenshots(page, 'traveler-maps-phone');

      await page.goto(`${server.url}/agents`);
      expect(await mapsSettled(page)).toEqual(['ready']);
      const cityScenes = await page
        .locator('section.area:not([aria-labelledby="area-day-trips"]):not([aria-labelledby="area-overnight"]) ul.results > li')
        .count();
      expect(await page.locator('.leaflet-marker-icon').count()).toBe(cityScenes);
      await expectReadable(page, { minor: true });
    });

    it('when the tiles cannot load, every map gives way to its list with distances, never an empty rectangle', async () => {
      const page = await openPage(PHONE, true);
      for (const path of ['/agents/scenes/kuanzhai-alley', travelerPath, '/agents']) {
        await page.goto(`${server.url}${path}`);
        if (path === travelerPath) await openEveryDay(page);
        const states = await mapsSettled(page);
        expect(states.length, path).toBeGreaterThan(0);
        expect(new Set(states), path).toEqual(new Set(['failed']));
        await page.waitForFunction(() => document.querySelectorAll('.map-canvas, .leaflet-container').length === 0);
        await expectReadable(page, { minor: true });
      }
      await page.goto(`${server.url}/agents/scenes/kuanzhai-alley`);
      await mapsSettled(page);
      expect(await page.locator('ul.points li').nth(1).isVisible()).toBe(true);
      expect(await page.locator('ul.points li').nth(1).textContent()).toMatch(/about \d+ m from point 1 in a straight line/);
      await page.goto(`${server.url}${travelerPath}`);
      await openEveryDay(page);
      await mapsSettled(page);
      expect(await page.locator('ol.day-points li').first().isVisible()).toBe(true);
      await screenshots(page, 'traveler-no-tiles-phone');
    });

    it('without JavaScript the pages show the lists and no map at all', async () => {
      const page = await openPage({ ...PHONE, javaScriptEnabled: false });
      await page.goto(`${server.url}/agents/scenes/kuanzhai-alley`);
      expect(await page.locator('figure[data-points]').getAttribute('data-map')).toBe('list');
      expect(await page.locator('.leaflet-container').count()).toBe(0);
      expect(await page.locator('ul.points li').count()).toBe(2);
    });
  });
});
