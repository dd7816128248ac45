/**
 * Client ID metadata documents (an HTTPS URL as client_id), black-box: a loopback HTTPS server
 * (a committed self-signed certificate for 127.0.0.1, trusted only by this API) serves the
 * documents; its host is on the API's CIMD allow-list, as the setting is meant for tests. The
 * full authorization-code + PKCE flow with the URL as client_id; each refusal of the guard with
 * its reason; and the cache (a document is fetched once while its max-age lasts).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { CookieBrowser, formValue } from './support/cookie-browser.ts';
import { authorizeUrl, claimsOf, pkcePair, tokenRequest } from './support/oauth-steps.ts';

const tls = (name: string) => readFileSync(new URL(`./support/loopback-tls/${name}`, import.meta.url), 'utf8');
const REDIRECT = 'http://127.0.0.1:1/cb';

interface Served {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

/** What the document server answers per path, and how often each path was fetched. */
const routes = new Map<string, (origin: string) => Served>();
const hits = new Map<string, number>();
let documents: Server;
let docOrigin: string;
let amp: RunningAmpersand;
let browser: CookieBrowser;

function documentFor(path: string, extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    client_id: `${docOrigin}${path}`,
    client_name: 'Metadata Agent',
    redirect_uris: [REDIRECT],
    token_endpoint_auth_method: 'none',
    ...extra,
  });
}

beforeAll(async () => {
  documents = createServer({ key: tls('key.pem'), cert: tls('cert.pem') }, (req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes.get(path);
    const answer = route ? route(docOrigin) : { status: 404, body: '{}' };
    setTimeout(() => {
      res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json', ...answer.headers });
      res.end(answer.body ?? '');
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
  docOrigin = `https://127.0.0.1:${(documents.address() as AddressInfo).port}`;
  amp = await startAmpersand({ settings: { cimdAllowedHosts: [new URL(docOrigin).host], cimdTrustedCertificates: [tls('cert.pem')] } });
  const created = await amp.api.andees.create({ tag: 'ada', displayName: 'Ada Lovelace' });
  if (!created.ok) throw new Error('no andee');
  browser = new CookieBrowser([amp.apiUrl]);
  const { token } = await amp.api.sessions.issueLink(created.andee.andeeId, new Date());
  await browser.signInWithLink(`${amp.apiUrl}/sign-in/link/${token}`);
});
afterAll(async () => {
  await amp?.close();
  documents?.closeAllConnections();
  await new Promise<void>((resolve) => (documents ? documents.close(() => resolve()) : resolve()));
});

function visitAuthorize(clientId: string, challenge: string) {
  return browser.get(
    authorizeUrl(amp.apiUrl, {
      client_id: clientId,
      response_type: 'code',
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      prompt: 'consent',
    }),
  );
}

describe('a client identified by its metadata document', () => {
  it('goes through authorization code + PKCE with the document URL as client_id, shown by the document’s name', async () => {
    routes.set('/agent.json', () => ({ body: documentFor('/agent.json'), headers: { 'Cache-Control': 'max-age=300' } }));
    const clientId = `${docOrigin}/agent.json`;
    const pkce = pkcePair();
    const page = await visitAuthorize(clientId, pkce.challenge);
    expect(page.status, page.text.slice(0, 400)).toBe(200);
    expect(page.text).toContain('Metadata Agent');
    const uid = /\/interaction\/([\w-]+)/.exec(page.url)![1]!;
    const done = await browser.post(`${amp.apiUrl}/interaction/${uid}`, { csrf: formValue(page.text, 'csrf'), decision: 'approve' });
    const code = done.leftTo!.searchParams.get('code')!;
    expect(code).toBeTruthy();
    const token = await tokenRequest(amp.apiUrl, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: clientId,
      code_verifier: pkce.verifier,
    });
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    const claims = claimsOf(token.body.access_token);
    expect(claims.client_id).toBe(clientId);
    expect(claims.aud).toBe(amp.mcpUrl);

    // A tool call with that token reaches the API through the MCP service.
    const call = await fetch(amp.mcpUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2025-06-18',
        Authorization: `Bearer ${token.body.access_token}`,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'connections_read', arguments: {} } }),
    });
    expect((await call.json()).result.isError).toBeFalsy();

    // The refresh token works for the URL client too.
    const refreshed = await tokenRequest(amp.apiUrl, { grant_type: 'refresh_token', refresh_token: token.body.refresh_token, client_id: clientId });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
  });

  it('fetches a document once while its max-age lasts (the cache), however many requests name it', async () => {
    routes.set('/cached.json', () => ({ body: documentFor('/cached.json'), headers: { 'Cache-Control': 'max-age=600' } }));
    const clientId = `${docOrigin}/cached.json`;
    for (let i = 0; i < 3; i++) {
      const page = await visitAuthorize(clientId, pkcePair().challenge);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Metadata Agent');
    }
    expect(hits.get('/cached.json')).toBe(1);
  });
});

