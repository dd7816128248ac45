/**
 * The whole path with the official MCP client's OAuth support: the 401 → protected-resource
 * metadata → authorization-server metadata → dynamic registration → authorization (PKCE S256 +
 * resource) → the andee approves in a cookie-keeping browser → code exchange → tools/list and a
 * tool call through the MCP service to the API → refresh (rotated; a retry inside the grace window
 * gets the same successor pair) → reuse after the window refused and the whole grant revoked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport, UnauthorizedError, auth } from '@modelcontextprotocol/client';
import { InMemoryOAuthClient } from '@agent-products/kit/testing';
import { IdentitySignals } from '../src/identity/identity-signals.ts';
import { PUBLIC_TOOLS } from './support/public-tools.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { CookieBrowser, formValue } from './support/cookie-browser.ts';

let amp: RunningAmpersand;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
const REDIRECT = 'http://127.0.0.1:1/callback';

beforeAll(async () => {
  amp = await startAmpersand({ now });
  const ada = await amp.api.andees.create({ tag: '&ada', displayName: 'Ada Lovelace' });
  const grace = await amp.api.andees.create({ tag: 'grace', displayName: 'Grace Hopper' });
  if (!ada.ok || !grace.ok) throw new Error('andees not created');
  const facts = new IdentitySignals(amp.database.db);
  // Public: a third-party client's answers rest on public facts only (issue 39).
  await facts.add(ada.andee.andeeId, 'I love Italian food, especially handmade pasta.', { visibility: 'public', status: 'approved', now: new Date() });
  await facts.add(ada.andee.andeeId, 'I work as a mathematician.', { status: 'approved', now: new Date() });
  await facts.add(ada.andee.andeeId, 'I secretly dislike pasta.', { status: 'pending', now: new Date() });
  await amp.api.connections.connect(ada.andee.andeeId, grace.andee.andeeId, new Date('2026-11-01T10:00:00Z'));
});
afterAll(async () => {
  await amp?.close();
});

async function signedInBrowser(tag: string): Promise<CookieBrowser> {
  const browser = new CookieBrowser([amp.apiUrl, new URL(amp.mcpUrl).origin]);
  const andee = await amp.api.andees.byTag(tag);
  const { token } = await amp.api.sessions.issueLink(andee!.andeeId, new Date());
  const landed = await browser.signInWithLink(`${amp.apiUrl}/sign-in/link/${token}`);
  expect(landed.status).toBe(200);
  return browser;
}

/** The browser opens the authorization URL and answers the approval page; returns where the client was sent. */
async function answer(
  browser: CookieBrowser,
  authorizationUrl: URL,
  decision: 'approve' | 'deny',
  optIn: string[] = [],
): Promise<{ redirect: URL; page: string }> {
  const page = await browser.get(authorizationUrl);
  expect(page.status, page.text.slice(0, 300)).toBe(200);
  const uid = /\/interaction\/([\w-]+)/.exec(page.url)![1]!;
  const done = await browser.post(`${amp.apiUrl}/interaction/${uid}`, { csrf: formValue(page.text, 'csrf'), decision, optIn });
  expect(done.leftTo, done.text.slice(0, 400)).toBeDefined();
  return { redirect: done.leftTo!, page: page.text };
}

