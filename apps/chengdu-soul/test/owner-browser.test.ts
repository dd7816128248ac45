/**
 * The owner's web in a real headless Chromium (playwright-core, the system browser, never a
 * download): sign in through an issued link, pick a scene with the phone picker's filter, review,
 * exclude a scene, confirm, read the traveler page at 390×844 and 1280×800 (the plan before the
 * limitations, Chinese names, the taxi block, destination links to Amap, Baidu, Apple Maps and
 * OpenStreetMap, every limitation kept), copy the link, discard a draft, stop sharing after
 * confirming and see the "no longer shared" page; and the expired page once the server's clock
 * passes seven days. axe-core runs on each page; screenshots go to test-artifacts/.
 *
 * Without a Chromium executable the suite is skipped (so `npm test` passes on a fresh machine)
 * unless REQUIRE_BROWSER=1, when it fails instead. CHROMIUM_PATH overrides the executable.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchChromium, reportMissingBrowser } from '@agent-products/kit/testing';
import { PLAN_LIMITATIONS } from '../src/planning/draft-content.ts';
import { DESKTOP, PHONE, expectReadable, openEveryDay, screenshots } from './support/page-checks.ts';
import { BUNDLED_RELEASE_FOLDER, issueSignInLink, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

const DAY = 24 * 3600_000;
reportMissingBrowser('owner-browser.test');

const RELEASE_DIR = pathToFileURL(`${BUNDLED_RELEASE_FOLDER}/scenes/`);
const SCENE_NAMES = new Set(
  readdirSync(RELEASE_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(new URL(f, RELEASE_DIR), 'utf8')) as { name: { en: string; zh: string } })
    .map((s) => `${s.name.en} ${s.name.zh}`),
);

describe.skipIf(!browserAvailable)('the owner’s web in headless Chromium', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const servers: RunningChengdu[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    for (const server of servers) await server.stop();
  });

  async function start(options: Parameters<typeof startChengdu>[0] = {}): Promise<RunningChengdu> {
    const server = await startChengdu(options);
    servers.push(server);
    return server;
  }

  async function openPage(options: Parameters<Browser['newContext']>[0] = {}): Promise<Page> {
    const context = await browser.newContext(options);
    contexts.push(context);
    return context.newPage();
  }

  /** Opens an issued sign-in link and presses its button, as the owner would. */
  async function signIn(page: Page, server: RunningChengdu, now?: Date): Promise<void> {
    const link = await issueSignInLink(server, now ? { now } : {});
    await page.goto(link.url);
    await Promise.all([page.waitForURL(`${server.url}/`), page.getByRole('button', { name: 'Sign in' }).click()]);
  }

  // A whole journey from a fresh server (the catalog published first): a bound on a hang, not a speed check.
  it('signs in, plans, excludes a scene, confirms, reads the traveler page and stops sharing it', { timeout: 180_000 }, async () => {
    const server = await start();
    const page = await openPage({ ...PHONE, permissions: ['clipboard-read', 'clipboard-write'] });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(`${page.url()}: ${message.text()}`);
    });

    await signIn(page, server);
    expect(await page.locator('.signed-in').textContent()).toContain('Signed in as owner@example.com');
    const [sessionCookie] = (await page.context().cookies()).filter((c) => c.name === 'chengdu_session');
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });
    await expectReadable(page);

    // The planning form: preferences, one chosen scene found with the picker's filter, and the day trips shown apart with their label.
    await page.locator('select[name="dayCount"]').selectOption('2');
    await page.locator('select[name="rhythm"]').selectOption('balanced');
    await page.locator('select[name="discovery"]').selectOption('blend');
    await page.locator('select[name="atmosphere"]').selectOption('quiet');
    await page.getByText('Scenes you want (optional)').click();
    const dayTrips = page.locator('fieldset.day-trips');
    expect(await dayTrips.locator('legend').textContent()).toBe('Optional day trips (selection only)');
    expect(await dayTrips.locator('.scene-choice', { hasText: 'Dujiangyan Irrigation System' }).locator('.tag').textContent()).toBe('optional day trip');
    const picker = page.locator('#require-scenes');
    expect(await picker.locator('details.scene-group').count()).toBeGreaterThan(2);
    expect(await picker.locator('input[name="require"]').first().isVisible()).toBe(false);
    await picker.getByLabel('Find a scene').fill('research base of giant panda');
    await expect(picker.getByRole('status').textContent()).resolves.toBe('1 scene matches');
    await picker.locator('input[name="require"][value="panda-base"]').check();
    await screenshots(page, 'owner-picker-phone');
    await Promise.all([page.waitForURL(`${server.url}/plan`), page.getByRole('button', { name: 'Propose a draft' }).click()]);

    // Review: four scenes in two days, the chosen one marked, the limitations listed.
    expect(await page.locator('h1').textContent()).toBe('Review your draft');
    await expectReadable(page);
    expect(await page.locator('article.scene').count()).toBe(4);
    expect(await page.locator('article.scene[data-card-id="panda-base"] .tag').first().textContent()).toBe('you chose this');
    expect(await page.locator('ul.limitations li').allTextContents()).toEqual([...PLAN_LIMITATIONS]);

    const dropped = page.locator('article.scene[data-placement="recommended"]').first();
    const droppedId = (await dropped.getAttribute('data-card-id'))!;
    await Promise.all([page.waitForURL(`${server.url}/plan/exclude`), dropped.getByRole('button', { name: 'Exclude this scene' }).click()]);
    expect(await page.locator('.revision').textContent()).toBe('2');
    expect(await page.locator(`article.scene[data-card-id="${droppedId}"]`).count()).toBe(0);
    expect(await page.locator('article.scene[data-card-id="panda-base"]').count()).toBe(1);
    const reviewed = (await page.locator('article.scene h3').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());

    await Promise.all([page.waitForURL(`${server.url}/plan/confirm`), page.getByRole('button', { name: 'Confirm and publish' }).click()]);
    expect(await page.locator('h1').textContent()).toBe('Plan published');
    const pageUrl = (await page.locator('a.page-link').getAttribute('href'))!;
    expect(pageUrl).toMatch(new RegExp(`^${server.url}/p/[A-Za-z0-9_-]{43}$`));

    // The traveler page, read by someone without the owner's session, on a phone.
    const traveler = await openPage(PHONE);
    const response = await traveler.goto(pageUrl);
    expect(response?.status()).toBe(200);
    const order = await traveler
      .locator('main > nav.day-overview, main > p.limits-line, main > section.day, main > section#not-checked')
      .evaluateAll((nodes) => nodes.map((n) => n.className || n.id));
    expect(order).toEqual(['day-overview', 'limits-line', 'day', 'day', 'not-checked']);
    const overview = (await traveler.locator('nav.day-overview li').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(overview[0]).toMatch(/^Day 1: /);
    for (const heading of reviewed) expect(overview.join(' ')).toContain(heading);
    await openEveryDay(traveler);
    const firstScene = traveler.locator('article.scene').first();
    const taxiName = await firstScene.locator('.taxi-name').textContent();
    expect(await firstScene.locator('h3 span.zh').textContent()).toBe(taxiName);
    expect(await firstScene.locator('.taxi-name').getAttribute('lang')).toBe('zh-CN');
    const firstLinks = await firstScene.locator('ul.points li').first().locator('a').allTextContents();
    expect(firstLinks).toEqual(['Amap 高德', 'Baidu 百度', 'Apple Maps', 'OpenStreetMap']);
    await expectReadable(traveler);
    await screenshots(traveler, 'traveler-phone');
    await firstScene.screenshot({ path: new URL('../test-artifacts/traveler-scene-phone.png', import.meta.url).pathname });
    const headings = (await traveler.locator('article.scene h3').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(headings).toEqual(reviewed);
    for (const heading of headings) expect(SCENE_NAMES.has(heading), heading).toBe(true);
    expect(await traveler.locator('article.scene h3 span.zh[lang="zh-CN"]').allTextContents()).toContain('成都大熊猫繁育研究基地');
    const mapLinks = traveler.locator('article.scene ul.points a');
    expect(await mapLinks.count()).toBeGreaterThanOrEqual(4 * headings.length);
    for (const href of await mapLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(/^https:\/\/(uri\.amap\.com\/marker\?|api\.map\.baidu\.com\/marker\?|maps\.apple\.com\/\?ll=|www\.openstreetmap\.org\/\?mlat=)/);
      expect(href).not.toMatch(/direction|route|navigation/);
    }
    expect(await traveler.locator('#not-checked li').allTextContents()).toEqual([...PLAN_LIMITATIONS]);

    // The traveler gives the first day in the page's form and sees each day's date; nothing else changes.
    await traveler.getByLabel(/First day of your trip/).fill('2026-12-04');
    await Promise.all([traveler.waitForURL(/\?start=2026-12-04$/), traveler.getByRole('button', { name: 'Show dates' }).click()]);
    expect(await traveler.locator('section.day h2 .day-date').allTextContents()).toEqual([' · Friday, 4 December 2026', ' · Saturday, 5 December 2026']);
    expect(await traveler.locator('#not-checked li').allTextContents()).toEqual([...PLAN_LIMITATIONS]);
    await traveler.goto(`${pageUrl}?start=2026-02-30`);
    expect(await traveler.locator('.day-date').count()).toBe(0);
    expect(await traveler.locator('.dates-form').textContent()).toContain('could not be read');
    await traveler.goto(`${pageUrl}?start=2026-12-04`);
    await traveler.setViewportSize(DESKTOP.viewport);
    await expectReadable(traveler);
    await screenshots(traveler, 'traveler-desktop');
    expect(await traveler.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');

    // A second draft, discarded from the list on `/`.
    await page.goto(`${server.url}/`);
    await Promise.all([page.waitForURL(`${server.url}/plan`), page.getByRole('button', { name: 'Propose a draft' }).click()]);
    await page.goto(`${server.url}/`);
    const draftCard = page.locator('li.open-draft').first();
    expect(await draftCard.getAttribute('data-made-by')).toBe('web');
    expect(await draftCard.textContent()).toMatch(/China time/);
    const draftRef = (await draftCard.getAttribute('data-draft-ref'))!;
    await Promise.all([page.waitForURL(`${server.url}/#open-drafts`), draftCard.getByRole('button', { name: 'Discard draft' }).click()]);
    expect(await page.locator(`li.open-draft[data-draft-ref="${draftRef}"]`).count()).toBe(0);

    // The saved plan: named by its days, its link copied with one button.
    const saved = page.locator('li.saved-plan', { has: page.locator(`a.page-link[href="${pageUrl}"]`) });
    expect(await saved.getAttribute('data-status')).toBe('shared');
    expect((await saved.locator('.plan-name').textContent())!.replace(/\s+/g, ' ')).toContain('Day 1:');
    await saved.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => saved.locator('button.copy-link').textContent()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pageUrl);
    await expectReadable(page);
    await screenshots(page, 'owner-home-phone');

    // Stop sharing asks first; the link stops working for everyone only after the second button.
    const pageId = (await saved.getAttribute('data-page-id'))!;
    await saved.getByRole('button', { name: 'Stop sharing…' }).click();
    await expect(page.locator('h1').textContent()).resolves.toBe('Stop sharing this plan?');
    await expectReadable(page);
    expect((await traveler.goto(pageUrl))?.status()).toBe(200);
    await Promise.all([page.waitForURL(`${server.url}/#saved-plans`), page.getByRole('button', { name: 'Yes, stop sharing' }).click()]);
    expect(await page.locator(`li.saved-plan[data-page-id="${pageId}"]`).getAttribute('data-status')).toBe('stopped');

    const gone = await traveler.goto(pageUrl);
    expect(gone?.status()).toBe(410);
    expect(await traveler.locator('h1').textContent()).toBe('This plan is no longer shared');
    await expectReadable(traveler);
    expect(violations).toEqual([]);
  });

  it('shows the expired page with status 410 once the server clock passes seven days after drafting', async () => {
    let now = Date.now();
    const server = await start({ clock: () => new Date(now) });
    const page = await openPage();
    await signIn(page, server, new Date(now));
    await Promise.all([page.waitForURL(`${server.url}/plan`), page.getByRole('button', { name: 'Propose a draft' }).click()]);
    await Promise.all([page.waitForURL(`${server.url}/plan/confirm`), page.getByRole('button', { name: 'Confirm and publish' }).click()]);
    const pageUrl = (await page.locator('a.page-link').getAttribute('href'))!;

    now += 7 * DAY - 60_000;
    expect((await page.goto(pageUrl))?.status()).toBe(200);
    now += 2 * 60_000;
    const expired = await page.goto(pageUrl);
    expect(expired?.status()).toBe(410);
    expect(await page.locator('h1').textContent()).toBe('This plan link has expired');
    expect(await page.locator('main p').first().textContent()).toContain('seven days after the plan was drafted');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
  });
});
