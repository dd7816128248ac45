/**
 * Limits around the planning writes: the shared per-owner rate limit (HTTP 429 with Retry-After)
 * and drafts that expire seven days after creation (server clock injected).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc } from '@agent-products/kit/testing';
import { issueCredential, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

const DAY = 24 * 3600 * 1000;
const base = { dayCount: 1, rhythm: 'balanced', discovery: 'blend', atmosphere: 'mixed' } as const;
let now = Date.now();
let server: RunningChengdu;
let token: string;
let n = 0;

beforeAll(async () => {
  server = await startChengdu({ clock: () => new Date(now), writesPerMinute: 5 });
  token = (await issueCredential(server, { now: new Date(now) })).token;
});

/** Credentials live at most a day, by the server's clock: moving the clock needs a fresh one. */
async function moveClock(ms: number) {
  now += ms;
  token = (await issueCredential(server, { now: new Date(now) })).token;
}
afterAll(async () => {
  await server?.stop();
});

function write(name: string, args: Record<string, unknown>) {
  return rpc(
    server.url,
    { jsonrpc: '2.0', id: ++n, method: 'tools/call', params: { name, arguments: { ...args, idempotencyKey: `limits-${n}-${Math.random()}` } } },
    { headers: { Authorization: `Bearer ${token}` } },
  );
}

describe('draft expiry', () => {
  it('refuses to confirm a draft seven days after it was created, and its page would have expired then too', async () => {
    const draft = (await write('propose_chengdu_itinerary', base)).json.result.structuredContent;
    expect(Date.parse(draft.expiresAt) - Date.parse(draft.createdAt)).toBe(7 * DAY);
    await moveClock(7 * DAY);
    const late = await write('confirm_chengdu_draft', {
      draftRef: draft.draftRef,
      expectedRevision: 1,
      expectedContentHash: draft.contentHash,
      confirmation: { action: 'publish' },
    });
    expect(late.json.result.structuredContent.error.code).toBe('draft_expired');
  });

  it('a page confirmed on day six expires with its draft on day seven', async () => {
    const draft = (await write('propose_chengdu_itinerary', base)).json.result.structuredContent;
    await moveClock(6 * DAY);
    const confirmed = await write('confirm_chengdu_draft', {
      draftRef: draft.draftRef,
      expectedRevision: 1,
      expectedContentHash: draft.contentHash,
      confirmation: { action: 'publish' },
    });
    const pageUrl = confirmed.json.result.structuredContent.publication.pageUrl;
    expect((await fetch(pageUrl)).status).toBe(200);
    await moveClock(DAY);
    const gone = await fetch(pageUrl);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toMatch(/expired/);
  });
});

describe('the shared per-owner rate limit', () => {
  it('answers HTTP 429 with Retry-After once the owner exceeds the limit, and never for public reads', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 8; i++) {
      const answer = await write('propose_chengdu_itinerary', base);
      statuses.push(answer.status);
      if (answer.status === 429) retryAfter = answer.headers.get('retry-after');
    }
    expect(statuses).toContain(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    const read = await rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_chengdu_scenes', arguments: {} } });
    expect(read.status).toBe(200);
  });
});
