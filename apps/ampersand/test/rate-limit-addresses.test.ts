/**
 * Whom the rate limits count (issue 27 §4): the socket's address, unless trusted proxies are
 * configured (`AMPERSAND_TRUSTED_PROXIES`), and then the address those proxies recorded; a
 * client's own X-Forwarded-For buys nothing. A tag's sign-in limit counts per tag and address,
 * so requests from elsewhere never lock the andee out of their own link. `POST /device` (user-code
 * entry) is limited per address like the other endpoints. The operator lifts a count with
 * `clear-rate-limit`, on the database and on Redis.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOperatorCommand, type OperatorDeps } from '../src/cli/operator-commands.ts';
import { IdentitySignals } from '../src/identity/identity-signals.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';
import { register } from './support/oauth-steps.ts';

const WINDOW = 600;
const LIMITS = {
  signInLinksPerTag: { points: 2, windowSeconds: WINDOW },
  signInLinksPerAddress: { points: 20, windowSeconds: WINDOW },
  registrationsPerAddress: { points: 2, windowSeconds: WINDOW },
  deviceEntriesPerAddress: { points: 2, windowSeconds: WINDOW },
};
const METADATA = { client_name: 'Agent', redirect_uris: ['http://127.0.0.1:9/callback'] };

let proxied: RunningAmpersand;
let direct: RunningAmpersand;
beforeAll(async () => {
  proxied = await startAmpersand({ settings: { rateLimits: LIMITS, trustedProxies: ['127.0.0.0/8'], devMailbox: true } });
  direct = await startAmpersand({ settings: { rateLimits: LIMITS, devMailbox: true } });
  for (const amp of [proxied, direct]) if (!(await amp.api.andees.create({ tag: 'ada', displayName: 'Ada' })).ok) throw new Error('no andee');
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

const signIn = (amp: RunningAmpersand, tag: string, forwardedFor?: string) =>
  fetch(`${amp.apiUrl}/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}) },
    body: new URLSearchParams({ tag, next: '/' }),
    redirect: 'manual',
  });

const registerFrom = (amp: RunningAmpersand, forwardedFor: string) =>
  fetch(`${amp.apiUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
    body: JSON.stringify(METADATA),
  });

async function linksSent(amp: RunningAmpersand): Promise<number> {
  return (await amp.database.db.selectFrom('dev_mailbox').selectAll().execute()).length;
}

function operator(amp: RunningAmpersand, argv: string[]): Promise<string> {
  const deps: OperatorDeps = {
    andees: amp.api.andees,
    sessions: amp.api.sessions,
    grants: amp.api.grants,
    facts: new IdentitySignals(amp.database.db),
    connections: amp.api.connections,
    firstParty: amp.api.firstParty,
    hostedRuntime: amp.api.hostedRuntime,
    seedDemo: amp.api.seedDemo,
    clearRateLimit: (name, subject) => amp.api.limits.clear(name, subject),
    apiUrl: amp.apiUrl,
    mcpUrl: amp.mcpUrl,
    now: () => new Date(),
  };
  return runOperatorCommand(deps, argv);
}

describe('sign-in links for a tag', () => {
  it('cannot be used up by someone else: the andee still gets their link after a stranger hit the limit', async () => {
    for (let i = 0; i < 2; i++) expect((await signIn(proxied, 'ada', '203.0.113.9')).status).toBe(200);
    expect((await signIn(proxied, 'ada', '203.0.113.9')).status).toBe(429);
    const before = await linksSent(proxied);
    // The andee, from their own address, is not affected.
    expect((await signIn(proxied, 'ada', '198.51.100.7')).status).toBe(200);
    expect(await linksSent(proxied)).toBe(before + 1);
  });
});

describe('client addresses', () => {
  it('with trusted proxies, counts the address they recorded, so one client does not exhaust another', async () => {
    for (let i = 0; i < 2; i++) expect((await registerFrom(proxied, '192.0.2.10')).status).toBe(201);
    expect((await registerFrom(proxied, '192.0.2.10')).status).toBe(429);
    expect((await registerFrom(proxied, '192.0.2.11')).status).toBe(201);
    // A spoofed entry left of the proxy's is the client's own claim: the proxy's record counts.
    expect((await registerFrom(proxied, '192.0.2.99, 192.0.2.10')).status).toBe(429);
  });

  it('without them, counts the socket: a forged X-Forwarded-For changes nothing', async () => {
    for (let i = 0; i < 2; i++) expect((await registerFrom(direct, `192.0.2.${i}`)).status).toBe(201);
    expect((await registerFrom(direct, '192.0.2.200')).status).toBe(429);
  });
});

describe('POST /device', () => {
  it('is limited per address before the provider sees the code', async () => {
    const enter = () =>
      fetch(`${direct.apiUrl}/device`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ user_code: 'BCDF-GHJK', xsrf: 'x' }),
        redirect: 'manual',
      });
    for (let i = 0; i < 2; i++) expect((await enter()).status).not.toBe(429);
    const refused = await enter();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: 'rate_limited', error_description: expect.stringContaining('device codes') });
  });
});

describe('the operator', () => {
  it('clears a limit for one address, and the next request is served', async () => {
    expect((await register(direct.apiUrl, METADATA)).status).toBe(429);
    expect(await operator(direct, ['clear-rate-limit', 'registrationsPerAddress', '127.0.0.1'])).toMatch(/^Cleared registrationsPerAddress/);
    expect((await register(direct.apiUrl, METADATA)).status).toBe(201);
    expect(await operator(direct, ['clear-rate-limit', 'registrationsPerAddress', '192.0.2.1'])).toMatch(/nothing to clear/);
    await expect(operator(direct, ['clear-rate-limit', 'noSuchLimit', 'x'])).rejects.toThrow(/Name the limit/);
  });

  it("clears a tag's count for one address", async () => {
    expect((await signIn(proxied, '&ada', '203.0.113.9')).status).toBe(429);
    expect(await operator(proxied, ['clear-rate-limit', 'signInLinksPerTag', '&ada', '203.0.113.9'])).toMatch(/^Cleared/);
    expect((await signIn(proxied, 'ada', '203.0.113.9')).status).toBe(200);
  });

  it('clears a count kept in Redis', async () => {
    const redis = await startAmpersand({
      settings: { rateLimits: LIMITS, redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', rateLimitKeyPrefix: `amp-clients-test-${randomUUID()}` },
    });
    try {
      for (let i = 0; i < 2; i++) expect((await register(redis.apiUrl, METADATA)).status).toBe(201);
      expect((await register(redis.apiUrl, METADATA)).status).toBe(429);
      expect(await operator(redis, ['clear-rate-limit', 'registrationsPerAddress', '127.0.0.1'])).toMatch(/^Cleared/);
      expect((await register(redis.apiUrl, METADATA)).status).toBe(201);
    } finally {
      await redis.close();
    }
  });
});
