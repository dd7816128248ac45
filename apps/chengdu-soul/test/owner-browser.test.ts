/**
 * The owner's web in a real headless Chromium (playwright-core, the system browser, never a
 * download): sign in through an issued link, fill the planning form, review, exclude a scene,
 * confirm, read the traveler page (Chinese names, map links, limitations), stop sharing and see
 * the "no longer shared" page; and the expired page once the server's clock passes seven days.
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

  async function noHorizontalOverflow(page: Page): Promise<void> {
    const size = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(size.scrollWidth).toBeLessThanOrEqual(size.innerWidth);
  }

  it('signs in, plans, excludes a scene, confirms, reads the traveler page and stops sharing it', async () => {
    const server = await start();
    const page = await openPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(`${page.url()}: ${message.text()}`);
    });

    await signIn(page, server);
    expect(await page.locator('.signed-in').textContent()).toContain('Signed in as owner@example.com');
    const [sessionCookie] = (await page.context().cookies()).filter((c) => c.name === 'chengdu_session');
    expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });
    await noHorizontalOverflow(page);

    // The planning form: preferences, one chosen scene, and the day trips shown apart with their label.
    await page.locator('select[name="dayCount"]').selectOption('2');
    await page.locator('select[name="rhythm"]').selectOption('balanced');
    await page.locator('select[name="discovery"]').selectOption('blend');
    await page.locator('select[name="atmosphere"]').selectOption('quiet');
    await page.getByText('Scenes you want (optional)').click();
    const dayTrips = page.locator('fieldset.day-trips');
    expect(await dayTrips.locator('legend').textContent()).toBe('Optional day trips (selection only)');
    expect(await dayTrips.locator('.scene-choice', { hasText: 'Dujiangyan Irrigation System' }).locator('.tag').textContent()).toBe('optional day trip');
    await page.locator('input[name="require"][value="panda-base"]').check();
    await Promise.all([page.waitForURL(`${server.url}/plan`), page.getByRole('button', { name: 'Propose a draft' }).click()]);

    // Review: four scenes in two days, the chosen one marked, the limitations listed.
    expect(await page.locator('h1').textContent()).toBe('Review your draft');
    await noHorizontalOverflow(page);
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

    // The traveler page, read by someone without the owner's session.
    const traveler = await openPage();
    const response = await traveler.goto(pageUrl);
    expect(response?.status()).toBe(200);
    const headings = (await traveler.locator('article.scene h3').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(headings).toEqual(reviewed);
    for (const heading of headings) expect(SCENE_NAMES.has(heading), heading).toBe(true);
    expect(await traveler.locator('article.scene h3 span.zh[lang="zh-CN"]').allTextContents()).toContain('成都大熊猫繁育研究基地');
    const mapLinks = traveler.locator('article.scene ul.points a');
    expect(await mapLinks.count()).toBeGreaterThanOrEqual(headings.length);
    for (const href of await mapLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(/^https:\/\/www\.openstreetmap\.org\/\?mlat=/);
    }
    expect(await traveler.locator('section.notice li').allTextContents()).toEqual([...PLAN_LIMITATIONS]);
    expect(await traveler.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');

    // Stop sharing from the saved plans on `/`; the link stops working for everyone.
    await page.goto(`${server.url}/`);
    const saved = page.locator('li.saved-plan', { has: page.locator(`a.page-link[href="${pageUrl}"]`) });
    expect(await saved.getAttribute('data-status')).toBe('shared');
    const pageId = (await saved.getAttribute('data-page-id'))!;
    await Promise.all([page.waitForURL(`${server.url}/#saved-plans`), saved.getByRole('button', { name: 'Stop sharing' }).click()]);
    expect(await page.locator(`li.saved-plan[data-page-id="${pageId}"]`).getAttribute('data-status')).toBe('stopped');

    const gone = await traveler.goto(pageUrl);
    expect(gone?.status()).toBe(410);
    expect(await traveler.locator('h1').textContent()).toBe('This plan is no longer shared');
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
