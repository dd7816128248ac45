/**
 * Fifty agents revise one draft at once, all from revision 1. Exactly one wins; every loser is
 * told `revision_conflict` with the draft's current revision and contentHash (never
 * `draft_not_found` for a draft that exists). Meant for PostgreSQL, where the writers really race
 * under READ COMMITTED (CI runs it there with DATABASE_URL); on PGlite they queue, and the same
 * answers are due.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc, testDatabaseKind } from '@agent-products/kit/testing';
import { issueCredential, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

const RACERS = 50;
let server: RunningChengdu;
let auth: Record<string, string>;

beforeAll(async () => {
  server = await startChengdu({ writesPerMinute: 1_000_000 });
  auth = { Authorization: `Bearer ${(await issueCredential(server)).token}` };
});
afterAll(async () => {
  await server?.stop();
});

const call = (name: string, args: Record<string, unknown>) =>
  rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, { headers: auth });

describe(`${RACERS} concurrent revisions of one draft on ${testDatabaseKind()}`, () => {
  it('have one winner and give every loser revision_conflict with the current revision and hash', async () => {
    const draft = (
      await call('propose_chengdu_itinerary', { dayCount: 3, rhythm: 'full', discovery: 'blend', atmosphere: 'mixed', idempotencyKey: `race-${Date.now()}` })
    ).json.result.structuredContent;
    const scenes: string[] = draft.days.flatMap((day: any) => day.scenes.map((scene: any) => scene.cardId));
    const answers = await Promise.all(
      Array.from({ length: RACERS }, (_, i) =>
        call('revise_chengdu_draft', {
          draftRef: draft.draftRef,
          expectedRevision: 1,
          expectedContentHash: draft.contentHash,
          revisionIntent: { type: 'exclude_card', cardId: scenes[i % scenes.length] },
          idempotencyKey: `racer-${i}-${Date.now()}`,
        }),
      ),
    );
    const winners = answers.filter((a) => a.json.result.isError === undefined);
    expect(winners).toHaveLength(1);
    const current = winners[0]!.json.result.structuredContent;
    expect(current.revision).toBe(2);
    const codes = answers.filter((a) => a.json.result.isError).map((a) => a.json.result.structuredContent.error);
    expect(codes.map((e) => e.code)).toEqual(Array(RACERS - 1).fill('revision_conflict'));
    for (const error of codes) expect(error.details).toMatchObject({ currentRevision: 2, currentContentHash: current.contentHash, expectedRevision: 1 });
  });
});
