/**
 * & over real OAuth with MCP clients nobody here wrote: the `@modelcontextprotocol/sdk` 1.x
 * `Client` (behind most desktop hosts and mcp-remote) and the `@modelcontextprotocol/client` 2.x
 * client, each with its own OAuth support (an `OAuthClientProvider` kept in memory, as a host
 * keeps it). Each discovers, registers and is approved; then the andee revokes it on the
 * Connected apps page, the client's next request is HTTP 401 `invalid_token`, the client's own
 * auth flow runs again (its refresh token is refused, so it discards its tokens and sends the
 * andee to a new authorization), and after the andee approves again the same call succeeds
 * (issue 27 §3, Proof).
 *
 * Scope step-up (issue 39 §2): the first authorization grants the contract's default four, the
 * Loop scopes offered as unticked boxes; `loop_read` is then the tool error `insufficient_scope`;
 * the client's own re-authorization, naming no scope (led either by the 401 challenge after it
 * drops its tokens, or by the protected-resource metadata through its `auth()` entry), asks for
 * the current public set, the andee ticks Loops, and `loop_read` succeeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth as authV2,
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
  UnauthorizedError as UnauthorizedV2,
} from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client';
import { auth as authV1, UnauthorizedError as UnauthorizedV1 } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryOAuthClient, MCP_HEADERS } from '@agent-products/kit/testing';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { CookieBrowser, formFields, formValue } from './support/cookie-browser.ts';

const REDIRECT = 'http://127.0.0.1:1/callback';
let amp: RunningAmpersand;
let browser: CookieBrowser;

beforeAll(async () => {
  amp = await startAmpersand();
  const created = await amp.api.andees.create({ tag: 'ada', displayName: 'Ada Lovelace' });
  if (!created.ok) throw new Error(created.problem);
  browser = new CookieBrowser([amp.apiUrl]);
  await browser.signInWithLink(`${amp.apiUrl}/sign-in/link/${(await amp.api.sessions.issueLink(created.andee.andeeId, new Date())).token}`);
});
afterAll(async () => {
  await amp?.close();
});

/** What each client library offers a host: a client, a transport with the provider, finishAuth, and its UnauthorizedError. */
interface ClientKind {
  name: string;
  open(oauth: InMemoryOAuthClient): {
    client: {
      connect(transport: never): Promise<void>;
      callTool(call: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
      close(): Promise<void>;
    };
    transport: unknown;
  };
  /** Hands the redirect the andee's browser arrived at to the transport (v1 takes the code, v2 the whole answer, RFC 9207 `iss` included). */
  finish(transport: unknown, redirect: URL): Promise<void>;
  unauthorized: new (...args: never[]) => Error;
  /**
   * The library's own `auth()` entry asked to authorize again, naming no scope: 1.x refreshes
   * whenever it holds a refresh token (which cannot widen a grant), so its host drops the old
   * connection's tokens first, as the spec's installation page says; 2.x says so with its own
   * `forceReauthorization`.
   */
  reauthorize(oauth: InMemoryOAuthClient): Promise<string>;
}

const KINDS: ClientKind[] = [
  {
    name: '@modelcontextprotocol/sdk 1.x Client',
    open: (oauth) => ({
      client: new ClientV1({ name: 'interop-sdk-1', version: '1.0.0' }) as never,
      transport: new TransportV1(new URL(amp.mcpUrl), { authProvider: oauth as never }),
    }),
    finish: (transport, redirect) => (transport as TransportV1).finishAuth(redirect.searchParams.get('code')!),
    unauthorized: UnauthorizedV1,
    reauthorize: async (oauth) => {
      oauth.invalidateCredentials('tokens');
      return authV1(oauth as never, { serverUrl: new URL(amp.mcpUrl) });
    },
  },
  {
    name: '@modelcontextprotocol/client 2.x',
    open: (oauth) => ({
      client: new ClientV2({ name: 'interop-sdk-2', version: '1.0.0' }) as never,
      transport: new TransportV2(new URL(amp.mcpUrl), { authProvider: oauth }),
    }),
    finish: (transport, redirect) => (transport as TransportV2).finishAuth(redirect.searchParams),
    unauthorized: UnauthorizedV2,
    reauthorize: (oauth) => authV2(oauth, { serverUrl: new URL(amp.mcpUrl), forceReauthorization: true }),
  },
];

/**
 * The andee approves the authorization the client sent them to, ticking the opt-in boxes named in
 * `tick`; where the browser was sent back to the client, and the boxes the page offered (each
 * unticked until the andee ticks it).
 */
async function approve(authorizationUrl: URL, tick: string[] = []): Promise<URL> {
  return (await approveOffering(authorizationUrl, tick)).leftTo;
}

async function approveOffering(authorizationUrl: URL, tick: string[]): Promise<{ leftTo: URL; boxes: string[] }> {
  const page = await browser.get(authorizationUrl);
  expect(page.status, page.text.slice(0, 300)).toBe(200);
  const boxes = [...page.text.matchAll(/<input\b[^>]*name="optIn"[^>]*>/g)].map((box) => {
    expect(box[0], 'an opt-in box is ticked before the andee ticks it').not.toMatch(/\bchecked\b/);
    return /value="([^"]+)"/.exec(box[0])![1]!;
  });
  const uid = /\/interaction\/([\w-]+)/.exec(page.url)![1]!;
  const done = await browser.post(`${amp.apiUrl}/interaction/${uid}`, { csrf: formValue(page.text, 'csrf'), decision: 'approve', optIn: tick });
  expect(done.leftTo?.searchParams.get('code'), done.text.slice(0, 300)).toBeTruthy();
  return { leftTo: done.leftTo!, boxes };
}

