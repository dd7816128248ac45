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

// The limit is counted in the same statement as the credential check when it lives in the
// database, and after it when it lives in Redis: both count exactly, and only admitted calls.
describe.each([
  ['the database', undefined],
  ['Redis', process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'],
])('the write limit kept in %s', (_store, redisUrl) => {
  let limited: RunningChengdu;
  let limitedToken: string;
  beforeAll(async () => {
    limited = await startChengdu({ writesPerMinute: 3, ...(redisUrl ? { redisUrl } : {}) });
    limitedToken = (await issueCredential(limited)).token;
  });
  afterAll(async () => {
    await limited?.stop();
  });

  function propose(bearer: string) {
    return rpc(
      limited.url,
      {
        jsonrpc: '2.0',
        id: ++n,
        method: 'tools/call',
        params: { name: 'propose_chengdu_itinerary', arguments: { ...base, idempotencyKey: `limit-${n}-${Math.random()}` } },
      },
      { headers: { Authorization: `Bearer ${bearer}` } },
    );
  }

  it('admits exactly the limit per window, and refused credentials never use it up', async () => {
    for (let i = 0; i < 5; i++) expect((await propose('csa_not-a-real-credential')).status).toBe(401);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await propose(limitedToken)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const drafts = await limited.database.db.selectFrom('drafts').select('draft_ref').execute();
    expect(drafts).toHaveLength(3);
  });
});
