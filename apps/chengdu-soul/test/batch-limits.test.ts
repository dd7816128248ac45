/**
 * A JSON-RPC batch cannot bypass the shared write limit: every call in it counts. Under a limit of
 * five writes a minute, a batch of six proposals is refused whole (429, nothing written), a batch
 * of three takes three of the five, and a batch over 100 messages is refused before any work.
 * A refused request uses none of the allowance (replay-at-limit.test.ts has the replays).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc } from '@agent-products/kit/testing';
import { issueCredential, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

let server: RunningChengdu;
let auth: Record<string, string>;
let n = 0;

beforeAll(async () => {
  server = await startChengdu({ writesPerMinute: 5 });
  auth = { Authorization: `Bearer ${(await issueCredential(server)).token}` };
});
afterAll(async () => {
  await server?.stop();
});

const proposal = () => ({
  jsonrpc: '2.0',
  id: ++n,
  method: 'tools/call',
  params: {
    name: 'propose_chengdu_itinerary',
    arguments: { dayCount: 1, rhythm: 'balanced', discovery: 'blend', atmosphere: 'mixed', idempotencyKey: `batch-limit-${n}-${Date.now()}` },
  },
});
const batchOf = (count: number) => rpc(server.url, Array.from({ length: count }, proposal), { headers: auth, protocolVersion: '2025-03-26' });
const drafts = async () =>
  Number(
    (
      await server.database.db
        .selectFrom('drafts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('batches under the shared write limit', () => {
  it('refuses a batch of 200 proposals before any work', async () => {
    const answer = await batchOf(200);
    expect(answer.status).toBe(400);
    expect(answer.json.error.message).toContain('at most 100');
    expect(await drafts()).toBe(0);
  });

  it('counts every call of a batch: six proposals under a limit of five are refused whole', async () => {
    const answer = await batchOf(6);
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answer.json.error.code).toBe('rate_limited');
    expect(await drafts()).toBe(0);
  });

  it('lets a batch within the limit through, each call taking one write of the window', async () => {
    // The refused batch above counted too; start a fresh window for a fresh owner.
    auth = { Authorization: `Bearer ${(await issueCredential(server, { email: 'second@example.com' })).token}` };
    const three = await batchOf(3);
    expect(three.status).toBe(200);
    expect(three.json.every((m: any) => m.result.isError === undefined)).toBe(true);
    expect(await drafts()).toBe(3);
    // Three more would make six: refused whole, and a refused request uses none of the allowance,
    // so two more still fit and a third does not.
    expect((await batchOf(3)).status).toBe(429);
    expect(await drafts()).toBe(3);
    expect((await batchOf(2)).status).toBe(200);
    expect((await batchOf(1)).status).toBe(429);
    expect(await drafts()).toBe(5);
  });
});