function requestedScopes(authorizationUrl: URL | undefined): string[] {
  return (authorizationUrl?.searchParams.get('scope') ?? '').split(' ').filter(Boolean);
}

function grantedScopes(oauth: InMemoryOAuthClient): string[] {
  return (oauth.stored?.scope ?? '').split(' ').filter(Boolean).sort();
}

/** The andee revokes the client on the Connected apps page: Revoke…, then the confirmation's Revoke. */
async function revokeOnTheWeb(clientName: string) {
  const apps = await browser.get(`${amp.apiUrl}/apps`);
  const confirmPath = /href="(\/apps\/[^"]+\/revoke)"/.exec(apps.text.slice(apps.text.indexOf(clientName)))![1]!;
  const confirm = await browser.get(new URL(confirmPath, amp.apiUrl));
  const form = formFields(confirm.text);
  const revoked = await browser.post(new URL(form.action, amp.apiUrl), form.fields);
  expect(revoked.url).toBe(`${amp.apiUrl}/apps?done=revoked`);
  expect(revoked.text).not.toContain(clientName);
}

/** Waits until the MCP service itself refuses the token (the revocation feed reaches it in milliseconds). */
async function until401(accessToken: string) {
  // Well past the second the issue allows, so a missed revocation fails here with its reason.
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(amp.mcpUrl, {
      method: 'POST',
      headers: { ...MCP_HEADERS, 'MCP-Protocol-Version': '2025-06-18', Authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    if (response.status === 401) return response;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the MCP service still accepts the revoked grant’s token after 10 s');
}

const CALL = { name: 'connections_read', arguments: {} };

describe.each(KINDS)('$name over OAuth', (kind) => {
  it('recovers from a revocation on its own: 401, its auth flow again, and the call succeeds after re-approval', async () => {
    const clientName = `Interop ${kind.name}`;
    const oauth = new InMemoryOAuthClient(REDIRECT, clientName);
    // First connection: 401 → discovery → registration → authorization; then connected.
    const first = kind.open(oauth);
    await expect(first.client.connect(first.transport as never)).rejects.toBeInstanceOf(kind.unauthorized);
    await kind.finish(first.transport, await approve(oauth.authorizationUrl!));
    const { client, transport } = kind.open(oauth);
    await client.connect(transport as never);
    expect(((await client.callTool(CALL)) as { isError?: boolean }).isError).toBeFalsy();
    const revokedToken = oauth.stored!.access_token;

    await revokeOnTheWeb(clientName);
    const refusal = await until401(revokedToken);
    expect(refusal.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token".*resource_metadata="/);

    // The client's next request is that 401: its own auth flow runs again. The refresh token died
    // with the grant, so it drops its tokens and sends the andee to a new authorization.
    oauth.authorizationUrl = undefined;
    await expect(client.callTool(CALL)).rejects.toBeInstanceOf(kind.unauthorized);
    expect(oauth.stored).toBeUndefined();
    expect(oauth.authorizationUrl).toBeDefined();

    await kind.finish(transport, await approve(oauth.authorizationUrl!));
    expect(oauth.stored!.access_token).not.toBe(revokedToken);
    const after = (await client.callTool(CALL)) as { isError?: boolean; structuredContent?: unknown };
    expect(after.isError).toBeFalsy();
    expect(after.structuredContent).toMatchObject({ active: [] });
    await client.close();
  });
});

const DEFAULT_GRANT = ['connections:read', 'connections:write', 'signals:ask', 'signals:write'];
const LOOP_SCOPES = ['loops:read', 'loops:write'];
const RESERVED = ['signals:evidence_read', 'signals:raw_read'];

type Answer = { isError?: boolean; structuredContent?: { error?: { code: string; message: string; details?: { missingScopes?: string[] } } } };

/** The two ways a standard client authorizes again without naming a scope. */
const REAUTHORIZATIONS: Array<{
  name: string;
  run(kind: ClientKind, oauth: InMemoryOAuthClient, client: { callTool(call: never): Promise<unknown> }): Promise<void>;
}> = [
  {
    name: 'drops its tokens and follows the 401 challenge',
    async run(kind, oauth, client) {
      oauth.invalidateCredentials('tokens');
      await expect(client.callTool({ name: 'loop_read', arguments: {} } as never)).rejects.toBeInstanceOf(kind.unauthorized);
    },
  },
  {
    name: 'calls its auth() entry, led by the protected-resource metadata',
    async run(kind, oauth) {
      expect(await kind.reauthorize(oauth)).toBe('REDIRECT');
    },
  },
];

describe.each(KINDS)('$name steps up to the Loop scopes', (kind) => {
  it.each(REAUTHORIZATIONS)('when it $name, and the andee ticks Loops', async (reauthorization) => {
    const oauth = new InMemoryOAuthClient(REDIRECT, `Step-up ${kind.name} ${reauthorization.name}`);
    const first = kind.open(oauth);
    await expect(first.client.connect(first.transport as never)).rejects.toBeInstanceOf(kind.unauthorized);
    // The challenge leads the first authorization to the current public set; the andee ticks
    // nothing, so the grant is the contract's default four.
    expect(requestedScopes(oauth.authorizationUrl)).toEqual(expect.arrayContaining([...DEFAULT_GRANT, ...LOOP_SCOPES]));
    const firstApproval = await approveOffering(oauth.authorizationUrl!, []);
    expect(firstApproval.boxes).toEqual(LOOP_SCOPES);
    await kind.finish(first.transport, firstApproval.leftTo);
    expect(grantedScopes(oauth)).toEqual(DEFAULT_GRANT);

    const { client, transport } = kind.open(oauth);
    await client.connect(transport as never);
    const refused = (await client.callTool({ name: 'loop_read', arguments: {} })) as Answer;
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent?.error).toMatchObject({ code: 'insufficient_scope', details: { missingScopes: ['loops:read'] } });
    expect(refused.structuredContent?.error?.message).toMatch(/authorize .*again/i);

    oauth.authorizationUrl = undefined;
    await reauthorization.run(kind, oauth, client as never);
    expect(requestedScopes(oauth.authorizationUrl)).toEqual(expect.arrayContaining(LOOP_SCOPES));
    const second = await approveOffering(oauth.authorizationUrl!, LOOP_SCOPES);
    expect(second.boxes).toEqual(LOOP_SCOPES);
    await kind.finish(transport, second.leftTo);
    // Reserved scopes never reach a public client, whatever it asked for.
    expect(grantedScopes(oauth)).toEqual([...DEFAULT_GRANT, ...LOOP_SCOPES].sort());
    expect(grantedScopes(oauth)).not.toEqual(expect.arrayContaining([RESERVED[0]]));

    const after = (await client.callTool({ name: 'loop_read', arguments: {} })) as Answer;
    expect(after.isError, JSON.stringify(after.structuredContent)).toBeFalsy();
    await client.close();
  });
});
