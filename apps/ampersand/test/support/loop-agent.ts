/**
 * A signed-in andee and an agent they authorized through the real OAuth flow (registration,
 * authorize with PKCE, the approval page with the opt-in Loop boxes ticked or not, token), then
 * the official MCP client over that access token — what a connected agent has.
 */
import type { Client } from '@modelcontextprotocol/client';
import { connectClient } from '@agent-products/kit/testing';
import { CookieBrowser, formValue } from './cookie-browser.ts';
import { authorizeUrl, pkcePair, register, tokenRequest } from './oauth-steps.ts';
import type { RunningAmpersand } from './start-ampersand.ts';

const REDIRECT = 'http://127.0.0.1:1/cb';
const ALL_PUBLIC = 'signals:ask signals:write connections:read connections:write loops:read loops:write';

export interface Agent {
  andeeId: string;
  browser: CookieBrowser;
  accessToken: string;
  client: Client;
  /** A client that also sends headers (a run token) with every request. */
  withHeaders(headers: Record<string, string>): Promise<Client>;
  close(): Promise<void>;
}

export async function signIn(amp: RunningAmpersand, tag: string): Promise<{ andeeId: string; browser: CookieBrowser }> {
  let andee = await amp.api.andees.byTag(tag);
  if (!andee) {
    const created = await amp.api.andees.create({ tag, displayName: tag[0]!.toUpperCase() + tag.slice(1) });
    if (!created.ok) throw new Error(created.problem);
    andee = created.andee;
  }
  const browser = new CookieBrowser([amp.apiUrl]);
  await browser.signInWithLink(`${amp.apiUrl}/sign-in/link/${(await amp.api.sessions.issueLink(andee.andeeId, new Date())).token}`);
  return { andeeId: andee.andeeId, browser };
}

export async function authorizedAgent(amp: RunningAmpersand, tag: string, options: { tickLoops?: boolean } = {}): Promise<Agent> {
  const { andeeId, browser } = await signIn(amp, tag);
  const registered = await register(amp.apiUrl, { client_name: `Agent of ${tag}`, redirect_uris: [REDIRECT] });
  const pkce = pkcePair();
  const page = await browser.get(
    authorizeUrl(amp.apiUrl, {
      client_id: registered.body.client_id,
      response_type: 'code',
      redirect_uri: REDIRECT,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      scope: ALL_PUBLIC,
    }),
  );
  const uid = /\/interaction\/([\w-]+)/.exec(page.url)![1]!;
  const done = await browser.post(`${amp.apiUrl}/interaction/${uid}`, {
    csrf: formValue(page.text, 'csrf'),
    decision: 'approve',
    ...(options.tickLoops === false ? {} : { optIn: ['loops:read', 'loops:write'] }),
  });
  const token = await tokenRequest(amp.apiUrl, {
    grant_type: 'authorization_code',
    code: done.leftTo!.searchParams.get('code')!,
    redirect_uri: REDIRECT,
    client_id: registered.body.client_id,
    code_verifier: pkce.verifier,
  });
  const accessToken = token.body.access_token as string;
  const opened: Client[] = [];
  const open = async (headers: Record<string, string>) => {
    const client = await connectClient(amp.mcpUrl, { Authorization: `Bearer ${accessToken}`, ...headers });
    opened.push(client);
    return client;
  };
  return {
    andeeId,
    browser,
    accessToken,
    client: await open({}),
    withHeaders: open,
    async close() {
      await Promise.all(opened.map((c) => c.close()));
    },
  };
}
