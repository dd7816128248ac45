/**
 * Every page of the andee's web app in headless Chromium, signed out and signed in, at a phone's
 * 390×844 and a desktop's 1280×800: none scrolls sideways, axe-core finds no violation (minor
 * ones included), and each links the web app manifest. Then what the pages promise, at phone
 * width: sign-up signs the person in and shows the next step, sign-in says where the link really
 * is, the review queue names categories in words (code in the tooltip) with Undo, a fact on "Your
 * identity" is edited and removed, Remove on a connection is confirmed first, Connect from "People
 * you may know" sends the request, a .vcf file imports its numbers, answering a request clears its
 * notification, a Loop is shared and archived from its page, and connected apps show & for its
 * own runtime and confirm before revoking.
 *
 * Without a Chromium executable the suite is skipped unless REQUIRE_BROWSER=1, when it fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeProblems, browserAvailable, launchChromium, reportMissingBrowser } from '@agent-products/kit/testing';
import { seedAppPages, type AppPage, type SeededApp } from './support/app-pages.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

reportMissingBrowser('ampersand app-pages-browser.test');

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

describe.skipIf(!browserAvailable)('every page of the andee’s web app in headless Chromium', () => {
  let browser: Browser;
  let amp: RunningAmpersand;
  let app: SeededApp;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [browser, amp] = await Promise.all([launchChromium(), startAmpersand({ settings: { devMailbox: true } })]);
    app = await seedAppPages(amp);
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await amp?.close();
  });

  async function context(signedIn: boolean, size: typeof PHONE | typeof DESKTOP): Promise<BrowserContext> {
    const made = signedIn ? await app.signedInContext(browser, size) : await browser.newContext(size);
    contexts.push(made);
    return made;
  }

  async function expectFits(page: Page, shown: AppPage): Promise<void> {
    await expect(page.locator('main').innerText(), `${shown.name} at ${shown.path}`).resolves.toMatch(shown.heading);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${shown.name} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
    expect(await axeProblems(page, { minor: true }), shown.name).toEqual([]);
    await expect(page.locator('link[rel="manifest"]').count()).resolves.toBe(1);
  }

  for (const [width, size] of [
    ['390 px', PHONE],
    ['1280 px', DESKTOP],
  ] as const) {
    it(`signed out, at ${width}: no page scrolls sideways or has an axe problem`, async () => {
      const page = await (await context(false, size)).newPage();
      for (const shown of app.signedOut) {
        await page.goto(`${amp.apiUrl}${shown.path}`);
        await expectFits(page, shown);
      }
    });

    it(`signed in, at ${width}: no page scrolls sideways or has an axe problem`, async () => {
      const page = await (await context(true, size)).newPage();
      for (const shown of app.signedIn) {
        await page.goto(`${amp.apiUrl}${shown.path}`);
        await expectFits(page, shown);
      }
    });
  }

  it('works without JavaScript: the manifest and icons are served, and a page needs no script to read or submit', async () => {
    const manifest = await (await fetch(`${amp.apiUrl}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ name: '&', start_url: '/', display: 'standalone' });
    for (const icon of manifest.icons) {
      const response = await fetch(new URL(icon.src, amp.apiUrl));
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get('content-type')).toBe(icon.type);
    }
    const noScript = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    contexts.push(noScript);
    const page = await noScript.newPage();
    await page.goto(`${amp.apiUrl}/sign-up`);
    await page.getByLabel('Choose a &tag').fill('nojs');
    await page.getByLabel('Your name').fill('No Script');
    await Promise.all([page.waitForURL('**/welcome'), page.getByRole('button', { name: 'Create my &tag' }).click()]);
    await expect(page.locator('h1').innerText()).resolves.toBe('Welcome, No Script');
  });

  it('signs a new andee in at sign-up, and sign-in says where the link is instead of “check your mailbox”', async () => {
    const page = await (await context(false, PHONE)).newPage();
    await page.goto(amp.apiUrl);
    // The front door speaks to people; the MCP URL and host configuration are on Connect an agent.
    await expect(page.locator('body').innerText()).resolves.not.toContain(amp.mcpUrl);
    await page.getByRole('link', { name: 'Connect an agent' }).first().click();
    await expect(page.locator('#mcp-url').innerText()).resolves.toBe(amp.mcpUrl);
    await expect(page.locator('pre').nth(1).innerText()).resolves.toContain(`"mcp-remote",\n        "${amp.mcpUrl}"`);
    await page.goto(amp.apiUrl);
    await page.getByRole('link', { name: 'Create your &tag' }).first().click();
    await page.getByLabel('Choose a &tag').fill('nova');
    await page.getByLabel('Your name').fill('Nova Lee');
    await Promise.all([page.waitForURL('**/welcome'), page.getByRole('button', { name: 'Create my &tag' }).click()]);
    await expect(page.getByRole('status').innerText()).resolves.toContain('Your &tag is &nova, and this browser is signed in.');
    await page.goto(`${amp.apiUrl}/sign-in`);
    await page.getByLabel('Your &tag').fill('nova');
    await page.getByRole('button', { name: 'Get a sign-in link' }).click();
    const said = await page.locator('main').innerText();
    expect(said).not.toMatch(/check your mailbox/i);
    expect(said).toContain('& sends no e-mail');
    await page.getByRole('link', { name: 'dev mailbox' }).click();
    await expect(page.locator('main').innerText()).resolves.toContain('&nova');
  });

  it('files “I love pasta” as food in words, with the code in the tooltip, and takes back an Approve', async () => {
    const page = await (await context(true, PHONE)).newPage();
    await page.goto(`${amp.apiUrl}/review`);
    const pasta = page.locator('[data-signal]', { hasText: 'I love pasta late at night.' });
    const filed = pasta.locator('.meta span[title]');
    await expect(filed.innerText()).resolves.toBe('Food and cuisine');
    await expect(filed.getAttribute('title')).resolves.toBe('preferences.food');
    await expect(pasta.getByLabel('Category').locator('option:checked').innerText()).resolves.toBe('Food and cuisine');
    await pasta.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByRole('status').innerText()).resolves.toContain('Approved: “I love pasta late at night.”');
    expect((await amp.api.signals.list(app.wren.andeeId, 'approved')).map((s) => s.value)).toContain('I love pasta late at night.');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('status').innerText()).resolves.toBe('Undone.');
    expect((await amp.api.signals.list(app.wren.andeeId, 'pending')).map((s) => s.value)).toContain('I love pasta late at night.');
  });

  it('edits and removes a fact on “Your identity”, and Undo brings it back', async () => {
    const page = await (await context(true, PHONE)).newPage();
    await page.goto(`${amp.apiUrl}/review`);
    const tomatoes = page.locator('[data-approved]', { hasText: 'I grow tomatoes on my balcony.' });
    await tomatoes.getByText('Edit', { exact: true }).click();
    await tomatoes.getByLabel('Text').fill('I grow tomatoes and basil on my balcony.');
    await tomatoes.getByLabel('Visibility').selectOption('private');
    await tomatoes.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').innerText()).resolves.toBe('Saved.');
    const edited = (await amp.api.signals.list(app.wren.andeeId, 'approved')).find((s) => s.value.includes('basil'))!;
    expect(edited).toMatchObject({ value: 'I grow tomatoes and basil on my balcony.', visibility: 'private', status: 'approved' });
    await page
      .locator('[data-approved]', { hasText: 'basil' })
      .getByRole('button', { name: /Remove/ })
      .click();
    await expect(page.getByRole('status').innerText()).resolves.toContain('Removed from your identity');
    expect((await amp.api.signals.byId(app.wren.andeeId, edited.signalId))!.status).toBe('rejected');
    await page.getByRole('button', { name: 'Undo' }).click();
    expect((await amp.api.signals.byId(app.wren.andeeId, edited.signalId))!.status).toBe('approved');
  });

  it('answering a request clears its notification; Connect from People you may know sends one; Remove asks first', async () => {
    const page = await (await context(true, PHONE)).newPage();
    await page.goto(`${amp.apiUrl}/notifications`);
    const unreadBefore = Number(await page.locator('[data-unread]').getAttribute('data-unread'));
    await page.goto(`${amp.apiUrl}/connections`);
    await page.locator('[data-request]', { hasText: 'From the book club' }).getByRole('button', { name: 'Accept' }).click();
    await page.goto(`${amp.apiUrl}/notifications`);
    await expect(page.locator('[data-unread]').getAttribute('data-unread')).resolves.toBe(String(unreadBefore - 1));

    await page.goto(`${amp.apiUrl}/connections`);
    await page.getByRole('button', { name: 'Connect with Ivy Ivanova-Montgomery-Fitzgerald' }).click();
    await expect(page.getByRole('status').innerText()).resolves.toBe('Request sent to &ivy.');

    await page.locator('[data-connection="&kai"]').getByRole('link', { name: 'Remove…' }).click();
    await expect(page.locator('h1').innerText()).resolves.toBe('Remove Kai Kite (&kai)?');
    await page.getByRole('link', { name: 'Keep the connection' }).click();
    expect((await amp.api.connections.active(app.wren.andeeId, 10)).map((c) => c.tag)).toContain('&kai');
    await page.locator('[data-connection="&kai"]').getByRole('link', { name: 'Remove…' }).click();
    await page.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('status').innerText()).resolves.toBe('Removed &kai.');
    expect((await amp.api.connections.active(app.wren.andeeId, 10)).map((c) => c.tag)).not.toContain('&kai');
  });

  it('imports the numbers of a .vcf file', async () => {
    const page = await (await context(true, PHONE)).newPage();
    await page.goto(`${amp.apiUrl}/connections`);
    const vcf = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Ivy',
      'item1.TEL;type=CELL:+44 7911 123456',
      'EMAIL:ivy@example.org',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:4.0',
      'FN:Someone',
      'TEL;VALUE=uri:tel:+44-7911-123458',
      'TEL:not a number',
      'END:VCARD',
    ].join('\r\n');
    await page.getByLabel(/A contacts file/).setInputFiles({ name: 'contacts.vcf', mimeType: 'text/vcard', buffer: Buffer.from(vcf) });
    await page.getByRole('button', { name: 'Import the file' }).click();
    await expect(page.getByRole('status').innerText()).resolves.toBe('Saved 2 contacts; 1 could not be read as phone numbers.');
    expect(await amp.api.contacts.contactCount(app.wren.andeeId)).toBe(2);
  });

  it('shares a Loop and archives it from the web: the shelf card shows both', async () => {
    const page = await (await context(true, PHONE)).newPage();
    await page.goto(`${amp.apiUrl}/loops`);
    await page.getByRole('link', { name: 'Sam’s birthday dinner' }).click();
    await page.getByLabel('Share with (&tag)').fill('&lou');
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.locator('#members ~ ul').innerText()).resolves.toContain('Lou Loom (&lou)');
    await page.getByRole('button', { name: 'Archive' }).click();
    await expect(page.locator('main').innerText()).resolves.toContain('This Loop is archived');
    await page.goto(`${amp.apiUrl}/loops`);
    const card = page.locator('[data-loop-id]', { hasText: 'Sam’s birthday dinner' });
    await expect(card.innerText()).resolves.toMatch(/Shared with Kai Kite, Lou Loom[\s\S]*Latest: Three places Sam would like/);
    expect(await page.locator('h2:has-text("Archived") + ul [data-loop-id]').count()).toBe(1);
    await card.getByRole('link').click();
    await page.getByRole('button', { name: 'Bring back to the active shelf' }).click();
    await expect(page.locator('main').innerText()).resolves.not.toContain('This Loop is archived');
  });

  it('names & for its own runtime, shows access in words beside the code, and confirms before revoking', async () => {
    const page = await (await context(true, PHONE)).newPage();
    await page.goto(`${amp.apiUrl}/apps`);
    await expect(page.locator('main').innerText()).resolves.not.toContain('ampersand-hosted-runtime');
    const own = page.getByRole('region', { name: '&', exact: true });
    await expect(own.locator('h2').innerText()).resolves.toBe('&');
    const planner = page.getByRole('region', { name: 'Agent of wren' });
    await expect(planner.locator('[data-scope="loops:read"]').innerText()).resolves.toBe('Read your Loops and who is in them loops:read');
    await expect(planner.innerText()).resolves.toContain('Last used');
    await planner.getByRole('link', { name: 'Revoke…' }).click();
    // Back on Connected apps before counting: count() does not wait for the navigation.
    await Promise.all([page.waitForURL((url) => url.pathname === '/apps'), page.getByRole('link', { name: 'Keep it' }).click()]);
    await expect(page.getByRole('region', { name: 'Agent of wren' }).count()).resolves.toBe(1);
    await page.getByRole('region', { name: 'Agent of wren' }).getByRole('link', { name: 'Revoke…' }).click();
    await page.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByRole('status').innerText()).resolves.toContain('Access revoked');
    await expect(page.getByRole('region', { name: 'Agent of wren' }).count()).resolves.toBe(0);
  });
});
