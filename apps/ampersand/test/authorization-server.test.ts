/**
 * The authorization server's rules, branch by branch over raw HTTP: its metadata, public-only
 * registration, PKCE S256 only, exact redirect URIs, the one resource, and the scope rules
 * (default grant, Loop scopes only when ticked, reserved scopes never granted, step-up unions).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { CookieBrowser, formValue } from './support/cookie-browser.ts';
import { authorizeUrl, claimsOf, pkcePair, register, tokenRequest } from './support/oauth-steps.ts';

let amp: RunningAmpersand;
let browser: CookieBrowser;
let clientId: string;
const REDIRECT = 'http://127.0.0.1:1/cb';

beforeAll(async () => {
  // This test's loopback is a trusted proxy, so a phone on another network is an X-Forwarded-For away.
  amp = await startAmpersand({ settings: { trustedProxies: ['127.0.0.1', '::1'] } });
  const created = await amp.api.andees.create({ tag: 'ada', displayName: 'Ada Lovelace' });
  if (!created.ok) throw new Error('no andee');
  browser = new CookieBrowser([amp.apiUrl]);
  const { token } = await amp.api.sessions.issueLink(created.andee.andeeId, new Date());
  await browser.signInWithLink(`${amp.apiUrl}/sign-in/link/${token}`);
  const registered = await register(amp.apiUrl, { client_name: 'Rules Client', redirect_uris: [REDIRECT] });
  clientId = registered.body.client_id;
});
afterAll(async () => {
  await amp?.close();
});

/**
 * Authorizes with the signed-in browser and redeems the code. `prompt=consent` shows the approval
 * page even when the grant already covers the request (otherwise the code comes at once).
 */
async function authorize(params: Record<string, string | undefined>, optIn: string[] = []) {
  const pkce = pkcePair();
  const page = await browser.get(
    authorizeUrl(amp.apiUrl, {
      client_id: clientId,
      response_type: 'code',
      redirect_uri: REDIRECT,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      prompt: 'consent',
      ...params,
    }),
  );
  expect(page.status, page.text.slice(0, 300)).toBe(200);
  const uid = /\/interaction\/([\w-]+)/.exec(page.url)![1]!;
  const done = await browser.post(`${amp.apiUrl}/interaction/${uid}`, { csrf: formValue(page.text, 'csrf'), decision: 'approve', optIn });
  const code = done.leftTo!.searchParams.get('code')!;
  const token = await tokenRequest(amp.apiUrl, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    client_id: clientId,
    code_verifier: pkce.verifier,
  });
  expect(token.status, JSON.stringify(token.body)).toBe(200);
  return { page: page.text, token: token.body };
}

describe('metadata', () => {
  it('RFC 8414 metadata names the endpoints on the issuer, S256 only, public clients only, and every scope', async () => {
    const response = await fetch(`${amp.apiUrl.replace('127.0.0.1', 'localhost')}/.well-known/oauth-authorization-server`);
    const metadata = await response.json();
    expect(metadata.issuer).toBe(amp.apiUrl);
    expect(metadata.authorization_endpoint).toBe(`${amp.apiUrl}/oauth/authorize`);
    expect(metadata.token_endpoint).toBe(`${amp.apiUrl}/oauth/token`);
    expect(metadata.registration_endpoint).toBe(`${amp.apiUrl}/oauth/register`);
    expect(metadata.device_authorization_endpoint).toBe(`${amp.apiUrl}/oauth/device_authorization`);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(['none']);
    expect(metadata.authorization_response_iss_parameter_supported).toBe(true);
    expect(metadata.scopes_supported).toEqual(
      expect.arrayContaining([
        'signals:ask',
        'signals:write',
        'connections:read',
        'connections:write',
        'loops:read',
        'loops:write',
        'signals:evidence_read',
        'signals:raw_read',
      ]),
    );
    const openid = await (await fetch(`${amp.apiUrl}/.well-known/openid-configuration`)).json();
    expect(openid.issuer).toBe(amp.apiUrl);
  });
});

