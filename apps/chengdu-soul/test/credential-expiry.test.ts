/**
 * An Agent credential stops working when it expires, on the server's own clock: with the clock
 * moved to the expiry instant and past it, a planning write answers 401 with reason `expired`
 * (not `invalid`, not a 200), with the write limit kept in the database (one statement judges and
 * counts) and in Redis. One second before expiry the same credential still writes.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc } from '@agent-products/kit/testing';
import { issueCredential, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

const ISSUED_AT = Date.parse('2026-12-01T09:00:00Z');
const HOURS = 2;

describe.each([
  ['the database', undefined],
  ['Redis', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'],
])('credential expiry with the write limit in %s', (_store, redisUrl) => {
  let now = ISSUED_AT;
  let server: RunningChengdu;
  let token: string;
  beforeAll(async () => {
    server = await startChengdu({ clock: () => new Date(now), ...(redisUrl ? { redisUrl } : {}) });
    token = (await issueCredential(server, { hours: HOURS, now: new Date(ISSUED_AT) })).token;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const propose = () =>
    rpc(
      server.url,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'propose_chengdu_itinerary',
          arguments: { dayCount: 1, rhythm: 'balanced', discovery: 'blend', atmosphere: 'mixed', idempotencyKey: `expiry-${randomBytes(6).toString('hex')}` },
        },
      },
      { headers: { Authorization: `Bearer ${token}` } },
    );

  it('writes until the last second, then answers 401 expired at and after the expiry instant', async () => {
    now = ISSUED_AT + HOURS * 3600_000 - 1000;
    const before = await propose();
    expect(before.status, before.text).toBe(200);
    expect(before.json.result.isError).toBeUndefined();

    for (const at of [ISSUED_AT + HOURS * 3600_000, ISSUED_AT + HOURS * 3600_000 + 1, ISSUED_AT + 30 * 24 * 3600_000]) {
      now = at;
      const after = await propose();
      expect(after.status, new Date(at).toISOString()).toBe(401);
      expect(after.json.error.reason).toBe('expired');
    }
    const drafts = await server.database.db.selectFrom('drafts').select('draft_ref').execute();
    expect(drafts).toHaveLength(1);
  });
});
