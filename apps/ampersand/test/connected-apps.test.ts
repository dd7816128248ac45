/**
 * Connected apps and revocation, from the andee's page and from the operator: the page lists the
 * client with its scopes, Revoke needs the session's CSRF token, and a revoked grant's refresh
 * token fails at once and its access token fails at once on the API (so every tool call through
 * the MCP service), and the MCP service itself answers it 401 once the revocation feed tells it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_HEADERS } from '@agent-products/kit/testing';
import { OperatorError, runOperatorCommand } from '../src/cli/operator-commands.ts';
import type { AuthLimitName } from '../src/auth/rate-limits.ts';
import { Connections } from '../src/identity/connections.ts';
import { IdentitySignals } from '../src/identity/identity-signals.ts';
import { Notifications } from '../src/identity/notifications.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { CookieBrowser, formFields, formValue } from './support/cookie-browser.ts';
import { authorizeUrl, pkcePair, register, tokenRequest } from './support/oauth-steps.ts';

const REDIRECT = 'http://127.0.0.1:1/cb';
let amp: RunningAmpersand;

beforeAll(async () => {
  amp = await startAmpersand();
});
afterAll(async () => {
  await amp?.close();
});

/** The operator's commands over the same database the running services use. */
async function operator(args: string[]): Promise<{ status: number; body: { output?: string; error?: { message: string } } }> {
  const db = amp.database.db;
  const deps = {
    andees: amp.api.andees,
    sessions: amp.api.sessions,
    grants: amp.api.grants,
    facts: new IdentitySignals(db),
    connections: new Connections(db, new Notifications(db)),
    firstParty: amp.api.firstParty,
    hostedRuntime: amp.api.hostedRuntime,
    seedDemo: amp.api.seedDemo,
    clearRateLimit: (name: AuthLimitName, subject: string) => amp.api.limits.clear(name, subject),
    apiUrl: amp.apiUrl,
    mcpUrl: amp.mcpUrl,
    now: () => new Date(),
  };
  try {
    return { status: 200, body: { output: await runOperatorCommand(deps, args) } };
  } catch (error) {
    if (error instanceof OperatorError) return { status: 400, body: { error: { message: error.message } } };
    throw error;
  }
}

/** Authorizes a new client called `name`, or again the registered client `clientId` (a grant of its own each time from another browser). */
async function connect(browser: CookieBrowser, name: string, clientId?: string) {
  const client = clientId ? { body: { client_id: clientId } } : await register(amp.apiUrl, { client_name: name, redirect_uris: [REDIRECT] });
  const pkce = pkcePair();
  const page = await browser.get(
    authorizeUrl(amp.apiUrl, {
      client_id: client.body.client_id,
      response_type: 'code',
      redirect_uri: REDIRECT,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    }),
  );
  const uid = /\/interaction\/([\w-]+)/.exec(page.url)![1]!;
  const done = await browser.post(`${amp.apiUrl}/interaction/${uid}`, { csrf: formValue(page.text, 'csrf'), decision: 'approve' });
  const token = await tokenRequest(amp.apiUrl, {
    grant_type: 'authorization_code',
    code: done.leftTo!.searchParams.get('code')!,
    redirect_uri: REDIRECT,
    client_id: client.body.client_id,
    code_verifier: pkce.verifier,
  });
  return { clientId: client.body.client_id as string, tokens: token.body };
}