describe('dynamic client registration', () => {
  it('accepts a public client without scope and returns its registration URI', async () => {
    const { status, body } = await register(amp.apiUrl, { client_name: 'No Scope', redirect_uris: ['http://127.0.0.1:9/cb'] });
    expect(status).toBe(201);
    expect(body.token_endpoint_auth_method).toBe('none');
    expect(body.client_secret).toBeUndefined();
    expect(body.registration_client_uri).toBe(`${amp.apiUrl}/oauth/register/${body.client_id}`);
  });

  it('ignores a registered scope instead of restricting the client to it', async () => {
    const { status, body } = await register(amp.apiUrl, {
      client_name: 'With Scope',
      redirect_uris: ['http://127.0.0.1:9/cb'],
      scope: 'signals:ask loops:read',
    });
    expect(status).toBe(201);
    expect(body.scope).toBeUndefined();
  });

  it('refuses a confidential client with a clear error', async () => {
    for (const method of ['client_secret_basic', 'client_secret_post', 'private_key_jwt']) {
      const { status, body } = await register(amp.apiUrl, {
        client_name: 'Secret',
        redirect_uris: ['https://app.example/cb'],
        token_endpoint_auth_method: method,
      });
      expect(status).toBe(400);
      expect(body.error).toBe('invalid_client_metadata');
      expect(body.error_description).toContain('Only public clients');
    }
  });

  it('accepts https, loopback http on any port and reverse-domain private-use schemes (RFC 8252)', async () => {
    for (const uri of [
      'https://claude.ai/api/mcp/auth_callback',
      'http://127.0.0.1:33418/callback',
      'http://[::1]:8080/cb',
      'http://localhost:6274/oauth/callback',
      'http://127.0.0.1/cb',
      'com.example.agent:/oauth2redirect',
    ]) {
      const { status, body } = await register(amp.apiUrl, { client_name: 'Fine', redirect_uris: [uri] });
      expect(status, JSON.stringify(body)).toBe(201);
      expect(body.redirect_uris).toEqual([uri]);
    }
    const both = await register(amp.apiUrl, { client_name: 'Desktop', redirect_uris: ['com.example.agent:/cb', 'http://127.0.0.1/cb'] });
    expect(both.status, JSON.stringify(both.body)).toBe(201);
  });

  it('refuses plain http to another host, script and data URIs, dotless schemes and fragments as invalid_redirect_uri naming the URI', async () => {
    for (const uri of [
      'http://evil.example/cb',
      'javascript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'myapp:/cb',
      'https://app.example/cb#state',
    ]) {
      const { status, body } = await register(amp.apiUrl, { client_name: 'Evil', redirect_uris: [uri] });
      expect(status, uri).toBe(400);
      expect(body.error).toBe('invalid_redirect_uri');
      expect(body.error_description).toContain(JSON.stringify(uri));
    }
  });

  it('refuses a NUL or a lone surrogate in any field, name or nested value with 400 invalid_request naming it, registering nothing', async () => {
    const clients = () =>
      amp.database.db
        .selectFrom('oauth_store')
        .where('model', '=', 'Client')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
    const before = Number((await clients()).n);
    const fine = { client_name: 'Fine', redirect_uris: ['https://app.example/cb'] };
    for (const bad of ['a\u0000b', 'a\ud800b', 'a\udc00b']) {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ ...fine, client_name: bad }, 'client_name'],
        [{ ...fine, tos_uri: `https://app.example/${bad}` }, 'tos_uri'],
        [{ ...fine, client_uri: `https://app.example/${bad}` }, 'client_uri'],
        [{ ...fine, logo_uri: `https://app.example/${bad}` }, 'logo_uri'],
        [{ ...fine, policy_uri: `https://app.example/${bad}` }, 'policy_uri'],
        [{ ...fine, software_id: bad }, 'software_id'],
        [{ ...fine, redirect_uris: [`https://app.example/cb${bad}`] }, 'redirect_uris.0'],
        [{ ...fine, [bad]: 'x' }, '(a name)'],
      ];
      for (const [metadata, field] of cases) {
        const { status, body } = await register(amp.apiUrl, metadata);
        expect(status, `${JSON.stringify(field)} ${JSON.stringify(bad)}`).toBe(400);
        expect(body.error).toBe('invalid_request');
        expect(body.error_description).toContain(field);
      }
    }
    expect(Number((await clients()).n)).toBe(before);
  });
});

