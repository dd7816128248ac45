/**
 * Statelessness: two API processes and two MCP processes over one PostgreSQL behave as one. A
 * token issued by one API process works through both MCP processes (each forwarding to its own
 * API process); a refresh on one API process replayed on the other inside the grace window gets
 * the same successor pair, and a reuse after the window on the other is detected and revokes the
 * grant everywhere, down to a 401 from both MCP processes (the revocation feed). Needs PostgreSQL (DATABASE_URL): the embedded database has one owner.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@agent-products/kit/store';
import { MCP_HEADERS, openTestDatabase, type TestDatabase } from '@agent-products/kit/testing';
import { ampersandMigrations } from '../src/store/migrations.ts';
import type { AmpersandDatabase } from '../src/store/schema.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { CookieBrowser, formValue } from './support/cookie-browser.ts';
import { authorizeUrl, pkcePair, register, tokenRequest } from './support/oauth-steps.ts';

const postgres = process.env.DATABASE_URL;
const REDIRECT = 'http://127.0.0.1:1/cb';
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
let first: RunningAmpersand;
let second: RunningAmpersand;
let shared: TestDatabase<AmpersandDatabase>;

describe.skipIf(!postgres)('two API and two MCP processes over one PostgreSQL', () => {
  beforeAll(async () => {
    shared = await openTestDatabase<AmpersandDatabase>(ampersandMigrations, 'ampersand_scale');
    first = await startAmpersand({ database: shared, now });
    const again = await openDatabase<AmpersandDatabase>({ url: shared.url ?? postgres, schema: shared.schema, maxConnections: 10 });
    second = await startAmpersand({
      database: { ...again, dispose: () => again.close() },
      secret: first.secret,
      publicUrls: { apiUrl: first.apiUrl, mcpUrl: first.mcpUrl },
      now,
    });
  });
  afterAll(async () => {
    await second?.close();
    await second?.database.dispose();
    await first?.close();
    await shared?.dispose();
  });

  function post(mcpUrl: string, accessToken: string) {
    return fetch(mcpUrl, {
      method: 'POST',
      headers: { ...MCP_HEADERS, 'MCP-Protocol-Version': '2025-06-18', Authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'connections_read', arguments: {} } }),
    });
  }

  async function call(mcpUrl: string, accessToken: string) {
    return (await (await post(mcpUrl, accessToken)).json()).result;
  }

  const refresh = (apiUrl: string, refreshToken: string, clientId: string) =>
    tokenRequest(apiUrl, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId });

  it('shares tokens, grace replays and reuse detection across processes', async () => {
    const created = await first.api.andees.create({ tag: 'ada', displayName: 'Ada' });
    if (!created.ok) throw new Error('no andee');
    const browser = new CookieBrowser([first.apiUrl]);
    await browser.signInWithLink(`${first.apiUrl}/sign-in/link/${(await first.api.sessions.issueLink(created.andee.andeeId, new Date())).token}`);
    const client = await register(second.ownApiUrl, { client_name: 'Scaled Agent', redirect_uris: [REDIRECT] });
    const pkce = pkcePair();
    const page = await browser.get(
      authorizeUrl(first.apiUrl, {
        client_id: client.body.client_id,
        response_type: 'code',
        redirect_uri: REDIRECT,
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
      }),
    );
    const done = await browser.post(page.url, { csrf: formValue(page.text, 'csrf'), decision: 'approve' });
    const token = await tokenRequest(second.ownApiUrl, {
      grant_type: 'authorization_code',
      code: done.leftTo!.searchParams.get('code')!,
      redirect_uri: REDIRECT,
      client_id: client.body.client_id,
      code_verifier: pkce.verifier,
    });
    expect(token.status, JSON.stringify(token.body)).toBe(200);

    for (const mcpUrl of [first.ownMcpUrl, second.ownMcpUrl]) expect((await call(mcpUrl, token.body.access_token)).isError).toBeFalsy();

    const rotated = await refresh(first.apiUrl, token.body.refresh_token, client.body.client_id);
    expect(rotated.status).toBe(200);
    const replay = await refresh(second.ownApiUrl, token.body.refresh_token, client.body.client_id);
    expect(replay.body.refresh_token).toBe(rotated.body.refresh_token);

    offsetMs = 31_000;
    const reuse = await refresh(second.ownApiUrl, token.body.refresh_token, client.body.client_id);
    expect(reuse.body.error).toBe('invalid_grant');
    expect((await refresh(first.apiUrl, rotated.body.refresh_token, client.body.client_id)).body.error).toBe('invalid_grant');
    // Reuse detected on the second API process ended the grant: the first API process hears it
    // through LISTEN/NOTIFY, and both MCP processes then refuse its token with a 401 of their own.
    for (const mcpUrl of [first.ownMcpUrl, second.ownMcpUrl]) {
      let status = 200;
      while (status !== 401) {
        const response = await post(mcpUrl, rotated.body.access_token);
        status = response.status;
        if (status === 200) expect((await response.json()).result.structuredContent.error.code).toBe('invalid_token');
      }
      expect((await post(mcpUrl, rotated.body.access_token)).headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
    offsetMs = 0;
  });
});
