/**
 * Planning from the owner's web form counts against the same per-owner write limit as the
 * planning tools, with the limit in the database and in Redis: with three writes a minute, two
 * tool writes and one web plan are admitted, and then both a tool write (429) and a web plan
 * (429, "Too many planning changes") are refused, and no fourth draft exists.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc } from '@agent-products/kit/testing';
import { issueCredential, signInOwner, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

const CHOICES = { dayCount: '1', rhythm: 'balanced', discovery: 'blend', atmosphere: 'mixed' };

describe.each([
  ['the database', undefined],
  ['Redis', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'],
])('the write limit in %s', (_store, redisUrl) => {
  let server: RunningChengdu;
  let token: string;
  let cookie: string;
  beforeAll(async () => {
    server = await startChengdu({ writesPerMinute: 3, ...(redisUrl ? { redisUrl } : {}) });
    token = (await issueCredential(server)).token;
    cookie = (await signInOwner(server)).cookie;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const toolWrite = async () =>
    (
      await rpc(
        server.url,
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'propose_chengdu_itinerary', arguments: { ...CHOICES, dayCount: 1, idempotencyKey: `web-limit-${randomBytes(6).toString('hex')}` } },
        },
        { headers: { Authorization: `Bearer ${token}` } },
      )
    ).status;

  async function webPlan(): Promise<{ status: number; html: string }> {
    const home = await (await fetch(`${server.url}/`, { headers: { Cookie: cookie } })).text();
    const form = /<form method="post" action="\/plan"[\s\S]*?<\/form>/.exec(home)![0];
    const body = new URLSearchParams(CHOICES);
    for (const input of form.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"/g)) body.set(input[1]!, input[2]!);
    const response = await fetch(`${server.url}/plan`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url, Cookie: cookie },
      body,
    });
    return { status: response.status, html: await response.text() };
  }

  const drafts = async () => (await server.database.db.selectFrom('drafts').select('draft_ref').execute()).length;

  it('counts web plans and tool writes together', async () => {
    expect(await toolWrite()).toBe(200);
    expect(await toolWrite()).toBe(200);
    const admitted = await webPlan();
    expect(admitted.status, admitted.html.slice(0, 300)).not.toBe(429);
    expect(await drafts()).toBe(3);

    expect(await toolWrite()).toBe(429);
    const refused = await webPlan();
    expect(refused.status).toBe(429);
    expect(refused.html).toContain('Too many planning changes');
    expect(await drafts()).toBe(3);
  });
});
