/**
 * Cross-device consent phishing, in real headless Chromium browsers, one context per device.
 *
 * The attacker has no & account: it registers a client calling itself "Claude", starts an
 * authorization in its own browser and sends the approval link to a signed-in victim. Without
 * the number on the attacker's screen the victim's approval is refused and the attacker never
 * receives a code; a wrong number ends the request; the right number typed on a second
 * signed-in browser completes it and only the starting browser receives the code, its page
 * moving on by itself (or with Continue when it runs no JavaScript). The approving page names
 * the account it grants, and an account other than the one the starting screen shows is never
 * granted without saying so; "not you? switch account" signs out and back in on the same link.
 *
 * Without a Chromium executable the suite is skipped unless REQUIRE_BROWSER=1, when it fails.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeProblems, browserAvailable, launchChromium, reportMissingBrowser } from '@agent-products/kit/testing';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { authorizeUrl, claimsOf, pkcePair, register, tokenRequest } from './support/oauth-steps.ts';

reportMissingBrowser('ampersand cross-device-approval.test');

describe.skipIf(!browserAvailable)('cross-device approval in headless Chromium', () => {
  let browser: Browser;
  let amp: RunningAmpersand;
  let clientId: string;
  const andeeIds: Record<string, string> = {};
  const contexts: BrowserContext[] = [];
  // The client's redirect endpoint, a real listener: every arrival is recorded for the device that made it.
  const arrivalsByDevice = new Map<string, URL[]>();
  const callback = createServer((req, res) => {
    const arrived = new URL(req.url!, REDIRECT);
    // Only the callback itself: a browser also asks this origin for its favicon.
    if (arrived.pathname === new URL(REDIRECT).pathname) arrivalsByDevice.get(String(req.headers['x-test-device']))?.push(arrived);
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('the client received the answer');
  });
  let REDIRECT = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
    REDIRECT = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/claude/callback`;
    [browser, amp] = await Promise.all([launchChromium(), startAmpersand()]);
    for (const [tag, name] of [
      ['acarol', 'Carol Victim'],
      ['auditor', 'Audrey Auditor'],
    ] as const) {
      const created = await amp.api.andees.create({ tag, displayName: name });
      if (!created.ok) throw new Error(`no andee ${tag}`);
      andeeIds[tag] = created.andee.andeeId;
    }
    // Dynamic registration, as the attacker does it: anyone may call their client "Claude".
    const client = await register(amp.apiUrl, { client_name: 'Claude', redirect_uris: [REDIRECT] });
    clientId = client.body.client_id;
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await amp?.close();
    await new Promise((resolve) => callback.close(resolve));
  });

  /** A device: a browser context that names itself to the client's redirect endpoint, so each arrival there is its own. */
  let devices = 0;
  async function device(options: { javaScriptEnabled?: boolean } = {}): Promise<{ page: Page; arrivals: URL[] }> {
    const name = `device-${++devices}`;
    const context = await browser.newContext({ ...options, extraHTTPHeaders: { 'X-Test-Device': name } });
    contexts.push(context);
    const arrivals: URL[] = [];
    arrivalsByDevice.set(name, arrivals);
    return { page: await context.newPage(), arrivals };
  }

  async function signIn(page: Page, tag: string, next?: string) {
    const { token } = await amp.api.sessions.issueLink(andeeIds[tag]!, new Date());
    const link = new URL(`/sign-in/link/${token}`, amp.apiUrl);
    if (next) link.searchParams.set('next', next);
    await page.goto(link.href);
    await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/sign-in/link')), page.click('#sign-in-link button')]);
  }

  /** Starts an authorization for "Claude" in this device's browser; returns the approval link, its number and the PKCE verifier. */
  async function startAuthorization(page: Page) {
    const pkce = pkcePair();
    await page.goto(
      authorizeUrl(amp.apiUrl, {
        client_id: clientId,
        response_type: 'code',
        redirect_uri: REDIRECT,
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
        scope: 'signals:ask connections:read',
        prompt: 'consent',
      }).href,
    );
    expect(new URL(page.url()).pathname).toMatch(/^\/interaction\/[\w-]+$/);
    const matchNumber = (await page.locator('[data-match-number]').getAttribute('data-match-number'))!;
    expect(matchNumber).toMatch(/^[1-9]\d$/);
    return { link: page.url(), matchNumber, verifier: pkce.verifier };
  }

  async function redeem(code: string, verifier: string) {
    const token = await tokenRequest(amp.apiUrl, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: clientId,
      code_verifier: verifier,
    });
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    return claimsOf(token.body.access_token);
  }

  it('shows the starting screen without sign-in: the unverified client, the access in words, the number and a server-rendered QR code of the link', async () => {
    const attacker = await device();
    const { link } = await startAuthorization(attacker.page);
    const main = attacker.page.locator('main');
    const text = (await main.textContent()) ?? '';
    expect(text).toContain('An app calling itself “Claude”');
    expect(text).toContain(new URL(REDIRECT).host);
    expect(await main.locator('#unverified').textContent()).toContain('Registered just now and not verified');
    expect(await main.locator('li[data-scope="signals:ask"]').textContent()).toMatch(/Answer questions about you.*signals:ask/);
    expect(await main.locator('li[data-scope="connections:read"]').textContent()).toContain('connections:read');
    expect(await main.locator('#never-scan').textContent()).toContain('Never scan a code');
    expect(await main.locator('#expiry').textContent()).toMatch(/works once and expires in (10|9) minutes/);
    expect(await main.locator('input[name="tag"]').count()).toBe(0);
    expect(await main.locator('img[src^="http"]').count()).toBe(0);
    // The QR code is the SVG the server made of the approval link itself.
    const qr = (await main.locator('.qr img').getAttribute('src'))!;
    expect(Buffer.from(qr.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toBe(await QRCode.toString(link, { type: 'svg', margin: 1 }));
    expect(await main.locator('.qr img').isVisible()).toBe(true);
    // Decline is a button as prominent as Approve will be.
    expect(await main.locator('button[value="deny"]').getAttribute('class')).toBe('primary');
  });

  it('the starting screen fits a phone and a desktop with no sideways scroll, and axe finds nothing on it', async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const starter = await device();
      await starter.page.setViewportSize(viewport);
      await startAuthorization(starter.page);
      const overflow = await starter.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${viewport.width} px`).toBeLessThanOrEqual(0);
      expect(await axeProblems(starter.page, { minor: true }), `${viewport.width} px`).toEqual([]);
    }
  });

  it('phishing: the victim cannot approve without the number, so the attacker never receives a code', async () => {
    const attacker = await device();
    const { link } = await startAuthorization(attacker.page);
    const victim = await device();
    await signIn(victim.page, 'acarol');
    await victim.page.goto(link);
    const main = victim.page.locator('main');
    expect(await main.locator('#account').textContent()).toContain('&acarol');
    expect(await main.locator('#account button').textContent()).toBe('Not you? Switch account');
    expect(await main.locator('[data-match-number]').count()).toBe(0);
    expect(await main.locator('button[value="approve"]').isDisabled()).toBe(true);
    // Even bypassing the page (a posted form without the number), the server refuses and nothing is answered.
    const csrf = (await main.locator('input[name="csrf"]').first().getAttribute('value'))!;
    const posted = await victim.page.request.post(link, { form: { csrf, decision: 'approve' }, headers: { Origin: amp.apiUrl }, maxRedirects: 0 });
    expect(posted.status()).toBe(400);
    expect(await posted.text()).toContain('two-digit number');
    // The attacker's Continue finds the request unanswered; no code went anywhere.
    await attacker.page.click('#approve-on-phone button');
    expect(new URL(attacker.page.url()).pathname).toBe(new URL(link).pathname);
    expect(attacker.arrivals).toEqual([]);
    expect(victim.arrivals).toEqual([]);
  });

  it('a wrong number refuses and ends the interaction: the starting screen gets access_denied, never a code', async () => {
    const attacker = await device();
    const { link, matchNumber } = await startAuthorization(attacker.page);
    const victim = await device();
    await signIn(victim.page, 'acarol');
    await victim.page.goto(link);
    const wrong = String(((Number(matchNumber) - 10 + 1) % 90) + 10);
    await victim.page.fill('input[name="number"]', wrong);
    expect(await victim.page.locator('button[value="approve"]').isDisabled()).toBe(false);
    await victim.page.click('button[value="approve"]');
    expect(await victim.page.locator('main h1').textContent()).toBe('Wrong number: request ended');
    // The starting page learns it by itself and goes back to the client with the refusal.
    await attacker.page.waitForURL((url) => url.href.startsWith(REDIRECT));
    expect(attacker.arrivals.map((u) => u.searchParams.get('error'))).toEqual(['access_denied']);
    expect(attacker.arrivals[0]!.searchParams.get('code')).toBeNull();
    // The right number now does nothing: the link is spent.
    await victim.page.goto(link);
    expect(await victim.page.locator('main h1').textContent()).toMatch(/Link already used|Request finished/);
    expect(await victim.page.locator('input[name="number"]').count()).toBe(0);
    expect(victim.arrivals).toEqual([]);
  });

  it('the right number from a second signed-in browser completes; only the starting browser receives the code, moving on by itself', async () => {
    const desk = await device();
    const { link, matchNumber, verifier } = await startAuthorization(desk.page);
    const phone = await device();
    await signIn(phone.page, 'acarol');
    await phone.page.goto(link);
    await phone.page.fill('input[name="number"]', matchNumber);
    await phone.page.click('button[value="approve"]');
    expect(await phone.page.locator('main h1').textContent()).toBe('Approved');
    expect(await phone.page.locator('main').textContent()).toContain('continues by itself');
    await desk.page.waitForURL((url) => url.href.startsWith(REDIRECT));
    expect(phone.arrivals).toEqual([]);
    expect(desk.arrivals).toHaveLength(1);
    const code = desk.arrivals[0]!.searchParams.get('code')!;
    expect(desk.arrivals[0]!.searchParams.get('iss')).toBe(amp.apiUrl);
    expect((await redeem(code, verifier)).sub).toBe(andeeIds.acarol);
    // Single use: the link now says so on the phone.
    await phone.page.goto(link);
    expect(await phone.page.locator('main h1').textContent()).toMatch(/Link already used|Request finished/);
  });

  it('without JavaScript the starting screen goes on with its Continue button', async () => {
    const desk = await device({ javaScriptEnabled: false });
    const { link, matchNumber, verifier } = await startAuthorization(desk.page);
    const phone = await device();
    await signIn(phone.page, 'acarol');
    await phone.page.goto(link);
    await phone.page.fill('input[name="number"]', matchNumber);
    await phone.page.click('button[value="approve"]');
    expect(await phone.page.locator('main h1').textContent()).toBe('Approved');
    expect(desk.arrivals).toEqual([]);
    await Promise.all([desk.page.waitForURL((url) => url.href.startsWith(REDIRECT)), desk.page.click('#approve-on-phone button')]);
    expect((await redeem(desk.arrivals[0]!.searchParams.get('code')!, verifier)).sub).toBe(andeeIds.acarol);
  });

  it('account switch: another account than the starting screen shows is named and never granted silently; "not you?" switches on the same link', async () => {
    const desk = await device();
    await signIn(desk.page, 'acarol');
    const { link, matchNumber, verifier } = await startAuthorization(desk.page);
    expect(await desk.page.locator('#account').textContent()).toContain('&acarol');
    const second = await device();
    await signIn(second.page, 'auditor');
    await second.page.goto(link);
    const main = second.page.locator('main');
    expect(await main.locator('#account').textContent()).toContain('&auditor');
    expect(await main.locator('#other-account').textContent()).toContain('signed in as &acarol, not &auditor');
    // With the right number but without confirming the other account, the server refuses and nothing is answered.
    const csrf = (await main.locator('input[name="csrf"]').first().getAttribute('value'))!;
    const unconfirmed = await second.page.request.post(link, {
      form: { csrf, decision: 'approve', number: matchNumber },
      headers: { Origin: amp.apiUrl },
      maxRedirects: 0,
    });
    expect(unconfirmed.status()).toBe(400);
    expect(await unconfirmed.text()).toContain('confirmAccount');
    // Not you? Switch account: signed out, back on the link, signed in as the right andee.
    await second.page.goto(link);
    await Promise.all([second.page.waitForURL(link), second.page.click('#account button')]);
    expect(await second.page.locator('main h1').textContent()).toBe('Sign in to approve Claude');
    await signIn(second.page, 'acarol', new URL(link).pathname);
    expect(second.page.url()).toBe(link);
    expect(await main.locator('#account').textContent()).toContain('&acarol');
    expect(await main.locator('#other-account').count()).toBe(0);
    await second.page.fill('input[name="number"]', matchNumber);
    await second.page.click('button[value="approve"]');
    await desk.page.waitForURL((url) => url.href.startsWith(REDIRECT));
    expect((await redeem(desk.arrivals[0]!.searchParams.get('code')!, verifier)).sub).toBe(andeeIds.acarol);
  });

  it('another account is granted only when the approving device ticks it by name', async () => {
    const desk = await device();
    await signIn(desk.page, 'acarol');
    const { link, matchNumber, verifier } = await startAuthorization(desk.page);
    const second = await device();
    await signIn(second.page, 'auditor');
    await second.page.goto(link);
    await second.page.fill('input[name="number"]', matchNumber);
    await second.page.check('input[name="confirmAccount"]');
    await second.page.click('button[value="approve"]');
    expect(await second.page.locator('main h1').textContent()).toBe('Approved');
    await desk.page.waitForURL((url) => url.href.startsWith(REDIRECT));
    expect((await redeem(desk.arrivals[0]!.searchParams.get('code')!, verifier)).sub).toBe(andeeIds.auditor);
  });

  it('the starting browser, signed in, approves right there without a number', async () => {
    const desk = await device();
    await signIn(desk.page, 'acarol');
    const { verifier } = await startAuthorization(desk.page);
    expect(await desk.page.locator('input[name="number"]').count()).toBe(0);
    await Promise.all([desk.page.waitForURL((url) => url.href.startsWith(REDIRECT)), desk.page.click('button[value="approve"]')]);
    expect((await redeem(desk.arrivals[0]!.searchParams.get('code')!, verifier)).sub).toBe(andeeIds.acarol);
  });
});