async function refreshRaw(refreshToken: string, clientId: string) {
  const response = await fetch(`${amp.apiUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe('the official client through OAuth to a tool call', () => {
  it('discovers, registers, is approved, calls tools, refreshes, and loses the grant on refresh-token reuse', async () => {
    const oauth = new InMemoryOAuthClient(REDIRECT);
    const transport = new StreamableHTTPClientTransport(new URL(amp.mcpUrl), { authProvider: oauth });
    const first = new Client({ name: 'test-agent', version: '1.0.0' });
    await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);

    // Discovery led the client to register and to a PKCE S256 authorization request for the MCP resource.
    expect(oauth.info?.client_id).toBeTruthy();
    const authorizationUrl = oauth.authorizationUrl!;
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${amp.apiUrl}/oauth/authorize`);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('resource')).toBe(amp.mcpUrl);

    const browser = await signedInBrowser('ada');
    const { redirect, page } = await answer(browser, authorizationUrl, 'approve');
    expect(page).toContain('Test Agent');
    expect(page).toContain('127.0.0.1:1');
    expect(page).toContain('data:image/svg+xml;base64,');
    expect(redirect.origin + redirect.pathname).toBe(REDIRECT);
    expect(redirect.searchParams.get('iss')).toBe(amp.apiUrl);
    const code = redirect.searchParams.get('code')!;
    expect(code).toBeTruthy();

    await transport.finishAuth(redirect.searchParams);
    const tokens = oauth.stored!;
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.scope?.split(' ').sort()).toEqual(['connections:read', 'connections:write', 'signals:ask', 'signals:write']);
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims.aud).toBe(amp.mcpUrl);

    const client = new Client({ name: 'test-agent', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(amp.mcpUrl), { authProvider: oauth }));
    const { tools } = await client.listTools();
    // Only what the default grant can call: no Loop tool without a Loop scope, no turn-scoped tool outside a turn.
    expect(tools.map((t) => t.name).sort()).toEqual([...PUBLIC_TOOLS].sort());

    const asked = await client.callTool({ name: 'ask_question', arguments: { question: 'What food does Ada like?' } });
    expect(asked.isError).toBeFalsy();
    const answerBody = asked.structuredContent as { answer: string; basedOnFacts: number; participants: Array<{ tag: string }> };
    expect(answerBody.answer).toContain('handmade pasta');
    expect(answerBody.answer).not.toContain('secretly');
    expect(answerBody.basedOnFacts).toBe(1);
    expect(answerBody.participants).toEqual([{ name: 'Ada Lovelace', tag: '&ada' }]);

    const connections = await client.callTool({ name: 'connections_read', arguments: { limit: 10 } });
    expect(connections.structuredContent).toEqual({
      active: [{ name: 'Grace Hopper', tag: '&grace', photoUrl: null, connectedAt: '2026-11-01T10:00:00.000Z' }],
      peopleYouMayKnow: [],
    });
    await client.close();

    // Refresh through the official client: the refresh token rotates.
    const old = tokens.refresh_token!;
    oauth.stored = { ...tokens, expires_in: 0 };
    expect(await auth(oauth, { serverUrl: amp.mcpUrl })).toBe('AUTHORIZED');
    const rotated = oauth.stored!;
    expect(rotated.refresh_token).toBeTruthy();
    expect(rotated.refresh_token).not.toBe(old);

    // A second refresh with the old token inside the grace window gets the same successor pair.
    const replay = await refreshRaw(old, oauth.info!.client_id);
    expect(replay.status).toBe(200);
    expect(replay.body.refresh_token).toBe(rotated.refresh_token);
    expect(replay.body.access_token).toBe(rotated.access_token);

    // After the window the old token is a reuse: refused, and the whole grant with it.
    offsetMs = 31_000;
    const reuse = await refreshRaw(old, oauth.info!.client_id);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
    const successor = await refreshRaw(rotated.refresh_token!, oauth.info!.client_id);
    expect(successor.status).toBe(400);
    expect(successor.body.error).toBe('invalid_grant');

    // The grant is gone: once the revocation feed reaches the MCP service, the official client's
    // own requests are refused with 401 invalid_token (revocation-401.test.ts times it).
    let refused: unknown;
    while (refused === undefined) {
      const after = new Client({ name: 'test-agent', version: '1.0.0' });
      await after
        .connect(new StreamableHTTPClientTransport(new URL(amp.mcpUrl), { requestInit: { headers: { Authorization: `Bearer ${rotated.access_token}` } } }))
        .then(() => after.close())
        .catch((error: unknown) => {
          refused = error;
        });
    }
    expect(String(refused)).toMatch(/invalid_token|401|Unauthorized/);
    offsetMs = 0;
  });

  it('a denial ends at the client with access_denied', async () => {
    const oauth = new InMemoryOAuthClient(REDIRECT, 'Denied Agent');
    expect(await auth(oauth, { serverUrl: amp.mcpUrl })).toBe('REDIRECT');
    const browser = await signedInBrowser('ada');
    const { redirect } = await answer(browser, oauth.authorizationUrl!, 'deny');
    expect(redirect.searchParams.get('error')).toBe('access_denied');
    expect(redirect.searchParams.get('code')).toBeNull();
  });
});
