/**
 * &'s rules in front of oidc-provider, driven directly: the middleware `applyOAuthRules` installs
 * is called with a plain request context and a `next` that stands for the provider, so each rule
 * shows in what the provider would be handed (the query, the amended body) or in the answer given
 * without it. The metadata lists the resource scopes; an authorization or device request without
 * a scope asks for the default public grant; registration admits public clients only, drops a
 * registered scope and marks loopback-only clients native; refresh requests go through the
 * succession. PKCE itself is oidc-provider's (authorization-server.test.ts proves it end to end).
 */
import { describe, expect, it } from 'vitest';
import type Provider from 'oidc-provider';
import { ALL_SCOPES } from '../scopes.ts';
import { applyOAuthRules } from './oauth-rules.ts';
import type { Claim, RefreshSuccession } from './refresh-succession.ts';

const DEFAULT_SCOPE = 'signals:ask signals:write connections:read connections:write';
const NOW = new Date('2026-12-01T10:00:00Z');
const clock = () => NOW;

interface Context {
  method: string;
  path: string;
  query: Record<string, string>;
  req: { body?: unknown };
  status: number;
  body: unknown;
  headers: Record<string, string>;
  set(name: string, value: string): void;
}

type Middleware = (ctx: Context, next: () => Promise<void>) => Promise<void>;

/** The succession as the rules use it: the claim it answers, and every call made to it. */
function fakeSuccession(answer: Claim = { kind: 'first' }) {
  const calls: unknown[][] = [];
  const succession = {
    async claim(...args: unknown[]) {
      calls.push(['claim', ...args]);
      return answer;
    },
    async record(...args: unknown[]) {
      calls.push(['record', ...args]);
    },
    async release(...args: unknown[]) {
      calls.push(['release', ...args]);
    },
  };
  return { succession: succession as unknown as RefreshSuccession, calls };
}

function rules(succession = fakeSuccession().succession): Middleware {
  const installed: Middleware[] = [];
  const provider = { use: (middleware: Middleware) => installed.push(middleware) } as unknown as Provider;
  applyOAuthRules(provider, succession, clock);
  expect(installed).toHaveLength(1);
  return installed[0]!;
}

function context(method: string, path: string, options: { query?: Record<string, string>; body?: unknown } = {}): Context {
  const headers: Record<string, string> = {};
  return {
    method,
    path,
    query: options.query ?? {},
    req: 'body' in options ? { body: options.body } : {},
    status: 404,
    body: undefined,
    headers,
    set: (name, value) => {
      headers[name] = value;
    },
  };
}

/** Runs the rules; the provider (`next`) may answer. Says whether the provider was reached. */
async function run(middleware: Middleware, ctx: Context, provider: (ctx: Context) => void | Promise<void> = () => {}): Promise<boolean> {
  let reached = false;
  await middleware(ctx, async () => {
    reached = true;
    // The provider answers after a turn of the event loop, as a real one does.
    await new Promise((resolve) => setImmediate(resolve));
    await provider(ctx);
  });
  return reached;
}

const form = (body: unknown) => Object.fromEntries(new URLSearchParams(body as string));
const json = (body: unknown) => JSON.parse(body as string) as Record<string, unknown>;

describe('authorization server metadata', () => {
  const metadata = (ctx: Context) => {
    ctx.status = 200;
    ctx.body = { issuer: 'https://api.test', scopes_supported: ['openid', 'offline_access'] };
  };

  it('lists the resource scopes besides the OpenID ones, on both discovery paths', async () => {
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
      const ctx = context('GET', path);
      expect(await run(rules(), ctx, metadata)).toBe(true);
      expect(ctx.body).toEqual({ issuer: 'https://api.test', scopes_supported: ['openid', 'offline_access', ...ALL_SCOPES] });
    }
    expect(ALL_SCOPES).toEqual([
      'signals:ask',
      'signals:write',
      'connections:read',
      'connections:write',
      'loops:read',
      'loops:write',
      'signals:evidence_read',
      'signals:raw_read',
    ]);
  });

  it('leaves other answers alone: not 200, no object body, another path, another method', async () => {
    const notFound = context('GET', '/.well-known/openid-configuration');
    await run(rules(), notFound, (ctx) => {
      ctx.status = 500;
      ctx.body = { error: 'server_error' };
    });
    expect(notFound.body).toEqual({ error: 'server_error' });

    const text = context('GET', '/.well-known/openid-configuration');
    await run(rules(), text, (ctx) => {
      ctx.status = 200;
      ctx.body = 'plain';
    });
    expect(text.body).toBe('plain');

    const empty = context('GET', '/.well-known/openid-configuration');
    await run(rules(), empty, (ctx) => {
      ctx.status = 200;
      ctx.body = null;
    });
    expect(empty.body).toBeNull();

    const otherPath = context('GET', '/.well-known/other');
    await run(rules(), otherPath, metadata);
    expect(otherPath.body).toEqual({ issuer: 'https://api.test', scopes_supported: ['openid', 'offline_access'] });

    const post = context('POST', '/.well-known/openid-configuration', { body: '' });
    await run(rules(), post, metadata);
    expect(post.body).toEqual({ issuer: 'https://api.test', scopes_supported: ['openid', 'offline_access'] });
  });
});

