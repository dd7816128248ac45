/**
 * Planning from the owner's web form counts against the same per-owner write limit as the
 * planning tools, with the limit in the database and in Redis: with three writes a minute, two
 * tool writes and one web plan are admitted, and then both a tool write (429) and a web plan
 * (429, "Too many planning changes") are refused, and no fourth draft exists. A resent form,
 * answered from storage, uses none of the allowance.
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

  /** The planning form as `/` renders it now, filled with CHOICES. */
  async function planningForm(): Promise<URLSearchParams> {
    const home = await (await fetch(`${server.url}/`, { headers: { Cookie: cookie } })).text();
    const form = /<form method="post" action="\/plan"[\s\S]*?<\/form>/.exec(home)![0];
    const body = new URLSearchParams(CHOICES);
    for (const input of form.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"/g)) body.set(input[1]!, input[2]!);
    return body;
  }

  async function webPlan(body?: URLSearchParams): Promise<{ status: number; html: string }> {
    body ??= await planningForm();
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

  it('does not count a resent form, answered from storage, against the limit', async () => {
    // A fresh server, so a fresh owner account (accounts are random ids) with a fresh window.
    await server.stop();
    server = await startChengdu({ writesPerMinute: 3, ...(redisUrl ? { redisUrl } : {}) });
    token = (await issueCredential(server)).token;
    cookie = (await signInOwner(server)).cookie;
    const form = await planningForm();
    expect((await webPlan(form)).status).toBe(200);
    const before = await drafts();
    // The same rendered form sent three more times: one draft, and the allowance untouched...
    for (let i = 0; i < 3; i++) expect((await webPlan(form)).status).toBe(200);
    expect(await drafts()).toBe(before);
    // ...so two of the three writes are still there.
    expect(await toolWrite()).toBe(200);
    expect(await toolWrite()).toBe(200);
    expect(await toolWrite()).toBe(429);
  });
});