describe('the guard', () => {
  /** The provider's error page for an authorization naming `clientId`, and its text. */
  async function refusal(clientId: string) {
    const page = await visitAuthorize(clientId, pkcePair().challenge);
    expect(page.status).toBe(400);
    expect(page.leftTo).toBeUndefined();
    return page.text;
  }

  it('refuses a document on a non-public address whose host is not allow-listed, without fetching it', async () => {
    const port = new URL(docOrigin).port;
    routes.set('/other-host.json', (origin) => ({
      body: documentFor('/other-host.json', { client_id: `${origin.replace('127.0.0.1', 'localhost')}/other-host.json` }),
    }));
    const text = await refusal(`https://localhost:${port}/other-host.json`);
    expect(text).toContain('fetch not allowed');
    expect(text).toMatch(/resolves to (127\.0\.0\.1|::1), which is not a public address/);
    expect(hits.get('/other-host.json')).toBeUndefined();

    const literal = await refusal(`https://10.0.0.1/agent.json`);
    expect(literal).toContain('10.0.0.1, which is not a public address');
  });

  it('refuses a document larger than 5 KiB', async () => {
    routes.set('/big.json', () => ({ body: documentFor('/big.json', { client_name: 'x'.repeat(6 * 1024) }) }));
    const text = await refusal(`${docOrigin}/big.json`);
    expect(text).toContain('client_id metadata document fetch failed');
    expect(text).toMatch(/too large|larger than 5120 bytes/);
  });

  it('gives up on a server that does not answer in time', { timeout: 30_000 }, async () => {
    routes.set('/slow.json', () => ({ body: documentFor('/slow.json'), delayMs: 4000 }));
    const text = await refusal(`${docOrigin}/slow.json`);
    expect(text).toContain('client_id metadata document fetch failed');
    expect(text).toContain('did not arrive');
  });

  it('refuses a document that is not JSON, not an object, or not found', async () => {
    routes.set('/not-json.json', () => ({ body: '<html>hello</html>' }));
    expect(await refusal(`${docOrigin}/not-json.json`)).toContain('client_id metadata document fetch failed');
    routes.set('/array.json', () => ({ body: '[1,2]' }));
    expect(await refusal(`${docOrigin}/array.json`)).toContain('client_id metadata document is not a JSON object');
    expect(await refusal(`${docOrigin}/missing.json`)).toContain('unexpected response status 404');
  });

  it('refuses a document whose client_id is not its own URL', async () => {
    routes.set('/mismatch.json', (origin) => ({ body: documentFor('/mismatch.json', { client_id: `${origin}/someone-else.json` }) }));
    expect(await refusal(`${docOrigin}/mismatch.json`)).toContain('client_id does not match');
  });

  it('holds a document to the redirect rules a registered client meets: no plain http to another host, no javascript:', async () => {
    routes.set('/plain-http.json', () => ({ body: documentFor('/plain-http.json', { redirect_uris: [REDIRECT, 'http://agent.example/cb'] }) }));
    const plain = await refusal(`${docOrigin}/plain-http.json`);
    expect(plain).toContain('client_id metadata document redirect_uris');
    expect(plain).toContain('uses plain http to another host');
    routes.set('/script.json', () => ({ body: documentFor('/script.json', { redirect_uris: [REDIRECT, 'javascript:alert(1)'] }) }));
    expect(await refusal(`${docOrigin}/script.json`)).toMatch(/redirect_uris|redirect_uri/);
  });

  it('follows no redirect', async () => {
    routes.set('/moved.json', (origin) => ({ status: 302, headers: { Location: `${origin}/agent.json` } }));
    expect(await refusal(`${docOrigin}/moved.json`)).toContain('unexpected response status 302');
  });
});