describe('authorization request without a scope', () => {
  it('asks for the default public grant on GET, keeping the other parameters', async () => {
    const ctx = context('GET', '/oauth/authorize', { query: { client_id: 'app', response_type: 'code' } });
    expect(await run(rules(), ctx)).toBe(true);
    expect(ctx.query).toEqual({ client_id: 'app', response_type: 'code', scope: DEFAULT_SCOPE });
  });

  it('keeps a GET request’s own scope, and adds none to a request object or a pushed request', async () => {
    for (const query of [{ scope: 'loops:read' }, { request_uri: 'urn:ietf:params:oauth:request_uri:abc' }, { request: 'eyJ.x.y' }] as Array<
      Record<string, string>
    >) {
      const ctx = context('GET', '/oauth/authorize', { query: { client_id: 'app', ...query } });
      expect(await run(rules(), ctx)).toBe(true);
      expect(ctx.query).toEqual({ client_id: 'app', ...query });
    }
  });

  it('asks for the default grant in a POSTed authorization or device request, keeping the rest', async () => {
    for (const path of ['/oauth/authorize', '/oauth/device_authorization']) {
      for (const body of ['client_id=app', 'client_id=app&scope=']) {
        const ctx = context('POST', path, { body });
        expect(await run(rules(), ctx)).toBe(true);
        expect(form(ctx.req.body)).toEqual({ client_id: 'app', scope: DEFAULT_SCOPE });
      }
    }
  });

  it('leaves a POSTed request with a scope, a request object or a pushed request as it came', async () => {
    for (const path of ['/oauth/authorize', '/oauth/device_authorization']) {
      for (const body of ['client_id=app&scope=loops%3Aread', 'client_id=app&request_uri=urn%3Ax', 'client_id=app&request=eyJ.x.y']) {
        const ctx = context('POST', path, { body });
        expect(await run(rules(), ctx)).toBe(true);
        expect(ctx.req.body).toBe(body);
      }
    }
  });

  it('adds no scope to other routes, other methods or a body not read as text', async () => {
    const device = context('GET', '/oauth/device_authorization', { query: { client_id: 'app' } });
    await run(rules(), device);
    expect(device.query).toEqual({ client_id: 'app' });

    const put = context('PUT', '/oauth/authorize', { body: 'client_id=app' });
    expect(await run(rules(), put)).toBe(true);
    expect(put.req.body).toBe('client_id=app');

    const unread = context('POST', '/oauth/authorize', { body: { client_id: 'app' } });
    expect(await run(rules(), unread)).toBe(true);
    expect(unread.req.body).toEqual({ client_id: 'app' });

    const revoke = context('POST', '/oauth/revoke', { body: 'token=t' });
    expect(await run(rules(), revoke)).toBe(true);
    expect(revoke.req.body).toBe('token=t');
  });
});

