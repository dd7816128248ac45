/**
 * Only writes use the shared write allowance. Under a limit of three writes a minute, a client
 * retrying a `propose_chengdu_itinerary` that already succeeded gets its stored answer, also at
 * the limit, not 429; replays below the limit leave the allowance as it was; a request refused at
 * the limit (a batch refused whole) gives its calls back, so the owner's next write still fits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc } from '@agent-products/kit/testing';
import { issueCredential, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

let server: RunningChengdu;
let n = 0;

beforeAll(async () => {
  server = await startChengdu({ writesPerMinute: 3 });
});
afterAll(async () => {
  await server?.stop();
});

const proposal = (idempotencyKey: string) => ({
  jsonrpc: '2.0',
  id: ++n,
  method: 'tools/call',
  params: { name: 'propose_chengdu_itinerary', arguments: { dayCount: 1, rhythm: 'balanced', discovery: 'blend', atmosphere: 'mixed', idempotencyKey } },
});
const drafts = async () =>
  Number(
    (
      await server.database.db
        .selectFrom('drafts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function owner(email: string) {
  const headers = { Authorization: `Bearer ${(await issueCredential(server, { email })).token}` };
  const send = (body: unknown) => rpc(server.url, body, { headers, protocolVersion: '2025-03-26' });
  return { send, propose: (key: string) => send(proposal(key)) };
}

describe('the shared write limit counts writes, not replays or refused calls', () => {
  it('answers a replayed proposal at the limit with its stored answer, not 429', async () => {
    const { propose, send } = await owner('replay-at-limit@example.com');
    const first = await propose('replay-at-limit-1');
    expect(first.status).toBe(200);
    const draftRef = first.json.result.structuredContent.draftRef;
    expect(draftRef).toMatch(/^dr_/);
    expect((await propose('replay-at-limit-2')).status).toBe(200);
    expect((await propose('replay-at-limit-3')).status).toBe(200);
    // The allowance is used up: a new write is refused...
    const refused = await propose('replay-at-limit-4');
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe('rate_limited');
    // ...but the retry of a write that succeeded gets what it was told the first time.
    const replay = await propose('replay-at-limit-1');
    expect(replay.status).toBe(200);
    expect(replay.json.result.isError).toBeUndefined();
    expect(replay.json.result.structuredContent).toEqual(first.json.result.structuredContent);
    // A batch of replays alone passes too; one holding a new write is refused whole.
    const replays = await send([proposal('replay-at-limit-2'), proposal('replay-at-limit-3')]);
    expect(replays.status).toBe(200);
    expect(replays.json.map((m: any) => m.result.isError)).toEqual([undefined, undefined]);
    const mixed = await send([proposal('replay-at-limit-2'), proposal('replay-at-limit-5')]);
    expect(mixed.status).toBe(429);
    expect(await drafts()).toBe(3);
  });

  it('leaves the allowance as it was after replays, and gives back the calls of a refused batch', async () => {
    const before = await drafts();
    const { propose, send } = await owner('replay-below-limit@example.com');
    expect((await propose('replay-below-1')).status).toBe(200);
    // Five replays of one write would exhaust a limit of three if they counted.
    for (let i = 0; i < 5; i++) expect((await propose('replay-below-1')).status).toBe(200);
    // Two writes are left: a batch of three is refused whole, and uses none of them.
    expect((await send([proposal('replay-below-2'), proposal('replay-below-3'), proposal('replay-below-4')])).status).toBe(429);
    expect((await send([proposal('replay-below-2'), proposal('replay-below-3')])).status).toBe(200);
    expect((await propose('replay-below-5')).status).toBe(429);
    expect(await drafts()).toBe(before + 3);
  });
});
