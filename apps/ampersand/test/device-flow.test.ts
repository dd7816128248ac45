/**
 * Device authorization (RFC 8628) end to end: the device asks for a code, the andee enters it at
 * /device in a signed-in browser, confirms, approves on the same approval page, and the device's
 * polling gets a token for the MCP resource; a denial ends the polling with access_denied.
 * The confirmation is the guard against a code someone else sent (§5.4, issue 39 F2): it names
 * the client as unverified, the access in plain words, where and when the device asked, says to
 * continue only for a device in front of you, and goes on only with that ticked. Requests here come
 * through a trusted proxy (the test's loopback), so a device elsewhere is an X-Forwarded-For away.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { CookieBrowser, formFields, formValue } from './support/cookie-browser.ts';
import { claimsOf, register, tokenRequest } from './support/oauth-steps.ts';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
let amp: RunningAmpersand;
let clientId: string;
let browser: CookieBrowser;

beforeAll(async () => {
  amp = await startAmpersand({ settings: { trustedProxies: ['127.0.0.1', '::1'] } });
  const created = await amp.api.andees.create({ tag: 'ada', displayName: 'Ada Lovelace' });
  if (!created.ok) throw new Error('no andee');
  browser = new CookieBrowser([amp.apiUrl]);
  const { token } = await amp.api.sessions.issueLink(created.andee.andeeId, new Date());
  await browser.signInWithLink(`${amp.apiUrl}/sign-in/link/${token}`);
  const registered = await register(amp.apiUrl, { client_name: 'TV App', grant_types: [DEVICE_GRANT, 'refresh_token'], response_types: [], redirect_uris: [] });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  clientId = registered.body.client_id;
});
afterAll(async () => {
  await amp?.close();
});

async function startDevice(from?: string) {
  const response = await fetch(`${amp.apiUrl}/oauth/device_authorization`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(from ? { 'X-Forwarded-For': from } : {}) },
    body: new URLSearchParams({ client_id: clientId }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { device_code: string; user_code: string; verification_uri: string; verification_uri_complete: string };
}

async function enterCode(browser: CookieBrowser, userCode: string, decision: 'approve' | 'deny') {
  const entry = await browser.get(`${amp.apiUrl}/device`);
  expect(entry.text).toContain('Enter the code');
  const input = formFields(entry.text, 'op.deviceInputForm');
  const confirm = await browser.post(new URL(input.action, amp.apiUrl), { ...input.fields, user_code: userCode });
  expect(confirm.text).toContain('TV App');
  const confirmForm = formFields(confirm.text, 'op.deviceConfirmForm');
  const approval = await browser.post(new URL(confirmForm.action, amp.apiUrl), { ...confirmForm.fields, started_here: 'yes' });
  expect(approval.url).toMatch(/\/interaction\//);
  expect(approval.text).toContain('a device that showed you a code');
  return browser.post(approval.url, { csrf: formValue(approval.text, 'csrf'), decision });
}

describe('device flow', () => {
  it('a device polls, the andee enters the code and approves, the device gets a token for the MCP resource', async () => {
    const device = await startDevice();
    expect(device.verification_uri).toBe(`${amp.apiUrl}/device`);
    const pending = await tokenRequest(amp.apiUrl, { grant_type: DEVICE_GRANT, device_code: device.device_code, client_id: clientId });
    expect(pending.body.error).toBe('authorization_pending');

    const done = await enterCode(browser, device.user_code, 'approve');
    expect(done.text).toContain('is connected');

    const token = await tokenRequest(amp.apiUrl, { grant_type: DEVICE_GRANT, device_code: device.device_code, client_id: clientId });
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    expect(claimsOf(token.body.access_token).aud).toBe(amp.mcpUrl);
    expect(token.body.scope.split(' ').sort()).toEqual(['connections:read', 'connections:write', 'signals:ask', 'signals:write']);
    expect(token.body.refresh_token).toBeTruthy();
  });

  it('confirms only with “I started this on a device in front of me” ticked, after naming the client, the access and where and when the device asked', async () => {
    // An andee who has not approved this app before, so the approval page follows the confirmation.
    const created = await amp.api.andees.create({ tag: 'cy', displayName: 'Cy' });
    if (!created.ok) throw new Error('no andee');
    const browser = new CookieBrowser([amp.apiUrl]);
    await browser.signInWithLink(`${amp.apiUrl}/sign-in/link/${(await amp.api.sessions.issueLink(created.andee.andeeId, new Date())).token}`);
    const device = await startDevice('203.0.113.7');
    const entry = await browser.get(`${amp.apiUrl}/device`);
    const input = formFields(entry.text, 'op.deviceInputForm');
    const confirm = await browser.post(new URL(input.action, amp.apiUrl), { ...input.fields, user_code: device.user_code });
    expect(confirm.text).toContain('An app calling itself <strong>“TV App”</strong>');
    expect(confirm.text).toContain('has not verified who made this app');
    expect(confirm.text).toContain('Answer questions about you and find other andees from what they made public');
    expect(confirm.text).toContain('Only continue if you started this yourself, on a device in front of you');
    expect(confirm.text).toMatch(
      /started at <strong>\d\d:\d\d UTC<\/strong> \(just now\) from the network address <strong>203\.0\.113\.7<\/strong>, not the network this screen is on/,
    );
    expect(confirm.headers.get('content-security-policy')).toContain("default-src 'none'");

    // Sent without the tick (a form posted without its page), it is asked again and nothing starts.
    const confirmForm = formFields(confirm.text, 'op.deviceConfirmForm');
    const unticked = await browser.post(new URL(confirmForm.action, amp.apiUrl), confirmForm.fields);
    expect(unticked.url).not.toMatch(/\/interaction\//);
    expect(unticked.text).toContain('Tick the box below');
    const pending = await tokenRequest(amp.apiUrl, { grant_type: DEVICE_GRANT, device_code: device.device_code, client_id: clientId });
    expect(pending.body.error).toBe('authorization_pending');

    const again = formFields(unticked.text, 'op.deviceConfirmForm');
    const approval = await browser.post(new URL(again.action, amp.apiUrl), { ...again.fields, started_here: 'yes' });
    expect(approval.url).toMatch(/\/interaction\//);
  });

  it('refuses a device form posted without its page (no session of this browser) with a page saying what to do, never a 500', async () => {
    for (const body of ['user_code=BCDF-GHJK&xsrf=abc', 'user_code=BCDF-GHJK&xsrf=abc&confirm=yes&started_here=yes', '']) {
      const answer = await fetch(`${amp.apiUrl}/device`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
      expect(answer.status, body).toBe(403);
      expect(answer.headers.get('content-type')).toContain('text/html');
      expect(await answer.text()).toContain('Open <a href="/device">/device</a> again');
    }
  });

  it('says when the device asked from this screen’s own network', async () => {
    const device = await startDevice();
    const entry = await browser.get(`${amp.apiUrl}/device`);
    const input = formFields(entry.text, 'op.deviceInputForm');
    const confirm = await browser.post(new URL(input.action, amp.apiUrl), { ...input.fields, user_code: device.user_code });
    expect(confirm.text).toMatch(/from the network address <strong>(127\.0\.0\.1|::1)<\/strong>, the same network as this screen/);
  });

  it('a wrong code is refused on the page; a denial ends the polling with access_denied', async () => {
    const entry = await browser.get(`${amp.apiUrl}/device`);
    const input = formFields(entry.text, 'op.deviceInputForm');
    const wrong = await browser.post(new URL(input.action, amp.apiUrl), { ...input.fields, user_code: 'BCDF-GHJK' });
    expect(wrong.text).toContain('not valid or has expired');

    // A browser that has not approved this app before, so the approval page is shown.
    const created = await amp.api.andees.create({ tag: 'bob', displayName: 'Bob' });
    if (!created.ok) throw new Error('no andee');
    const other = new CookieBrowser([amp.apiUrl]);
    await other.signInWithLink(`${amp.apiUrl}/sign-in/link/${(await amp.api.sessions.issueLink(created.andee.andeeId, new Date())).token}`);
    const device = await startDevice();
    await enterCode(other, device.user_code, 'deny');
    const token = await tokenRequest(amp.apiUrl, { grant_type: DEVICE_GRANT, device_code: device.device_code, client_id: clientId });
    expect(token.body.error).toBe('access_denied');
  });
});