describe('dynamic client registration', () => {
  const register = async (metadata: unknown) => {
    const ctx = context('POST', '/oauth/register', { body: typeof metadata === 'string' ? metadata : JSON.stringify(metadata) });
    const reached = await run(rules(), ctx);
    return { ctx, reached };
  };

  it('refuses a confidential client before the provider, saying why', async () => {
    for (const method of ['client_secret_basic', 'private_key_jwt', '']) {
      const { ctx, reached } = await register({ redirect_uris: ['https://app.test/cb'], token_endpoint_auth_method: method });
      expect(reached).toBe(false);
      expect(ctx.status).toBe(400);
      expect(ctx.headers).toEqual({ 'Cache-Control': 'no-store' });
      expect(ctx.body).toEqual({
        error: 'invalid_client_metadata',
        error_description: `Only public clients can register: token_endpoint_auth_method must be "none" (PKCE protects the code), not ${JSON.stringify(method)}.`,
      });
    }
  });

  it('registers a public client, `none` when absent, without the scope it asked for', async () => {
    for (const method of [{}, { token_endpoint_auth_method: 'none' }, { token_endpoint_auth_method: null }]) {
      const { ctx, reached } = await register({ client_name: 'App', redirect_uris: ['https://app.test/cb'], scope: 'openid', ...method });
      expect(reached).toBe(true);
      expect(ctx.status).toBe(404);
      expect(json(ctx.req.body)).toEqual({ client_name: 'App', redirect_uris: ['https://app.test/cb'], token_endpoint_auth_method: 'none' });
    }
  });

  it('registers a client redirecting only to loopback, or to a private-use scheme, as native', async () => {
    for (const redirect_uris of [
      ['http://127.0.0.1:51234/callback'],
      ['http://127.0.0.1/callback', 'http://[::1]:8080/cb'],
      ['http://[::1]/'],
      ['com.example.app:/oauth/callback'],
      ['com.example.app:/cb', 'http://127.0.0.1/cb'],
    ]) {
      const { ctx } = await register({ redirect_uris });
      expect(json(ctx.req.body)).toEqual({ redirect_uris, token_endpoint_auth_method: 'none', application_type: 'native' });
    }
  });

  it('registers any other client as it asked: an https or localhost redirect, none at all, or its own application type', async () => {
    const asked = [
      { redirect_uris: ['http://127.0.0.1:51234/callback', 'https://app.test/cb'] },
      { redirect_uris: ['http://localhost:8080/cb'] },
      { redirect_uris: ['https://127.0.0.1/cb'] },
      { redirect_uris: [] },
      { redirect_uris: 'http://127.0.0.1/cb' },
      {},
      { redirect_uris: ['http://127.0.0.1/cb'], application_type: 'web' },
    ];
    for (const metadata of asked) {
      const { ctx } = await register(metadata);
      expect(json(ctx.req.body)).toEqual({ ...metadata, token_endpoint_auth_method: 'none' });
    }
  });

  it('refuses a redirect URI a code must not travel to, as invalid_redirect_uri naming it, before the provider', async () => {
    const refused = [
      'http://evil.example/cb',
      'http://127.0.0.1.evil.test/cb',
      'http://127.0.0.1:80x/cb',
      'app://http://127.0.0.1/cb',
      'javascript:alert(1)',
      'data:text/html,hi',
      'vbscript:msgbox',
      'https://app.test/cb#frag',
      'http://127.0.0.1/cb#',
      'file:///etc/passwd',
      '/relative/cb',
    ];
    for (const uri of refused) {
      const { ctx, reached } = await register({ client_name: 'Bad', redirect_uris: ['https://app.test/ok', uri] });
      expect(reached, uri).toBe(false);
      expect(ctx.status).toBe(400);
      expect(ctx.body).toEqual({ error: 'invalid_redirect_uri', error_description: expect.stringContaining(JSON.stringify(uri)) });
    }
    const { ctx } = await register({ redirect_uris: [['http://127.0.0.1/cb']] });
    expect((ctx.body as { error: string }).error).toBe('invalid_redirect_uri');
  });

  it('leaves a body that is not a JSON object to the provider, as it came', async () => {
    for (const body of ['{not json', 'null', '[{"token_endpoint_auth_method":"client_secret_basic"}]', '"text"', '42']) {
      const { ctx, reached } = await register(body);
      expect(reached).toBe(true);
      expect(ctx.status).toBe(404);
      expect(ctx.req.body).toBe(body);
    }
  });
});

