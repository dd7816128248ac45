/**
 * Issue 44's proof, in headless Chromium at a phone's 390×844 and a desktop's 1280×800, on an
 * install with the demo graph:
 * - a newcomer's first minute: from the front door through sign-up to a fact they add (stored,
 *   approved, with the visibility they chose), a first connection with a demo person from "People
 *   to try" (three shown, the untried first, the rest behind a disclosure), asking & about another one in chat, saying a fact in chat (stored pending, the reply
 *   says so), and a "Get to know me" Loop whose page speaks in people's words;
 * - a returning andee's landing: &demo_ada, with a review item, a request, a question and
 *   notifications waiting, lands on them; an andee with nothing waiting lands on Connected apps;
 * - the consent page shows only the decision; a .vcf import names the contact it could not read.
 * Each page's height is printed, and a screenshot of each is written to $SCREENSHOT_DIR when set.
 *
 * Without a Chromium executable the suite is skipped unless REQUIRE_BROWSER=1, when it fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeProblems, browserAvailable, launchChromium, reportMissingBrowser } from '@agent-products/kit/testing';
import { listChatRuns } from '../src/loops/runs.ts';
import { authorizeUrl, pkcePair, register } from './support/oauth-steps.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

reportMissingBrowser('ampersand newcomer-browser.test');

const SIZES = [
  ['390', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
  ['1280', { viewport: { width: 1280, height: 800 } }],
] as const;
type Size = (typeof SIZES)[number][1];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

describe.skipIf(!browserAvailable)('& for a newcomer (issue 44), in headless Chromium', () => {
  let browser: Browser;
  let amp: RunningAmpersand;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [browser, amp] = await Promise.all([launchChromium(), startAmpersand({ settings: { devMailbox: true } })]);
    await amp.api.seedDemo();
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await amp?.close();
  });

  async function newPage(size: Size): Promise<Page> {
    const context = await browser.newContext(size);
    contexts.push(context);
    return context.newPage();
  }

  /** Prints the page's height and writes its screenshot (to $SCREENSHOT_DIR, when set); checks it fits the width and has no axe problem. */
  async function record(page: Page, width: string, name: string): Promise<void> {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    console.log(`[page height] ${name} at ${width} px: ${height} px`);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/${name}-${width}.png`, fullPage: true });
    expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
    expect(await axeProblems(page, { minor: true }), name).toEqual([]);
  }

  async function signUp(page: Page, tag: string, name: string): Promise<string> {
    await page.goto(amp.apiUrl);
    await page.getByRole('link', { name: 'Create your &tag' }).first().click();
    await page.getByLabel('Choose a &tag').fill(tag);
    await page.getByLabel('Your name').fill(name);
    await Promise.all([page.waitForURL('**/welcome'), page.getByRole('button', { name: 'Create my &tag' }).click()]);
    return (await amp.api.andees.byTag(tag))!.andeeId;
  }

  /** Waits until the andee's newest chat turn has ended, then opens the chat as a person coming back to it would. */
  async function reply(page: Page, andeeId: string): Promise<void> {
    await expect.poll(async () => (await listChatRuns(amp.database.db, andeeId, 1))[0]?.state, { timeout: 20_000 }).not.toBe('running');
    // A reload keeps the scroll position of the page before the answer; opening Chat lands on the newest message.
    await page.goto(`${amp.apiUrl}/home`);
    await page.getByRole('navigation').getByRole('link', { name: 'Chat', exact: true }).click();
    await page.waitForLoadState('load');
  }

  async function newestInView(page: Page): Promise<void> {
    const box = await page.locator('#newest').boundingBox();
    const viewport = page.viewportSize()!;
    expect(box, 'the newest message is on the page').not.toBeNull();
    expect(box!.y + box!.height, 'the newest message ends inside the screen').toBeLessThanOrEqual(viewport.height + 1);
    expect(box!.y, 'the newest message starts inside the screen').toBeGreaterThanOrEqual(-1);
  }

  for (const [width, size] of SIZES) {
    it(`at ${width} px: a newcomer's first minute, from sign-up to a stored fact and a first connection with a demo person`, async () => {
      const page = await newPage(size);
      const tag = `nova${width}`;
      const andeeId = await signUp(page, tag, 'Nova Lee');
      await expect(page.getByRole('status').innerText()).resolves.toContain(`Your &tag is &${tag}`);
      // The welcome page has something to do: add a fact, and people to try.
      await expect(page.getByRole('heading', { name: 'People to try' }).isVisible()).resolves.toBe(true);
      // Three of the eight, the rest behind a disclosure, so the page stays short.
      const shownPeople = () => page.locator('[data-demo-tag]:visible').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-demo-tag')));
      await expect(shownPeople()).resolves.toEqual(['demo_ada', 'demo_ben', 'demo_cleo']);
      await expect(page.locator('[data-demo-tag]').count()).resolves.toBe(8);
      await expect(page.locator('.more-people > summary').innerText()).resolves.toBe('5 more people to try');
      await record(page, width, 'welcome');

      await page.getByLabel('A fact, in your own words').fill('I love hiking in the Alps.');
      await page.getByLabel('My connections').check();
      await page.getByRole('button', { name: 'Add fact' }).click();
      await expect(page.getByRole('status').innerText()).resolves.toBe('Added to your identity. See it under Review → Your identity.');
      const [added] = await amp.api.signals.list(andeeId, 'approved');
      expect(added).toMatchObject({ value: 'I love hiking in the Alps.', visibility: 'connected', status: 'approved', source: 'web' });

      // A first connection: Connect on a demo person, accepted on their behalf at once.
      await page.getByRole('button', { name: 'Connect with Ada Byron (demo)' }).click();
      expect(new URL(page.url()).pathname).toBe('/home');
      await expect(page.getByRole('status').innerText()).resolves.toBe('You and Ada Byron (demo) are connected.');
      expect((await amp.api.connections.active(andeeId, 10)).map((c) => c.tag)).toEqual(['&demo_ada']);
      // Her acceptance is what waits now.
      await expect(page.locator('[data-waiting="notifications"]').innerText()).resolves.toContain('accepted your connection request');
      // Someone not yet tried takes her place among the three; she is under the disclosure, connected.
      await expect(shownPeople()).resolves.toEqual(['demo_ben', 'demo_cleo', 'demo_dev']);
      await record(page, width, 'home-after-first-connection');
      await page.locator('.more-people > summary').click();
      await expect(page.locator('[data-demo-tag="demo_ada"]').innerText()).resolves.toContain('Connected');

      // Ask about another demo person: a chat message, answered from what they share publicly.
      await page.getByRole('button', { name: 'Ask about Ben', exact: true }).click();
      expect(new URL(page.url()).pathname).toBe('/chat');
      await reply(page, andeeId);
      const answer = page.locator('#newest');
      await expect(answer.locator('.speaker strong').innerText()).resolves.toBe('&');
      await expect(answer.innerText()).resolves.toContain('I go to a jazz club every Friday night.');
      await newestInView(page);

      // A fact said in chat waits in Review, and the reply says so without pretending a model read it.
      await page.getByLabel('Message').fill('I play the cello on Sundays.');
      await page.getByRole('button', { name: 'Send' }).click();
      await reply(page, andeeId);
      await expect(page.locator('#newest').innerText()).resolves.toMatch(/Saved for your review: “I play the cello on Sundays\.”/);
      await newestInView(page);
      const bubbles = await page
        .locator('.conversation > li')
        .evaluateAll((items) => items.map((li) => (li.querySelector('.speaker strong') as HTMLElement).innerText));
      expect(bubbles).toEqual(['You', '&', 'You', '&']);
      const onScreen = await page.locator('main').innerText();
      expect(onScreen).not.toMatch(UUID);
      expect(onScreen).not.toContain('Done');
      expect(onScreen).toMatch(/just now/);
      await record(page, width, 'chat');
      // Coming back to Chat from the navigation opens at the newest message too.
      await page.goto(`${amp.apiUrl}/home`);
      await page.getByRole('navigation').getByRole('link', { name: 'Chat', exact: true }).click();
      await newestInView(page);
      expect((await amp.api.signals.list(andeeId, 'pending')).map((s) => s.value)).toEqual(['I play the cello on Sundays.']);
      // Ben, asked about, makes way on the home page too.
      await page.goto(`${amp.apiUrl}/home`);
      await expect(shownPeople()).resolves.toEqual(['demo_cleo', 'demo_dev', 'demo_eli']);

      // Two more facts, then a "Get to know me" Loop: its page says "you", quotes facts with links, and shows its runs at a glance.
      await page.goto(`${amp.apiUrl}/review`);
      for (const fact of ['I work as a nurse in Leeds.', 'I prefer quiet cafés to loud bars.']) {
        await page.getByLabel('A fact, in your own words').fill(fact);
        await page.getByRole('button', { name: 'Add fact' }).click();
        await expect(page.getByRole('status').innerText()).resolves.toContain('Added to your identity');
      }
      // Review speaks to the andee: the category of their new fact reads "What you do".
      await expect(
        page.locator('[data-approved]', { hasText: 'I work as a nurse in Leeds.' }).locator('span[title="work.role"]').first().innerText(),
      ).resolves.toBe('What you do');
      await record(page, width, 'review');
      await page.goto(`${amp.apiUrl}/loops`);
      await page.getByRole('button', { name: /Start Get to know me/ }).click();
      await page.getByRole('button', { name: 'Run now' }).click();
      const lastRunState = async () => {
        await page.reload();
        return page.locator('[data-last-run-state]').getAttribute('data-last-run-state');
      };
      await expect.poll(lastRunState, { timeout: 20_000 }).toBe('completed');
      const loop = await page.locator('main').innerText();
      expect(loop).toMatch(/Last run: Done, just now \(you pressed Run now\)/);
      expect(loop).not.toMatch(/\b[0-9a-f]{8}\b/);
      expect(loop).not.toContain('the andee');
      // The synthesis speaks to the andee: the taxonomy's "What they do" reads "What you do".
      expect(loop).toContain('What you do: “I work as a nurse in Leeds.”');
      const link = page.getByRole('link', { name: '“I love hiking in the Alps.”' });
      await expect(link.getAttribute('href')).resolves.toBe(`/review#fact-${added!.signalId}`);
      await record(page, width, 'loop');
      await Promise.all([page.waitForURL((url) => url.pathname === '/review'), link.click()]);
      await page.locator(`#fact-${added!.signalId}`).waitFor({ state: 'visible' });
      await expect(page.locator(`#fact-${added!.signalId}`).innerText()).resolves.toContain('I love hiking in the Alps.');
    }, 120_000);

    it(`at ${width} px: a returning andee lands on what waits; one with nothing waiting on Connected apps`, async () => {
      const page = await newPage(size);
      const ada = (await amp.api.andees.byTag('demo_ada'))!;
      const { token } = await amp.api.sessions.issueLink(ada.andeeId, new Date());
      await page.goto(`${amp.apiUrl}/sign-in/link/${token}`);
      await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/sign-in/link')), page.locator('#sign-in-link button').click()]);
      expect(new URL(page.url()).pathname).toBe('/home');
      await expect(page.getByRole('heading', { name: 'Waiting for you' }).isVisible()).resolves.toBe(true);
      await expect(page.locator('[data-waiting="review"]').innerText()).resolves.toContain('I want to learn to sail next summer.');
      await expect(page.locator('[data-waiting="requests"]').innerText()).resolves.toContain('Hana Sato (demo) wants to connect: “We met at the record fair!”');
      await expect(page.locator('[data-waiting="questions"]').innerText()).resolves.toContain('Which pasta place should I try this weekend?');
      await expect(page.locator('[data-waiting="notifications"]').innerText()).resolves.toMatch(/unread notification/);
      await record(page, width, 'returning-landing');

      const quiet = await amp.api.andees.create({ tag: `quiet${width}`, displayName: 'Quiet Quinn' });
      if (!quiet.ok) throw new Error(quiet.problem);
      const other = await newPage(size);
      const link = await amp.api.sessions.issueLink(quiet.andee.andeeId, new Date());
      await other.goto(`${amp.apiUrl}/sign-in/link/${link.token}`);
      await Promise.all([other.waitForURL((url) => !url.pathname.startsWith('/sign-in/link')), other.locator('#sign-in-link button').click()]);
      expect(new URL(other.url()).pathname).toBe('/apps');
    }, 60_000);

    it(`at ${width} px: the consent page shows only the decision, the client id under a disclosure`, async () => {
      const page = await newPage(size);
      const ada = (await amp.api.andees.byTag('demo_ada'))!;
      const { token } = await amp.api.sessions.issueLink(ada.andeeId, new Date());
      await page.goto(`${amp.apiUrl}/sign-in/link/${token}`);
      await Promise.all([page.waitForURL((url) => !url.pathname.startsWith('/sign-in/link')), page.locator('#sign-in-link button').click()]);
      const redirect = 'http://127.0.0.1:9/callback';
      const client = await register(amp.apiUrl, { client_name: 'Trip Planner', redirect_uris: [redirect] });
      await page.goto(
        authorizeUrl(amp.apiUrl, {
          client_id: client.body.client_id,
          response_type: 'code',
          redirect_uri: redirect,
          code_challenge: pkcePair().challenge,
          code_challenge_method: 'S256',
          scope: 'signals:ask connections:read',
        }).toString(),
      );
      await expect(page.locator('h1').innerText()).resolves.toBe('An app asks for access to your &tag');
      await expect(page.locator('header nav a').count()).resolves.toBe(0);
      const shown = await page.locator('main').innerText();
      expect(shown).toContain('“Trip Planner”');
      expect(shown).not.toContain(client.body.client_id);
      expect(await page.locator('.match-number').innerText()).toMatch(/^\d\d$/);
      await expect(page.locator('.qr img').isVisible()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Approve' }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Decline' }).first().isVisible()).resolves.toBe(true);
      await record(page, width, 'consent');
      await page.getByText('Technical details').click();
      await expect(page.locator('main').innerText()).resolves.toContain(client.body.client_id);
    }, 60_000);

    it(`at ${width} px: a .vcf import names each contact it could not read, and why`, async () => {
      const page = await newPage(size);
      await signUp(page, `vera${width}`, 'Vera Card');
      await page.goto(`${amp.apiUrl}/connections`);
      const vcf = [
        'BEGIN:VCARD',
        'FN:Ada Byron',
        'TEL:+44 20 7946 0100',
        'END:VCARD',
        'BEGIN:VCARD',
        'FN:Mail Only Max',
        'EMAIL:max@example.org',
        'END:VCARD',
        'BEGIN:VCARD',
        'FN:Typo Tom',
        'TEL:call me maybe',
        'END:VCARD',
      ].join('\r\n');
      await page.getByLabel(/A contacts file/).setInputFiles({ name: 'contacts.vcf', mimeType: 'text/vcard', buffer: Buffer.from(vcf) });
      await page.getByRole('button', { name: 'Import the file' }).click();
      await expect(page.getByRole('status').innerText()).resolves.toMatch(/^Saved 1 contact\. 2 could not be read\./);
      const named = await page.locator('[data-unread-contacts] li').allInnerTexts();
      expect(named).toEqual([
        'Mail Only Max: it has only an e-mail address, and & finds people by phone number.',
        'Typo Tom: “call me maybe” cannot be read without a country: write it with its +code, or choose the country for numbers without one.',
      ]);
      await record(page, width, 'vcf-import');
    }, 60_000);
  }
});
