/**
 * What the andee's web app takes in and what it lets be kept, over plain HTTP as a browser sends
 * it: a NUL byte or broken UTF-8 in any form field, path segment or query parameter is a 400
 * problem page naming the field (PostgreSQL refuses `0x00`, which used to surface as a 500) and
 * changes nothing; every page of a signed-in browser says `Cache-Control: private, no-store`
 * (they show the andee's own facts and carry the session's CSRF token), and the approval page
 * says `no-store` to a signed-out browser too (its address is a capability); and with an https public
 * URL the session cookie is `__Host-` prefixed and Secure, and an unprefixed one (which a sibling
 * host could plant) signs no one in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { CookieBrowser, formValue } from './support/cookie-browser.ts';
import { authorizedAgent, type Agent } from './support/loop-agent.ts';
import { authorizeUrl, pkcePair, register } from './support/oauth-steps.ts';

let amp: RunningAmpersand;
let nia: Agent;
let loopId: string;
let csrf: string;
let sessionCookie: string;

beforeAll(async () => {
  amp = await startAmpersand();
  nia = await authorizedAgent(amp, 'nia');
  loopId = (
    (await nia.client.callTool({
      name: 'loop_create',
      arguments: { title: 'Reading list', renderer: 'recommendations', skillId: 'skill_family_movie_night' },
    })) as any
  ).structuredContent.loop.loopId;
  csrf = formValue((await nia.browser.get(`${amp.apiUrl}/connections`)).text, 'csrf');
  sessionCookie = `amp_session=${nia.browser.cookie(new URL(amp.apiUrl).host, 'amp_session')}`;
}, 180_000);
afterAll(async () => {
  await nia?.close();
  await amp?.close();
});

/** A raw request as a browser of this session sends it (the body is already URL-encoded: `%00` stays `%00`). */
const send = (path: string, body?: string, signedIn = true) =>
  fetch(`${amp.apiUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    redirect: 'manual',
    headers: {
      ...(signedIn ? { Cookie: sessionCookie } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/x-www-form-urlencoded', Origin: new URL(amp.apiUrl).origin }),
    },
    ...(body === undefined ? {} : { body }),
  });

async function expectRefusal(response: Response, field: string, problem: string): Promise<void> {
  expect(response.status).toBe(400);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const page = await response.text();
  expect(page).toContain('invalid_arguments');
  expect(page).toContain(`<code>${field}</code>: ${problem}`);
}

describe('NUL bytes and broken UTF-8 in web input', () => {
  it('refuses a NUL in the sign-up display name and creates no andee', async () => {
    await expectRefusal(
      await send('/sign-up', 'tag=nulname&displayName=Null%00Byte&next=%2F', false),
      'displayName',
      'contains a NUL character or an unpaired surrogate',
    );
    await expectRefusal(await send('/sign-up', 'tag=badutf&displayName=Bad%E7%86&next=%2F', false), 'displayName', 'is not valid UTF-8');
    expect(await amp.api.andees.byTag('nulname')).toBeUndefined();
    expect(await amp.api.andees.byTag('badutf')).toBeUndefined();
  });

  it('refuses a NUL in a connection note and sends no request', async () => {
    await amp.api.andees.create({ tag: 'otto', displayName: 'Otto' });
    await expectRefusal(
      await send('/connections/request', `csrf=${csrf}&tag=otto&note=hi%00there`),
      'note',
      'contains a NUL character or an unpaired surrogate',
    );
    expect((await nia.browser.get(`${amp.apiUrl}/connections`)).text).not.toContain('&amp;otto');
  });

  it('refuses a NUL in a chat message and starts no turn', async () => {
    await expectRefusal(await send('/chat/send', `csrf=${csrf}&message=hello%00`), 'message', 'contains a NUL character or an unpaired surrogate');
    await expectRefusal(await send(`/loops/${loopId}/send`, `csrf=${csrf}&message=%00`), 'message', 'contains a NUL character or an unpaired surrogate');
    expect((await nia.browser.get(`${amp.apiUrl}/chat`)).text).not.toContain('hello');
  });

  it('refuses a NUL in the notification to mark read', async () => {
    await expectRefusal(
      await send('/notifications/read', `csrf=${csrf}&notificationId=n%00`),
      'notificationId',
      'contains a NUL character or an unpaired surrogate',
    );
  });

  it('refuses a NUL or broken UTF-8 in a path or query before any route runs', async () => {
    await expectRefusal(await send('/review/abc%00', `csrf=${csrf}&action=approve`), 'path', 'contains a NUL character or an unpaired surrogate');
    await expectRefusal(await send('/loops/%00'), 'path', 'contains a NUL character or an unpaired surrogate');
    await expectRefusal(await send('/loops/%FF'), 'path', 'is not valid UTF-8');
    await expectRefusal(await send('/sign-in?next=%00', undefined, false), 'query parameter next', 'contains a NUL character or an unpaired surrogate');
    await expectRefusal(await send('/sign-in/link/abc%00', undefined, false), 'path', 'contains a NUL character or an unpaired surrogate');
  });

  it('answers the JSON API with the JSON error body', async () => {
    const response = await fetch(`${amp.apiUrl}/v1/loops/read?x=%00`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({
      code: 'invalid_arguments',
      details: { fields: [{ field: 'query parameter x', problem: 'contains a NUL character or an unpaired surrogate' }] },
    });
  });
});

describe('not found', () => {
  it('is the not_found error of the table: a page for a browser, the JSON body under /v1', async () => {
    const page = await send('/no-such-page', undefined, false);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('<code>not_found</code>');
    const api = await fetch(`${amp.apiUrl}/v1/no-such-route`, { method: 'POST' });
    expect(api.status).toBe(404);
    expect((await api.json()).error).toMatchObject({ code: 'not_found', message: 'No route POST /v1/no-such-route.', retryable: false });
  });
});

describe('pages behind a session', () => {
  it('are private, no-store, every one of them', async () => {
    const registered = await register(amp.apiUrl, { client_name: 'Cache probe', redirect_uris: ['http://127.0.0.1:1/cb'] });
    const pkce = pkcePair();
    const approval = await nia.browser.get(
      authorizeUrl(amp.apiUrl, {
        client_id: registered.body.client_id,
        response_type: 'code',
        redirect_uri: 'http://127.0.0.1:1/cb',
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
        scope: 'signals:ask',
      }),
    );
    const interaction = new URL(approval.url).pathname;
    expect(interaction).toMatch(/^\/interaction\//);
    for (const path of ['/apps', '/chat', '/loops', `/loops/${loopId}`, '/review', '/connections', '/questions', '/notifications', interaction]) {
      const page = await send(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('cache-control'), path).toBe('private, no-store');
      await page.arrayBuffer();
    }
  });

  it('and so is the approval page of a signed-out browser, the starting one (number and QR code) and any other', async () => {
    const registered = await register(amp.apiUrl, { client_name: 'Signed-out probe', redirect_uris: ['http://127.0.0.1:1/cb'] });
    const starting = new CookieBrowser([amp.apiUrl]);
    const page = await starting.get(
      authorizeUrl(amp.apiUrl, {
        client_id: registered.body.client_id,
        response_type: 'code',
        redirect_uri: 'http://127.0.0.1:1/cb',
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
      }),
    );
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-match-number');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const elsewhere = await send(new URL(page.url).pathname, undefined, false);
    expect(elsewhere.status).toBe(200);
    expect(await elsewhere.text()).toContain('Sign in to approve');
    expect(elsewhere.headers.get('cache-control')).toBe('no-store');
  });

  it('and their refusals are too, while a signed-out visitor’s pages are not marked', async () => {
    const refused = await send('/loops/no-such-loop');
    expect(refused.status).toBe(404);
    expect(refused.headers.get('cache-control')).toBe('private, no-store');
    expect((await send('/sign-in', undefined, false)).headers.get('cache-control')).toBeNull();
  });
});

describe('the session cookie on https', () => {
  let secure: RunningAmpersand;
  const publicApi = 'https://amp.example.test';

  beforeAll(async () => {
    secure = await startAmpersand({ publicUrls: { apiUrl: publicApi, mcpUrl: 'https://mcp.amp.example.test/mcp' } });
  }, 180_000);
  afterAll(async () => secure?.close());

  it('is __Host- prefixed and Secure, and only the prefixed one is read', async () => {
    const created = await secure.api.andees.create({ tag: 'hana', displayName: 'Hana' });
    if (!created.ok) throw new Error(created.problem);
    const { token } = await secure.api.sessions.issueLink(created.andee.andeeId, new Date());
    const signedIn = await fetch(`${secure.ownApiUrl}/sign-in/link`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: publicApi },
      body: new URLSearchParams({ token, next: '/apps' }),
    });
    expect(signedIn.status).toBe(303);
    const [cookie] = signedIn.headers.getSetCookie();
    expect(cookie).toMatch(/^__Host-amp_session=[\w-]{43}; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const value = /^__Host-amp_session=([\w-]+)/.exec(cookie!)![1];

    const apps = await fetch(`${secure.ownApiUrl}/apps`, { redirect: 'manual', headers: { Cookie: `__Host-amp_session=${value}` } });
    expect(apps.status).toBe(200);
    expect(await apps.text()).toContain('Signed in as <strong>Hana</strong>');
    const planted = await fetch(`${secure.ownApiUrl}/apps`, { redirect: 'manual', headers: { Cookie: `amp_session=${value}` } });
    expect([planted.status, planted.headers.get('location')]).toEqual([303, '/sign-in?next=%2Fapps']);
  });
});
