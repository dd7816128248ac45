/**
 * Andees with real OAuth access for black-box tests: an andee signs in through a one-time link in
 * a cookie-keeping browser, a public client registers, the andee approves it on the approval page
 * (authorization code + PKCE S256, resource = the MCP URL) and the code is redeemed. The token
 * then drives the official MCP client. `firstParty` declares the client the andee's own runtime.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { RunningAmpersand } from './start-ampersand.ts';
import { CookieBrowser, formValue } from './cookie-browser.ts';
import { authorizeUrl, pkcePair, register, tokenRequest } from './oauth-steps.ts';

const REDIRECT = 'http://127.0.0.1:1/cb';
export const DEFAULT_SCOPE = 'signals:ask signals:write connections:read connections:write';

export interface TestAndee {
  andeeId: string;
  tag: string;
  name: string;
  browser: CookieBrowser;
}

export async function createAndee(amp: RunningAmpersand, tag: string, name: string): Promise<TestAndee> {
  const created = await amp.api.andees.create({ tag, displayName: name });
  if (!created.ok) throw new Error(created.problem);
  const browser = new CookieBrowser([amp.apiUrl]);
  const { token } = await amp.api.sessions.issueLink(created.andee.andeeId, new Date());
  await browser.signInWithLink(`${amp.apiUrl}/sign-in/link/${token}`);
  return { andeeId: created.andee.andeeId, tag, name, browser };
}

export async function accessToken(
  amp: RunningAmpersand,
  andee: TestAndee,
  options: { scope?: string; firstParty?: boolean; clientName?: string; optIn?: string[] } = {},
): Promise<string> {
  const registered = await register(amp.apiUrl, {
    client_name: options.clientName ?? (options.firstParty ? '& app' : 'Some agent'),
    redirect_uris: [REDIRECT],
  });
  if (registered.status !== 201) throw new Error(JSON.stringify(registered.body));
  const clientId = registered.body.client_id as string;
  if (options.firstParty) await amp.api.firstParty.declare(clientId, '& app (test)', new Date());
  const pkce = pkcePair();
  const page = await andee.browser.get(
    authorizeUrl(amp.apiUrl, {
      client_id: clientId,
      response_type: 'code',
      redirect_uri: REDIRECT,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      scope: options.scope ?? DEFAULT_SCOPE,
      resource: amp.mcpUrl,
      prompt: 'consent',
    }),
  );
  const uid = /\/interaction\/([\w-]+)/.exec(page.url)?.[1];
  if (!uid) throw new Error(`no approval page: ${page.status} ${page.text.slice(0, 200)}`);
  const done = await andee.browser.post(`${amp.apiUrl}/interaction/${uid}`, {
    csrf: formValue(page.text, 'csrf'),
    decision: 'approve',
    ...(options.optIn ? { optIn: options.optIn } : {}),
  });
  const code = done.leftTo?.searchParams.get('code');
  if (!code) throw new Error(`no code: ${done.status} ${done.text.slice(0, 200)}`);
  const token = await tokenRequest(amp.apiUrl, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    client_id: clientId,
    code_verifier: pkce.verifier,
  });
  if (token.status !== 200) throw new Error(JSON.stringify(token.body));
  return token.body.access_token as string;
}

export async function mcpClient(amp: RunningAmpersand, token: string): Promise<Client> {
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(amp.mcpUrl), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

/** A tool call's structured answer; a tool error throws with its code, so a test reads as the happy path unless it asks for the error. */
export async function call<T = Record<string, any>>(client: Client, name: string, args: Record<string, unknown> = {}): Promise<T & { text: string }> {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? '').join('\n');
  if (result.isError) throw Object.assign(new Error(`${name} failed: ${text}`), { structured: result.structuredContent });
  return { ...(result.structuredContent as T), text };
}

/** A tool call expected to fail: its error body (code, message, details). */
export async function callError(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<{ code: string; message: string; details?: Record<string, any> }> {
  const result = await client.callTool({ name, arguments: args });
  if (!result.isError) throw new Error(`${name} unexpectedly succeeded: ${JSON.stringify(result.structuredContent)}`);
  return (result.structuredContent as { error: { code: string; message: string; details?: Record<string, any> } }).error;
}
