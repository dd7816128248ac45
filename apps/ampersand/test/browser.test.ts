/**
 * The andee's web app in a real headless Chromium (playwright-core, the system browser): sign up
 * and sign in through the dev mailbox, the approval page (client name, redirect host, scopes in
 * words, the QR code) approving and denying with plain forms, a device code entered at /device,
 * and Connected apps with Revoke (confirmed first).
 *
 * Without a Chromium executable the suite is skipped unless REQUIRE_BROWSER=1, when it fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchChromium, reportMissingBrowser } from '@agent-products/kit/testing';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { authorizeUrl, pkcePair, register } from './support/oauth-steps.ts';

reportMissingBrowser('ampersand browser.test');
const REDIRECT = 'http://127.0.0.1:9/agent/callback';

describe.skipIf(!browserAvailable)('the andee’s web app in headless Chromium', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let amp: RunningAmpersand;

  beforeAll(async () => {
    [browser, amp] = await Promise.all([launchChromium(), startAmpersand({ settings: { devMailbox: true } })]);
    context = await browser.newContext();
    page = await context.newPage();
    // The agent's redirect URI: a real client would be listening there.
    await page.route(`${REDIRECT}**`, (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'agent received the answer' }));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await amp?.close();
  });

  async function startAuthorization(name: string) {
    const client = await register(amp.apiUrl, { client_name: name, redirect_uris: [REDIRECT] });
    const pkce = pkcePair();
    await page.goto(
      authorizeUrl(amp.apiUrl, {
        client_id: client.body.client_id,
        response_type: 'code',
        redirect_uri: REDIRECT,
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
        scope: 'signals:ask connections:read loops:read',
      }).href,
    );
  }

  it('signs up and is signed in at once; signs in again with the link from the dev mailbox', async () => {
    await page.goto(`${amp.apiUrl}/sign-up`);
    await page.fill('input[name="tag"]', '&ada');
    await page.fill('input[name="displayName"]', 'Ada Lovelace');
    await Promise.all([page.waitForURL('**/welcome'), page.click('text=Create my &tag')]);
    expect(await page.locator('[role=status]').textContent()).toContain('this browser is signed in');
    await page.goto(`${amp.apiUrl}/sign-in`);
    await page.fill('input[name="tag"]', '&ada');
    await page.click('text=Get a sign-in link');
    expect(await page.locator('[role=status]').textContent()).toContain('a one-time sign-in link was made');
    await page.click('text=dev mailbox');
    await page.click('main li a');
    // The link only shows what it would do; the button spends it (a mail scanner's GET must not).
    expect(await page.locator('main h1').textContent()).toBe('Sign in as &ada?');
    await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/sign-in/link')), page.click('#sign-in-link button')]);
    expect(new URL(page.url()).pathname).toBe('/apps');
    expect(await page.locator('main').textContent()).toContain('No app holds access to your &tag.');
    const cookies = await context.cookies(amp.apiUrl);
    expect(cookies.find((c) => c.name === 'amp_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  });

  it('shows the approval page with the client, where it redirects, the access in words and a QR code; Approve returns a code', async () => {
    await startAuthorization('Browser Agent');
    const main = page.locator('main');
    expect((await main.locator('h1').textContent())?.trim()).toBe('An app asks for access to your &tag');
    expect(await main.locator('#client').textContent()).toContain('An app calling itself “Browser Agent”');
    expect(await main.locator('#unverified').textContent()).toContain('Registered just now and not verified');
    expect(await main.locator('#account').textContent()).toContain('&ada');
    expect(await main.textContent()).toContain('127.0.0.1:9');
    expect(await main.textContent()).toContain('Answer questions about you');
    expect(await main.textContent()).toContain('See your connections');
    expect(await page.locator('input[name="optIn"][value="loops:read"]').isChecked()).toBe(false);
    expect(await page.locator('.qr img').isVisible()).toBe(true);
    await page.click('button[value="approve"]');
    await page.waitForURL((url) => url.href.startsWith(REDIRECT));
    const back = new URL(page.url());
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.searchParams.get('iss')).toBe(amp.apiUrl);
  });

  it('Deny returns access_denied to the client', async () => {
    await startAuthorization('Denied Agent');
    await page.click('button[value="deny"]');
    await page.waitForURL((url) => url.href.startsWith(REDIRECT));
    expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
  });

  it('enters a device code at /device and approves it', async () => {
    const client = await register(amp.apiUrl, {
      client_name: 'Living Room TV',
      grant_types: ['urn:ietf:params:oauth:grant-type:device_code'],
      response_types: [],
      redirect_uris: [],
    });
    const device = await (
      await fetch(`${amp.apiUrl}/oauth/device_authorization`, { method: 'POST', body: new URLSearchParams({ client_id: client.body.client_id }) })
    ).json();
    await page.goto(`${amp.apiUrl}/device`);
    await page.fill('input[name="user_code"]', device.user_code);
    await page.click('text=Continue');
    expect(await page.locator('main').textContent()).toContain('Living Room TV');
    // Continue is held back by the browser until the person ticks that the device is theirs and in front of them.
    await page.click('button:text-is("Continue")');
    expect(await page.locator('#request-origin').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/device');
    await page.check('input[name="started_here"]');
    await Promise.all([page.waitForURL(/\/interaction\//), page.click('button:text-is("Continue")')]);
    expect((await page.locator('h1').textContent())?.trim()).toBe('An app asks for access to your &tag');
    expect(await page.locator('#client').textContent()).toContain('“Living Room TV”');
    expect(await page.locator('#client').textContent()).toContain('a device that showed you a code');
    await page.click('button[value="approve"]');
    expect(await page.locator('main').textContent()).toContain('Living Room TV is connected');
  });

  it('lists connected apps and revokes one, after confirming', async () => {
    await page.goto(`${amp.apiUrl}/apps`);
    const card = page.locator('[data-grant]', { hasText: 'Browser Agent' });
    expect(await card.textContent()).toContain('signals:ask');
    expect(await page.locator('[data-grant]', { hasText: 'Living Room TV' }).count()).toBe(1);
    await card.locator('a', { hasText: 'Revoke' }).click();
    await page.locator('button', { hasText: 'Revoke' }).click();
    expect(new URL(page.url()).pathname).toBe('/apps');
    expect(await page.locator('[data-grant]', { hasText: 'Browser Agent' }).count()).toBe(0);
    expect(await page.locator('[data-grant]', { hasText: 'Living Room TV' }).count()).toBe(1);
  });
});
