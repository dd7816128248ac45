/**
 * A one-time sign-in link is spent only by the form its page holds: opening it (as a mail
 * scanner, a link preview or a prefetch does) signs nobody in and leaves it usable; the POST
 * signs in once, replaces the browser's earlier session, and a second POST is refused as used.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { CookieBrowser, formFields } from './support/cookie-browser.ts';

let amp: RunningAmpersand;
let andeeId: string;

beforeAll(async () => {
  amp = await startAmpersand();
  const created = await amp.api.andees.create({ tag: 'linkie', displayName: 'Link Tester' });
  if (!created.ok) throw new Error(created.problem);
  andeeId = created.andee.andeeId;
});
afterAll(async () => {
  await amp?.close();
});

const link = async () => `${amp.apiUrl}/sign-in/link/${(await amp.api.sessions.issueLink(andeeId, new Date())).token}`;

describe('a sign-in link', () => {
  it('is not spent by opening it, however often', async () => {
    const url = await link();
    const opened = await fetch(url);
    // The link never leaves for another site in a Referer.
    expect(opened.headers.get('referrer-policy')).toBe('same-origin');
    await opened.arrayBuffer();
    const scanner = new CookieBrowser([amp.apiUrl]);
    for (let visit = 0; visit < 3; visit++) {
      const page = await scanner.get(url);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Sign in as &amp;linkie?');
    }
    expect(scanner.cookie(new URL(amp.apiUrl).host, 'amp_session')).toBeUndefined();
    const person = new CookieBrowser([amp.apiUrl]);
    const signedIn = await person.signInWithLink(url);
    expect(signedIn.status).toBe(200);
    expect(person.cookie(new URL(amp.apiUrl).host, 'amp_session')).toBeTruthy();
  });

  it('signs in once: the same form posted again is refused as used, and the page then says so', async () => {
    const url = await link();
    const browser = new CookieBrowser([amp.apiUrl]);
    const page = await browser.get(url);
    const { action, fields } = formFields(page.text, 'sign-in-link');
    expect(action).toBe('/sign-in/link');
    const first = await browser.post(new URL(action, amp.apiUrl), { ...fields, next: '/apps' });
    expect(new URL(first.url).pathname).toBe('/apps');
    const again = await new CookieBrowser([amp.apiUrl]).post(new URL(action, amp.apiUrl), fields);
    expect(again.status).toBe(400);
    expect(again.text).toContain('already used');
    const reopened = await browser.get(url);
    expect(reopened.status).toBe(400);
    expect(reopened.text).toContain('sign_in_link_used');
  });

  it('refuses an unknown token on both the page and the form, changing nothing', async () => {
    const browser = new CookieBrowser([amp.apiUrl]);
    expect((await browser.get(`${amp.apiUrl}/sign-in/link/not-a-token`)).status).toBe(400);
    const posted = await browser.post(`${amp.apiUrl}/sign-in/link`, { token: 'not-a-token' });
    expect(posted.status).toBe(400);
    expect(posted.text).toContain('sign_in_link_unknown');
    expect(browser.cookie(new URL(amp.apiUrl).host, 'amp_session')).toBeUndefined();
  });

  it('ends the browser’s earlier session when another link is spent in it', async () => {
    const browser = new CookieBrowser([amp.apiUrl]);
    await browser.signInWithLink(await link());
    const host = new URL(amp.apiUrl).host;
    const earlier = browser.cookie(host, 'amp_session')!;
    await browser.signInWithLink(await link());
    expect(browser.cookie(host, 'amp_session')).not.toBe(earlier);
    expect(await amp.api.sessions.resume(earlier, new Date())).toBeUndefined();
  });

  it('only ever follows a local path after signing in', async () => {
    const browser = new CookieBrowser([amp.apiUrl]);
    const page = await browser.get(`${await link()}?next=${encodeURIComponent('//evil.example/x')}`);
    const { action, fields } = formFields(page.text, 'sign-in-link');
    expect(fields.next).toBe('/');
    const landed = await browser.post(new URL(action, amp.apiUrl), { ...fields, next: 'https://evil.example/' });
    expect(landed.leftTo).toBeUndefined();
    expect(new URL(landed.url).origin).toBe(amp.apiUrl);
  });
});
