/**
 * `/health` names each dependency and is `degraded` (503) when one needed for writes is down:
 * with the write limit kept in a Redis that does not answer, planning writes answer 503 and so
 * does health, naming Redis, while the database is reported up and `/health/live` stays 200. With
 * Redis answering, health is ok and lists it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { rpc } from '@agent-products/kit/testing';
import { issueCredential, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

const running: RunningChengdu[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
});

async function start(redisUrl: string) {
  const server = await startChengdu({ redisUrl });
  running.push(server);
  return server;
}

describe('health with its dependencies', () => {
  it('is degraded, naming Redis, when the write limit store does not answer; liveness stays ok', { timeout: 30_000 }, async () => {
    const server = await start('redis://127.0.0.1:1');
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({
      status: 'degraded',
      dependencies: { database: { up: true, essential: true }, redis: { up: false, essential: true, neededFor: expect.stringContaining('planning writes') } },
    });
    const token = (await issueCredential(server)).token;
    const write = await rpc(
      server.url,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'propose_chengdu_itinerary',
          arguments: { dayCount: 1, rhythm: 'balanced', discovery: 'blend', atmosphere: 'mixed', idempotencyKey: `health-${Date.now()}` },
        },
      },
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(write.status).toBe(503);
    const live = await fetch(`${server.url}/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'live' });
  });

  it('is ok and lists Redis when it answers', async () => {
    const server = await start(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: { reachable: true }, dependencies: { database: { up: true }, redis: { up: true } } });
  });
});