describe('OAuth forms', () => {
  it('refuse a NUL in any field of the token, device, revocation and user-code forms with 400, never a 500', async () => {
    const forms: Array<[string, Record<string, string>]> = [
      ['/oauth/token', { grant_type: 'authorization_code', client_id: clientId, code: 'a\u0000b', redirect_uri: REDIRECT, code_verifier: 'v'.repeat(43) }],
      ['/oauth/token', { grant_type: 'refresh_token', client_id: `${clientId}\u0000`, refresh_token: 'abc' }],
      ['/oauth/device_authorization', { client_id: clientId, scope: 'signals:ask\u0000' }],
      ['/oauth/revoke', { client_id: clientId, token: 'a\u0000b' }],
      ['/device', { user_code: 'BCDF\u0000GHJK', xsrf: 'x' }],
    ];
    for (const [path, form] of forms) {
      const answer = await fetch(`${amp.apiUrl}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form),
      });
      expect(answer.status, path).toBe(400);
      expect(answer.headers.get('content-type'), path).toContain('application/json');
      expect(await answer.json(), path).toMatchObject({ error: 'invalid_request' });
    }
  });
});

describe('authorization requests', () => {
  it('refuses PKCE plain and a missing challenge back at the client', async () => {
    const plain = await browser.get(
      authorizeUrl(amp.apiUrl, {
        client_id: clientId,
        response_type: 'code',
        redirect_uri: REDIRECT,
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'plain',
      }),
    );
    expect(plain.leftTo?.searchParams.get('error')).toBe('invalid_request');
    expect(plain.leftTo?.searchParams.get('error_description')).toMatch(/code_challenge_method/);
    const missing = await browser.get(authorizeUrl(amp.apiUrl, { client_id: clientId, response_type: 'code', redirect_uri: REDIRECT }));
    expect(missing.leftTo?.searchParams.get('error')).toBe('invalid_request');
    expect(missing.leftTo?.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('refuses an unregistered redirect URI on a page, never redirecting to it', async () => {
    const pkce = pkcePair();
    const visit = await browser.get(
      authorizeUrl(amp.apiUrl, {
        client_id: clientId,
        response_type: 'code',
        redirect_uri: 'https://evil.example/cb',
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
      }),
    );
    expect(visit.leftTo).toBeUndefined();
    expect(visit.status).toBe(400);
    expect(visit.text).toContain('invalid_redirect_uri');
  });

  it('lets a loopback redirect vary its port (RFC 8252), never its host or path', async () => {
    const native = await register(amp.apiUrl, { client_name: 'Native', redirect_uris: ['http://127.0.0.1:5000/callback'] });
    expect(native.body.application_type).toBe('native');
    const pkce = pkcePair();
    const params = {
      client_id: native.body.client_id,
      response_type: 'code',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      prompt: 'consent',
    };
    const otherPort = await browser.get(authorizeUrl(amp.apiUrl, { ...params, redirect_uri: 'http://127.0.0.1:61234/callback' }));
    expect(otherPort.status, otherPort.text.slice(0, 200)).toBe(200);
    expect(otherPort.url).toMatch(/\/interaction\//);
    const otherPath = await browser.get(authorizeUrl(amp.apiUrl, { ...params, redirect_uri: 'http://127.0.0.1:61234/elsewhere' }));
    expect(otherPath.text).toContain('invalid_redirect_uri');
  });

  it('refuses a resource other than the MCP server', async () => {
    const pkce = pkcePair();
    const visit = await browser.get(
      authorizeUrl(amp.apiUrl, {
        client_id: clientId,
        response_type: 'code',
        redirect_uri: REDIRECT,
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
        resource: 'https://other.example/mcp',
      }),
    );
    expect(visit.leftTo?.searchParams.get('error')).toBe('invalid_target');
  });

  it('a code redeemed with the wrong verifier is invalid_grant', async () => {
    const pkce = pkcePair();
    const page = await browser.get(
      authorizeUrl(amp.apiUrl, {
        client_id: clientId,
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
      client_id: clientId,
      code_verifier: pkcePair().verifier,
    });
    expect(token.status).toBe(400);
    expect(token.body.error).toBe('invalid_grant');
  });
});

describe('approving on a phone', () => {
  it('records the answer from a second signed-in browser; the first continues from the approval page', async () => {
    const andee = await amp.api.andees.byTag('ada');
    const phone = new CookieBrowser([amp.apiUrl]);
    await phone.signInWithLink(`${amp.apiUrl}/sign-in/link/${(await amp.api.sessions.issueLink(andee!.andeeId, new Date())).token}`);
    const pkce = pkcePair();
    const page = await browser.get(
      authorizeUrl(amp.apiUrl, {
        client_id: clientId,
        response_type: 'code',
        redirect_uri: REDIRECT,
        code_challenge: pkce.challenge,
        code_challenge_method: 'S256',
        prompt: 'consent',
      }),
    );
    const approvalUrl = page.url;
    // The starting screen shows the number the phone must type.
    const matchNumber = /data-match-number="(\d{2})"/.exec(page.text)![1]!;
    const onPhone = await phone.get(approvalUrl);
    expect(onPhone.text).not.toContain('data-match-number');
    const answered = await phone.post(approvalUrl, { csrf: formValue(onPhone.text, 'csrf'), decision: 'approve', number: matchNumber });
    expect(answered.leftTo).toBeUndefined();
    expect(answered.text).toContain('continues by itself');
    // The starting browser's Continue (what its page does by itself) goes on to the client with the code.
    const done = await browser.get(approvalUrl);
    expect(done.leftTo?.searchParams.get('code')).toBeTruthy();
  });

  it('tells the phone where and when the request started, and whether that is its own network', async () => {
    const andee = await amp.api.andees.byTag('ada');
    const phone = new CookieBrowser([amp.apiUrl]);
    await phone.signInWithLink(`${amp.apiUrl}/sign-in/link/${(await amp.api.sessions.issueLink(andee!.andeeId, new Date())).token}`);
    const page = await browser.get(
      authorizeUrl(amp.apiUrl, {
        client_id: clientId,
        response_type: 'code',
        redirect_uri: REDIRECT,
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
        prompt: 'consent',
      }),
    );
    const onPhone = await phone.get(page.url);
    expect(onPhone.text).toMatch(
      /This request started at <strong>\d\d:\d\d UTC<\/strong> \(just now\) from the network address <strong>(127\.0\.0\.1|::1)<\/strong>, the same network as this screen\./,
    );
    // The same link opened on a phone elsewhere (a relayed number): the page says it is another network.
    const elsewhere = await fetch(page.url, {
      headers: { Cookie: `amp_session=${phone.cookie(new URL(amp.apiUrl).host, 'amp_session')}`, 'X-Forwarded-For': '203.0.113.50' },
    });
    const text = await elsewhere.text();
    expect(text).toMatch(/from the network address <strong>(127\.0\.0\.1|::1)<\/strong>, not the network this screen is on\./);
    expect(text).toContain('If you did not start it yourself, just now, on a screen or device in front of you, Decline.');
  });
});

describe('registered clients without a grant', () => {
  it('are removed after the TTL; clients holding a grant stay', async () => {
    const unused = await register(amp.apiUrl, { client_name: 'Never Used', redirect_uris: ['http://127.0.0.1:9/cb'] });
    const removed = await amp.api.grants.reapUnusedClients(new Date(Date.now() + 60_000));
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(
      (await fetch(`${amp.apiUrl}/oauth/register/${unused.body.client_id}`, { headers: { Authorization: `Bearer ${unused.body.registration_access_token}` } }))
        .status,
    ).not.toBe(200);
    expect((await authorize({})).token.access_token).toBeTruthy();
  });
});

describe('scopes', () => {
  it('a request without scope gets exactly the default public grant, as a JWT for the MCP URL', async () => {
    const { token } = await authorize({});
    expect(token.scope.split(' ').sort()).toEqual(['connections:read', 'connections:write', 'signals:ask', 'signals:write']);
    const claims = claimsOf(token.access_token);
    expect(claims.aud).toBe(amp.mcpUrl);
    expect(claims.iss).toBe(amp.apiUrl);
    expect(claims.exp - claims.iat).toBe(3600);
    expect(claims.gid).toBeTruthy();
  });

  it('reserved scopes are stripped even when requested, and the page never offers them', async () => {
    const { page, token } = await authorize({ scope: 'signals:ask signals:evidence_read signals:raw_read' });
    expect(page).toContain('Not offered to apps');
    expect(page).not.toMatch(/name="optIn" value="signals:(evidence|raw)_read"/);
    expect(token.scope).toBe('signals:ask');
    const refreshed = await tokenRequest(amp.apiUrl, {
      grant_type: 'refresh_token',
      refresh_token: token.refresh_token,
      client_id: clientId,
      scope: 'signals:ask signals:evidence_read',
    });
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe('invalid_scope');
    const plain = await tokenRequest(amp.apiUrl, { grant_type: 'refresh_token', refresh_token: token.refresh_token, client_id: clientId });
    expect(plain.body.scope).toBe('signals:ask');
  });

  it('the approval page says what the app will and will not see, as the visibility rules decide it', async () => {
    const { page } = await authorize({ scope: 'signals:ask connections:read' });
    const line = (who: string) => new RegExp(`<li data-facts="${who}">([\\s\\S]*?)</li>`).exec(page)?.[1]?.replace(/\s+/g, ' ');
    expect(page).toContain('What this app will and will not see');
    // A third-party app gets other andees' public facts only (spec "andee_read"), a connection's too.
    expect(line('others')).toBe('Other andees, your connections included: only the facts they made public, never their connected-only or private facts.');
    // Even acting for the andee who approved it, a third-party app sees their public facts only (identity/visibility.ts).
    expect(line('own')).toBe('You: only your public facts, never your connected-only or private ones.');
  });

  it('Loop scopes are granted only when requested and ticked', async () => {
    const { page, token } = await authorize({ scope: 'signals:ask loops:read loops:write' }, ['loops:read']);
    expect(page).toContain('name="optIn" value="loops:read"');
    expect(page).toContain('name="optIn" value="loops:write"');
    expect(token.scope.split(' ').sort()).toEqual(['loops:read', 'signals:ask']);
  });

  it('a step-up keeps what the grant already had', async () => {
    const before = await amp.api.grants.list();
    const { token } = await authorize({ scope: 'connections:read' });
    expect(token.scope).toBe('connections:read');
    const grantId = claimsOf(token.access_token).gid;
    const grant = (await amp.api.grants.list()).find((g) => g.grantId === grantId)!;
    expect(before.some((g) => g.grantId === grantId)).toBe(true);
    expect(grant.scopes).toEqual(expect.arrayContaining(['signals:ask', 'loops:read', 'connections:read']));
  });
});
