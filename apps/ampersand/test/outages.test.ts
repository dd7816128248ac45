/**
 * Outages of the API's dependencies are 503 with Retry-After, never 500, and service resumes by
 * itself when the dependency returns (issue 26):
 * - PostgreSQL cut under the authorization server (a TCP relay of this test's own in front of the
 *   real server is stopped; needs DATABASE_URL, skipped without it, since the embedded database
 *   cannot be disconnected): token requests and client registrations;
 * - PostgreSQL ending every connection of the test database (pg_terminate_backend) under
 *   concurrent identity writes, five times: whichever statement the cut lands on, the answer is
 *   503 with Retry-After (needs DATABASE_URL);
 * - Redis (this test's own redis-server on a Unix socket) killed under the sign-in form's limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedisProcess, tcpRelay, type RedisProcess, type TcpRelay } from '@agent-products/kit/testing';
import pg from 'pg';
import { accessToken, createAndee } from './support/andee-tokens.ts';
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

describe.skipIf(!upstream)('PostgreSQL connections cut mid-write', () => {
  let amp: RunningAmpersand;
  let token: string;

  beforeAll(async () => {
    amp = await startAmpersand();
    token = await accessToken(amp, await createAndee(amp, 'cut', 'Cut Mid-Write'));
  }, 180_000);
  afterAll(async () => {
    await amp?.close();
  });

  const write = (value: string) =>
    fetch(new URL('/v1/identity/write', amp.apiUrl), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ value }),
    });

  it('answers /v1/identity/write 503 unavailable with Retry-After, never 500, while its connections are terminated under it', {
    timeout: 120_000,
  }, async () => {
    // A real cut: the server ends every connection of this test's database, wherever a write was
    // (taking a pooled connection, inside its transaction, at its rollback).
    const database = new URL(amp.database.url!).pathname.slice(1);
    // Only ever a database of this test's own: the shared one holds other suites' connections.
    expect(database).not.toBe(new URL(upstream!).pathname.slice(1));
    const admin = new pg.Client({ connectionString: upstream });
    await admin.connect();
    const answers = new Map<string, number>();
    let writing = true;
    let sent = 0;
    const writer = async () => {
      while (writing) {
        const answer = await write(`I like cut number ${sent++} very much.`);
        const body = await answer.json();
        const seen = `${answer.status} ${body.error?.code ?? 'written'}${answer.status === 503 ? ` Retry-After ${answer.headers.get('retry-after')}` : ''}`;
        answers.set(seen, (answers.get(seen) ?? 0) + 1);
      }
    };
    try {
      const writers = Array.from({ length: 12 }, writer);
      for (let cut = 0; cut < 5; cut++) {
        await new Promise((resolve) => setTimeout(resolve, 600));
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
      }
      writing = false;
      await Promise.all(writers);
    } finally {
      await admin.end();
    }
    const seen = Object.fromEntries(answers);
    expect(
      Object.keys(seen).filter((answer) => !['200 written', '503 unavailable Retry-After 5'].includes(answer)),
      JSON.stringify(seen),
    ).toEqual([]);
    expect(seen['503 unavailable Retry-After 5'], JSON.stringify(seen)).toBeGreaterThan(0);
    expect(await until(200, async () => (await write('I like the end of the cuts.')).status)).toBe(200);
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