async function mcpCall(accessToken: string, method: string, params: unknown) {
  const response = await fetch(amp.mcpUrl, {
    method: 'POST',
    headers: { ...MCP_HEADERS, 'MCP-Protocol-Version': '2025-06-18', Authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return { status: response.status, body: await response.json() };
}

describe('the operator', () => {
  it('creates andees, facts and connections, and prints a working sign-in link', async () => {
    expect((await operator(['create-andee', '&ada', 'Ada', 'Lovelace'])).body.output).toMatch(/Created &ada \(Ada Lovelace\)/);
    expect((await operator(['create-andee', 'ada', 'Again'])).body.error?.message).toMatch(/already taken/);
    expect((await operator(['create-andee', 'grace', 'Grace', 'Hopper'])).status).toBe(200);
    expect((await operator(['add-fact', 'ada', 'I', 'play', 'the', 'harp.', '--visibility', 'public'])).body.output).toMatch(/approved public fact/);
    expect((await operator(['connect', 'ada', '&grace'])).body.output).toBe('&ada and &grace are connected.');
    expect((await operator(['connect', 'ada', 'nobody'])).body.error?.message).toMatch(/No andee has the tag nobody/);
    const link = (await operator(['sign-in-link', 'ada'])).body.output!.split('\n')[0]!;
    const browser = new CookieBrowser([amp.apiUrl]);
    const landed = await browser.signInWithLink(link);
    expect(landed.url).toBe(`${amp.apiUrl}/apps`);
    expect(landed.text).toContain('No app holds access');
    expect((await browser.signInWithLink(link)).status).toBe(400);
    expect((await operator(['urls'])).body.output).toContain(`${amp.apiUrl}/.well-known/oauth-authorization-server`);
  });
});

describe('connected apps', () => {
  it('lists the client, revokes with CSRF, and the grant fails at once on refresh and on the API', async () => {
    const andee = await amp.api.andees.byTag('ada');
    const browser = new CookieBrowser([amp.apiUrl]);
    await browser.signInWithLink(`${amp.apiUrl}/sign-in/link/${(await amp.api.sessions.issueLink(andee!.andeeId, new Date())).token}`);
    const { clientId, tokens } = await connect(browser, 'Revocable Agent');

    const before = await mcpCall(tokens.access_token, 'tools/call', { name: 'connections_read', arguments: {} });
    expect(before.body.result.structuredContent.active).toEqual([expect.objectContaining({ tag: '&grace' })]);
    // ask_question, whose grant check rides on its own statement (api-token.ts, in-read), answers now...
    const asked = await mcpCall(tokens.access_token, 'tools/call', {
      name: 'ask_question',
      arguments: { question: 'What does she play?', participants: ['&grace'] },
    });
    expect(asked.body.result.structuredContent.participants).toEqual([expect.objectContaining({ tag: '&ada' }), expect.objectContaining({ tag: '&grace' })]);

    const apps = await browser.get(`${amp.apiUrl}/apps`);
    expect(apps.text).toContain('Revocable Agent');
    expect(apps.text).toContain('connections:read');
    // Revoke asks first, on a page of its own.
    const confirmPath = /href="(\/apps\/[^"]+\/revoke)"/.exec(apps.text.slice(apps.text.indexOf('Revocable Agent')))![1]!;
    const confirm = await browser.get(new URL(confirmPath, amp.apiUrl).href);
    expect(confirm.text).toContain('Revoke Revocable Agent?');
    const revokeForm = formFields(confirm.text);
    expect((await browser.post(new URL(revokeForm.action, amp.apiUrl), { csrf: 'forged' })).status).toBe(403);
    expect((await operator(['grants', 'ada'])).body.output).toContain('Revocable Agent');

    const revoked = await browser.post(new URL(revokeForm.action, amp.apiUrl), revokeForm.fields);
    expect(revoked.url).toBe(`${amp.apiUrl}/apps?done=revoked`);
    expect(revoked.text).not.toContain('Revocable Agent');

    const refresh = await tokenRequest(amp.apiUrl, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId });
    expect(refresh.body.error).toBe('invalid_grant');
    // The API refuses the revoked grant at once (a tool error, should the MCP service not have
    // heard yet), ask_question's in-read check included...
    const refusedRead = await fetch(`${amp.apiUrl}/v1/connections/read`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.access_token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(refusedRead.status).toBe(401);
    const refusedAsk = await fetch(`${amp.apiUrl}/v1/identity/ask`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.access_token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ question: 'What does she play?', participants: ['&grace'] }),
    });
    expect(refusedAsk.status).toBe(401);
    // ...and the MCP service, told by the API's revocation feed, answers every request 401.
    let status = 200;
    while (status !== 401) status = (await mcpCall(tokens.access_token, 'tools/list', {})).status;
    const call = await mcpCall(tokens.access_token, 'tools/call', { name: 'connections_read', arguments: {} });
    expect(call.status).toBe(401);
    expect(call.body.error.code).toBe('invalid_token');
  });

  it('shows one card per app however many grants it holds, and Revoke ends every one of them', async () => {
    await operator(['create-andee', 'hedy', 'Hedy', 'Lamarr']);
    const hedy = (await amp.api.andees.byTag('hedy'))!;
    const signedIn = async () => {
      const browser = new CookieBrowser([amp.apiUrl]);
      await browser.signInWithLink(`${amp.apiUrl}/sign-in/link/${(await amp.api.sessions.issueLink(hedy.andeeId, new Date())).token}`);
      return browser;
    };
    const laptop = await signedIn();
    const first = await connect(laptop, 'Twice Agent');
    const second = await connect(await signedIn(), 'Twice Agent', first.clientId);
    await amp.api.hostedRuntime.issue(hedy.andeeId, new Date());
    await amp.api.hostedRuntime.issue(hedy.andeeId, new Date());
    const grants = await amp.api.grants.list({ andeeId: hedy.andeeId });
    expect(grants.filter((g) => g.clientId === first.clientId)).toHaveLength(2);

    const apps = await laptop.get(`${amp.apiUrl}/apps`);
    const cards = [...apps.text.matchAll(/<section class="card"[^>]*aria-label="([^"]*)"/g)].map((m) => m[1]);
    expect(cards.sort()).toEqual(['&amp;', 'Twice Agent']);

    const confirmPath = /href="(\/apps\/[^"]+\/revoke)"/.exec(apps.text.slice(apps.text.indexOf('Twice Agent')))![1]!;
    const revokeForm = formFields((await laptop.get(new URL(confirmPath, amp.apiUrl).href)).text);
    const revoked = await laptop.post(new URL(revokeForm.action, amp.apiUrl), revokeForm.fields);
    expect(revoked.text).not.toContain('Twice Agent');
    for (const { tokens } of [first, second]) {
      const refresh = await tokenRequest(amp.apiUrl, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: first.clientId });
      expect(refresh.body.error).toBe('invalid_grant');
    }
    expect((await amp.api.grants.list({ andeeId: hedy.andeeId })).map((g) => g.clientId)).toEqual(['ampersand-hosted-runtime', 'ampersand-hosted-runtime']);
  });

  it('the operator revokes a grant by id', async () => {
    const andee = await amp.api.andees.byTag('grace');
    const browser = new CookieBrowser([amp.apiUrl]);
    await browser.signInWithLink(`${amp.apiUrl}/sign-in/link/${(await amp.api.sessions.issueLink(andee!.andeeId, new Date())).token}`);
    const { clientId, tokens } = await connect(browser, 'Operator Revoked');
    const grantId = (await amp.api.grants.list({ andeeId: andee!.andeeId }))[0]!.grantId;
    expect((await operator(['revoke-grant', grantId])).body.output).toMatch(/Revoked grant/);
    expect((await operator(['revoke-grant', grantId])).body.error?.message).toMatch(/No grant/);
    expect((await tokenRequest(amp.apiUrl, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId })).body.error).toBe(
      'invalid_grant',
    );
  });
});