describe('refresh requests', () => {
  const refresh = 'grant_type=refresh_token&refresh_token=rt-1&client_id=app';
  const tokens = { access_token: 'at-2', refresh_token: 'rt-2', token_type: 'Bearer' };
  const rotates = (ctx: Context) => {
    ctx.status = 200;
    ctx.body = tokens;
  };

  it('records what the provider answered the first claim of a token', async () => {
    const { succession, calls } = fakeSuccession({ kind: 'first' });
    const ctx = context('POST', '/oauth/token', { body: refresh });
    expect(await run(rules(succession), ctx, rotates)).toBe(true);
    expect(calls).toEqual([
      ['claim', 'rt-1', 'app', clock],
      ['record', 'rt-1', 'app', tokens],
    ]);
    expect(ctx.body).toEqual(tokens);
  });

  it('claims for no client when the request names none', async () => {
    const { succession, calls } = fakeSuccession({ kind: 'first' });
    await run(rules(succession), context('POST', '/oauth/token', { body: 'grant_type=refresh_token&refresh_token=rt-1' }), rotates);
    expect(calls).toEqual([
      ['claim', 'rt-1', undefined, clock],
      ['record', 'rt-1', undefined, tokens],
    ]);
  });

  it('releases the claim when the provider refuses, answers without tokens, or fails', async () => {
    const answers: Array<(ctx: Context) => void> = [
      (ctx) => {
        ctx.status = 400;
        ctx.body = { error: 'invalid_grant' };
      },
      (ctx) => {
        ctx.status = 200;
        ctx.body = { token_type: 'Bearer' };
      },
      (ctx) => {
        ctx.status = 200;
        ctx.body = 'at-2';
      },
      (ctx) => {
        ctx.status = 200;
        ctx.body = undefined;
      },
      (ctx) => {
        ctx.status = 200;
        ctx.body = null;
      },
      // Only a successful answer is a rotation, whatever its body holds.
      (ctx) => {
        ctx.status = 400;
        ctx.body = { error: 'invalid_grant', access_token: 'at-2' };
      },
    ];
    for (const answer of answers) {
      const { succession, calls } = fakeSuccession({ kind: 'first' });
      await run(rules(succession), context('POST', '/oauth/token', { body: refresh }), answer);
      expect(calls).toEqual([
        ['claim', 'rt-1', 'app', clock],
        ['release', 'rt-1'],
      ]);
    }
    const { succession, calls } = fakeSuccession({ kind: 'first' });
    const failing = run(rules(succession), context('POST', '/oauth/token', { body: refresh }), () => {
      throw new Error('provider down');
    });
    await expect(failing).rejects.toThrow('provider down');
    expect(calls).toEqual([
      ['claim', 'rt-1', 'app', clock],
      ['release', 'rt-1'],
    ]);
  });

  it('answers a concurrent repeat with the recorded answer, without the provider', async () => {
    const { succession, calls } = fakeSuccession({ kind: 'replay', response: tokens });
    const ctx = context('POST', '/oauth/token', { body: refresh });
    expect(await run(rules(succession), ctx, rotates)).toBe(false);
    expect(ctx.status).toBe(200);
    expect(ctx.headers).toEqual({ 'Cache-Control': 'no-store' });
    expect(ctx.body).toEqual(tokens);
    expect(calls).toEqual([['claim', 'rt-1', 'app', clock]]);
  });

  it('hands a reused token to the provider (whose reuse detection revokes the grant), recording nothing', async () => {
    const { succession, calls } = fakeSuccession({ kind: 'reuse' });
    const ctx = context('POST', '/oauth/token', { body: refresh });
    expect(await run(rules(succession), ctx, rotates)).toBe(true);
    expect(calls).toEqual([['claim', 'rt-1', 'app', clock]]);
  });

  it('leaves other token requests to the provider without a claim', async () => {
    for (const body of ['grant_type=authorization_code&code=c&refresh_token=rt-1', 'grant_type=refresh_token', 'grant_type=refresh_token&refresh_token=']) {
      const { succession, calls } = fakeSuccession({ kind: 'replay', response: tokens });
      const ctx = context('POST', '/oauth/token', { body });
      expect(await run(rules(succession), ctx, rotates)).toBe(true);
      expect(calls).toEqual([]);
      expect(ctx.req.body).toBe(body);
    }
    const { succession, calls } = fakeSuccession({ kind: 'replay', response: tokens });
    expect(await run(rules(succession), context('GET', '/oauth/token', { query: {} }), rotates)).toBe(true);
    expect(await run(rules(succession), context('POST', '/oauth/other', { body: refresh }), rotates)).toBe(true);
    expect(calls).toEqual([]);
  });
});
