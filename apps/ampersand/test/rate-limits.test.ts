/**
 * The rate limits on &'s ways in, each with small limits so a test reaches them: sign-in link
 * requests per &tag and per address, sign-in link redemptions per address, the token endpoint
 * and client registration per address (429, Retry-After, a structured body, nothing done), and
 * device-code polling (`slow_down`, RFC 8628 §3.5). Counted in the test's own database, and in
 * Redis (REDIS_URL, default the local one) shared by two API processes.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { register, tokenRequest } from './support/oauth-steps.ts';

const WINDOW = 600;
const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

let amp: RunningAmpersand;
beforeAll(async () => {
  amp = await startAmpersand({
    settings: {
      devMailbox: true,
      rateLimits: {
        signInLinksPerTag: { points: 2, windowSeconds: WINDOW },
        signInLinksPerAddress: { points: 4, windowSeconds: WINDOW },
        linkRedemptionsPerAddress: { points: 3, windowSeconds: WINDOW },
        tokenRequestsPerAddress: { points: 3, windowSeconds: WINDOW },
        registrationsPerAddress: { points: 3, windowSeconds: WINDOW },
        devicePollsPerCode: { points: 1, windowSeconds: WINDOW },
      },
    },
  });
  for (const tag of ['ada', 'grace']) if (!(await amp.api.andees.create({ tag, displayName: tag })).ok) throw new Error('no andee');
});
afterAll(async () => {
  await amp?.close();
});

const signIn = (tag: string) =>
  fetch(`${amp.apiUrl}/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ tag, next: '/' }),
    redirect: 'manual',
  });

async function mailboxCount(): Promise<number> {
  const row = await amp.database.db
    .selectFrom('dev_mailbox')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function clientCount(): Promise<number> {
  const row = await amp.database.db
    .selectFrom('oauth_store')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('model', '=', 'Client')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function expectLimited(response: Response) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW);
  return retryAfter;
}

describe('sign-in', () => {
  it('limits link requests per &tag (with or without &, any case), then per address; a refused request sends nothing', async () => {
    expect((await signIn('ada')).status).toBe(200);
    expect((await signIn('&ADA')).status).toBe(200);
    const sent = await mailboxCount();
    const refused = await signIn('ada');
    expectLimited(refused);
    const page = await refused.text();
    expect(page).toContain('rate_limited');
    expect(page).toMatch(/Try again in \d+ seconds/);
    expect(await mailboxCount()).toBe(sent);

    // Three requests so far from this address, all counted; the fourth is allowed, the fifth not.
    expect((await signIn('grace')).status).toBe(200);
    expectLimited(await signIn('grace'));
    expect(await mailboxCount()).toBe(sent + 1);
  });

  it('limits sign-in link redemptions per address, whatever the link', async () => {
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await fetch(`${amp.apiUrl}/sign-in/link/not-a-link-${attempt}`, { redirect: 'manual' })).status).toBe(400);
    const refused = await fetch(`${amp.apiUrl}/sign-in/link/not-a-link-3`, { redirect: 'manual' });
    expectLimited(refused);
    expect(await refused.text()).toContain('rate_limited');
  });
});

describe('the authorization server', () => {
  it('limits client registrations per address; the refused one registers nothing', async () => {
    const metadata = { client_name: 'Agent', redirect_uris: ['http://127.0.0.1:9/callback'], token_endpoint_auth_method: 'none' };
    for (let i = 0; i < 3; i++) expect((await register(amp.apiUrl, metadata)).status).toBe(201);
    const before = await clientCount();
    const response = await fetch(`${amp.apiUrl}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(metadata),
    });
    const retryAfter = expectLimited(response);
    expect(await response.json()).toEqual({
      error: 'rate_limited',
      error_description: expect.stringContaining('registrations'),
      retry_after_seconds: retryAfter,
    });
    expect(await clientCount()).toBe(before);
  });

  it('limits token requests per address', async () => {
    for (let i = 0; i < 3; i++)
      expect((await tokenRequest(amp.apiUrl, { grant_type: 'refresh_token', refresh_token: 'nope', client_id: 'nobody' })).status).not.toBe(429);
    const response = await fetch(`${amp.apiUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'nope', client_id: 'nobody' }),
    });
    const retryAfter = expectLimited(response);
    expect(await response.json()).toEqual({
      error: 'rate_limited',
      error_description: expect.stringContaining('token requests'),
      retry_after_seconds: retryAfter,
    });
  });
});

describe('device polling', () => {
  let device: RunningAmpersand;
  beforeAll(async () => {
    device = await startAmpersand({ settings: { rateLimits: { devicePollsPerCode: { points: 1, windowSeconds: WINDOW } } } });
  });
  afterAll(async () => {
    await device?.close();
  });

  it('answers a device code polled again within its window with slow_down and Retry-After', async () => {
    const registered = await register(device.apiUrl, {
      client_name: 'TV App',
      grant_types: [DEVICE_GRANT, 'refresh_token'],
      response_types: [],
      redirect_uris: [],
    });
    expect(registered.status).toBe(201);
    const clientId = registered.body.client_id as string;
    const authorization = await fetch(`${device.apiUrl}/oauth/device_authorization`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: clientId }),
    });
    const { device_code } = (await authorization.json()) as { device_code: string };
    const poll = () =>
      fetch(`${device.apiUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: DEVICE_GRANT, device_code, client_id: clientId }),
      });

    const first = await poll();
    expect(first.status).toBe(400);
    expect((await first.json()).error).toBe('authorization_pending');
    const second = await poll();
    expect(second.status).toBe(400);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await second.json()).error).toBe('slow_down');
  });
});

describe('counted in Redis', () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  let first: RunningAmpersand;
  let second: RunningAmpersand;
  beforeAll(async () => {
    // Two API processes over one database and one Redis; a fresh key prefix keeps runs apart.
    const settings = {
      redisUrl,
      rateLimitKeyPrefix: `amp-auth-test-${randomUUID()}`,
      rateLimits: { registrationsPerAddress: { points: 2, windowSeconds: WINDOW } },
    };
    first = await startAmpersand({ settings });
    second = await startAmpersand({ settings, database: first.database, secret: first.secret, publicUrls: { apiUrl: first.apiUrl, mcpUrl: first.mcpUrl } });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('shares one count across API processes, and health reports Redis', async () => {
    const metadata = { client_name: 'Agent', redirect_uris: ['http://127.0.0.1:9/callback'], token_endpoint_auth_method: 'none' };
    expect((await register(first.ownApiUrl, metadata)).status).toBe(201);
    expect((await register(second.ownApiUrl, metadata)).status).toBe(201);
    const refused = await fetch(`${first.ownApiUrl}/oauth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(metadata),
    });
    expectLimited(refused);
    expect((await refused.json()).error).toBe('rate_limited');
    const health = await (await fetch(`${second.ownApiUrl}/health`)).json();
    expect(JSON.stringify(health)).toContain('redis');
    // The counts are in Redis, not in the shared database.
    const { rows } = await sql<{ n: string }>`select count(*) as n from rate_limits`.execute(first.database.db);
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
