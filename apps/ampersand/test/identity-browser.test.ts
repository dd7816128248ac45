/**
 * The identity pages in a real headless Chromium: the review queue (approve with a changed
 * visibility, reject), answering a question (it lands in the review queue), accepting a
 * connection request, and notifications (the unread count in the navigation, cleared when what
 * they asked is done, mark all read).
 *
 * Without a Chromium executable the suite is skipped unless REQUIRE_BROWSER=1, when it fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchChromium, reportMissingBrowser } from '@agent-products/kit/testing';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { accessToken, call, createAndee, mcpClient, type TestAndee } from './support/andee-tokens.ts';

reportMissingBrowser('ampersand identity-browser.test');

describe.skipIf(!browserAvailable)('identity pages in headless Chromium', () => {
  let browser: Browser;
  let page: Page;
  let amp: RunningAmpersand;
  let wren: TestAndee, kai: TestAndee, lou: TestAndee;

  beforeAll(async () => {
    [browser, amp] = await Promise.all([launchChromium(), startAmpersand()]);
    [wren, kai, lou] = await Promise.all([createAndee(amp, 'wren', 'Wren Writer'), createAndee(amp, 'kai', 'Kai Kite'), createAndee(amp, 'lou', 'Lou Loom')]);
    await amp.api.connections.connect(wren.andeeId, kai.andeeId, new Date());
    // What agents left for Wren: two facts to review, a request from Lou, a question from Kai.
    const wrenAgent = await mcpClient(amp, await accessToken(amp, wren));
    await call(wrenAgent, 'identity_write', { value: 'I grow tomatoes on my balcony.' });
    await call(wrenAgent, 'identity_write', { value: 'I am allergic to cats.' });
    await wrenAgent.close();
    const louAgent = await mcpClient(amp, await accessToken(amp, lou));
    await call(louAgent, 'connections_request', { tag: 'wren', note: 'From the book club' });
    await louAgent.close();
    const kaiAgent = await mcpClient(amp, await accessToken(amp, kai));
    await call(kaiAgent, 'ask_andee', { tag: 'wren', question: 'Which book should I read next?' });
    await kaiAgent.close();

    page = await (await browser.newContext()).newPage();
    const { token } = await amp.api.sessions.issueLink(wren.andeeId, new Date());
    await page.goto(`${amp.apiUrl}/sign-in/link/${token}`);
    await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/sign-in/link')), page.click('#sign-in-link button')]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await amp?.close();
  });

  const card = (text: string) => page.locator('.card', { hasText: text });

  it('shows the unread count and lists the notifications', async () => {
    await page.goto(`${amp.apiUrl}/notifications`);
    await expect.poll(() => page.getByRole('link', { name: 'Notifications (2)' }).count()).toBe(1);
    expect(await page.locator('[data-notification]').count()).toBe(2);
  });

  it('approves one fact as public and rejects the other in the review queue', async () => {
    await page.goto(`${amp.apiUrl}/review`);
    const tomatoes = card('I grow tomatoes on my balcony.');
    await tomatoes.getByLabel('Visibility').selectOption('public');
    await tomatoes.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(`${amp.apiUrl}/review?done=approved**`);
    await card('I am allergic to cats.').getByRole('button', { name: 'Reject' }).click();
    await page.waitForURL(`${amp.apiUrl}/review?done=rejected**`);
    expect(await page.locator('[data-approved]').innerText()).toContain('I grow tomatoes on my balcony. (public');
    expect(await page.locator('.card').count()).toBe(0);
    const rows = await amp.database.db
      .selectFrom('identity_facts')
      .select(['value', 'status', 'visibility'])
      .where('andee_id', '=', wren.andeeId)
      .orderBy('value')
      .execute();
    expect(rows).toEqual([
      { value: 'I am allergic to cats.', status: 'rejected', visibility: 'private' },
      { value: 'I grow tomatoes on my balcony.', status: 'approved', visibility: 'public' },
    ]);
  });

  it('accepts a connection request', async () => {
    await page.goto(`${amp.apiUrl}/connections`);
    await card('From the book club').getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toContain('connected');
    expect((await amp.api.connections.active(wren.andeeId, 10)).map((c) => c.tag).sort()).toEqual(['&kai', '&lou']);
  });

  it('answers a question, and the answer waits in the review queue', async () => {
    await page.goto(`${amp.apiUrl}/questions`);
    const question = card('Which book should I read next?');
    await question.getByLabel('Your answer').fill('Middlemarch, without a doubt.');
    await question.getByRole('button', { name: 'Answer' }).click();
    await expect.poll(() => page.getByRole('status').innerText()).toContain('waits in Review');
    expect(await page.locator('.card').count()).toBe(0);
    await page.goto(`${amp.apiUrl}/review`);
    expect(await card('Middlemarch, without a doubt.').innerText()).toContain('your answer to a question');
  });

  it('has cleared the request’s and the question’s notifications once answered, and marks the rest read', async () => {
    await page.goto(`${amp.apiUrl}/notifications`);
    expect(await page.locator('[data-unread]').innerText()).toBe('Nothing unread.');
    const person = (a: TestAndee) => ({ andeeId: a.andeeId, name: a.name, tag: a.tag, photoUrl: null });
    await amp.database.db.transaction().execute((trx) => amp.api.questions.ask(trx, person(kai), person(wren), 'Tea or coffee?'));
    await page.goto(`${amp.apiUrl}/notifications`);
    // The answer redirects back to this same address: wait for the new page, not for the URL (already there).
    await Promise.all([
      page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame()),
      page.getByRole('button', { name: 'Mark all read' }).click(),
    ]);
    await page.waitForLoadState('load');
    expect(page.url()).toBe(`${amp.apiUrl}/notifications`);
    expect(await page.getByRole('link', { name: 'Notifications', exact: true }).count()).toBe(1);
    expect(await page.locator('[data-unread]').innerText()).toBe('Nothing unread.');
  });
});
