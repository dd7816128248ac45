/**
 * Outages of the API's dependencies are 503 with Retry-After, never 500, and service resumes by
 * itself when the dependency returns (issue 26):
 * - PostgreSQL cut under the authorization server (a TCP relay of this test's own in front of the
 *   real server is stopped; needs DATABASE_URL, skipped without it, since the embedded database
 *   cannot be disconnected): token requests and client registrations;
 * - Redis (this test's own redis-server on a Unix socket) killed under the sign-in form's limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisProcess, tcpRelay, type RedisProcess, type TcpRelay } from '@agent-products/kit/testing';
import { register, tokenRequest } from './support/oauth-steps.ts';
import { startAmpersand, type RunningAmpersand } from './support/start-ampersand.ts';

const upstream = process.env.DATABASE_URL;
const REDIRECT = 'http://127.0.0.1:1/cb';

/** Repeats `attempt` until it answers `status` (at most ~10 s); the last status seen. */
async function until(status: number, attempt: () => Promise<number>): Promise<number> {
  let seen = 0;
  for (let i = 0; i < 50; i++) {
    seen = await attempt();
    if (seen === status) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return seen;
}

describe.skipIf(!upstream)('PostgreSQL unreachable under the authorization server', () => {
  let relay: TcpRelay;
  let redis: RedisProcess;
  let amp: RunningAmpersand;
  let clientId: string;

  beforeAll(async () => {
    const target = new URL(upstream!);
    relay = await tcpRelay(target.hostname, Number(target.port || 5432));
    const viaRelay = new URL(upstream!);
    viaRelay.port = String(relay.port);
    process.env.DATABASE_URL = viaRelay.toString();
    // The rate limits count in a Redis of this test's own, so the database outage reaches the provider itself.
    redis = await startRedisProcess('ampersand-pg-outage');
    try {
      amp = await startAmpersand({ settings: { redisUrl: redis.socket } });
    } finally {
      process.env.DATABASE_URL = upstream;
    }
    const registered = await register(amp.apiUrl, { client_name: 'Outage agent', redirect_uris: [REDIRECT] });
    clientId = registered.body.client_id as string;
  });
  afterAll(async () => {
    await relay?.start();
    await amp?.close();
    await redis?.dispose();
    await relay?.close();
  });

  const exchange = () =>
    tokenRequest(amp.apiUrl, {
      grant_type: 'authorization_code',
      code: 'no-such-code',
      redirect_uri: REDIRECT,
      client_id: clientId,
      code_verifier: 'v'.repeat(43),
    });

  it('answers /oauth/token and /oauth/register 503 temporarily_unavailable with Retry-After, then recovers without a restart', {
    timeout: 60_000,
  }, async () => {
    const healthy = await exchange();
    expect(healthy.status).toBe(400);
    expect(healthy.body.error).toBe('invalid_grant');

    await relay.stop();
    const down = await fetch(new URL('/oauth/token', amp.apiUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'no-such-code',
        redirect_uri: REDIRECT,
        client_id: clientId,
        code_verifier: 'v'.repeat(43),
      }),
    });
    expect(down.status).toBe(503);
    expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await down.json()).error).toBe('temporarily_unavailable');
    const registration = await register(amp.apiUrl, { client_name: 'During the outage', redirect_uris: [REDIRECT] });
    expect(registration.status).toBe(503);
    expect(registration.body.error).toBe('temporarily_unavailable');

    await relay.start();
    expect(await until(400, async () => (await exchange()).status)).toBe(400);
    expect((await exchange()).body.error).toBe('invalid_grant');
  });
});

describe('Redis unreachable under the sign-in form', () => {
  let redis: RedisProcess;
  let amp: RunningAmpersand;

  beforeAll(async () => {
    redis = await startRedisProcess('ampersand-redis-outage');
    amp = await startAmpersand({ settings: { redisUrl: redis.socket } });
  });
  afterAll(async () => {
    await amp?.close();
    await redis?.dispose();
  });

  const signIn = () =>
    fetch(new URL('/sign-in', amp.apiUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ tag: 'nobody_here' }),
    });

  it('answers POST /sign-in 503 with Retry-After while Redis is down, then works again without a restart', { timeout: 60_000 }, async () => {
    expect((await signIn()).status).toBe(200);

    await redis.stop();
    const down = await signIn();
    expect(down.status).toBe(503);
    expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0);

    await redis.start();
    expect(await until(200, async () => (await signIn()).status)).toBe(200);
  });
});
