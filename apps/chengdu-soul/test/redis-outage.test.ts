/**
 * Redis going away under a running server: with the write limit in a Redis this test starts
 * itself (its own process on a Unix socket of its own, never the shared one), planning writes work,
 * then the Redis process is stopped and writes answer 503 `unavailable` (nothing written) while
 * reads still answer and `/health` is degraded naming Redis; started again on the same socket,
 * writes work again without restarting the server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rpc } from '@agent-products/kit/testing';
import { issueCredential, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

// A Unix socket, not a TCP port: nothing else can take it between the probe and the bind, or
// while Redis is down before its restart at the same address.
let socketDir: string;
let socket: string;
let redis: ChildProcess | undefined;
let server: RunningChengdu;
let token: string;

async function startRedis(): Promise<void> {
  const child = spawn('redis-server', ['--port', '0', '--unixsocket', socket, '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/ready to accept connections/i.test(output)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
  });
  redis = child;
}

async function stopRedis(): Promise<void> {
  const child = redis!;
  redis = undefined;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
}

beforeAll(async () => {
  socketDir = await mkdtemp(join(tmpdir(), 'chengdu-redis-outage-'));
  socket = join(socketDir, 'redis.sock');
  await startRedis();
  // ioredis takes a socket path where it takes a URL.
  server = await startChengdu({ redisUrl: socket });
  token = (await issueCredential(server)).token;
});
afterAll(async () => {
  await server?.stop();
  if (redis) await stopRedis();
  await rm(socketDir, { recursive: true, force: true });
});

const write = () =>
  rpc(
    server.url,
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'propose_chengdu_itinerary',
        arguments: { dayCount: 1, rhythm: 'balanced', discovery: 'blend', atmosphere: 'mixed', idempotencyKey: `outage-${randomBytes(6).toString('hex')}` },
      },
    },
    { headers: { Authorization: `Bearer ${token}` } },
  );
const drafts = async () => (await server.database.db.selectFrom('drafts').select('draft_ref').execute()).length;

describe('Redis stopping under a running server', () => {
  it('turns planning writes into 503 with nothing written, keeps reads, and recovers when Redis is back', { timeout: 60_000 }, async () => {
    expect((await write()).status).toBe(200);
    expect(await drafts()).toBe(1);

    await stopRedis();
    const refused = await write();
    expect(refused.status, refused.text).toBe(503);
    expect(refused.json.error.code).toBe('unavailable');
    expect(await drafts()).toBe(1);
    const read = await rpc(server.url, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_chengdu_scenes', arguments: {} } });
    expect(read.status).toBe(200);
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'degraded', dependencies: { redis: { up: false } } });

    await startRedis();
    const deadline = Date.now() + 30_000;
    let status = (await write()).status;
    while (status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await write()).status;
    }
    expect(status).toBe(200);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
  });
});
