/**
 * A removal request honoured: the operator removes a plan by the page link the requester quotes
 * (or its draftRef), and its draft, revisions, page and the stored answers naming it are gone,
 * the link answers 404, and every other plan is untouched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpc } from '@agent-products/kit/testing';
import { PlanRemoval, parseReference } from '../src/privacy/plan-removal.ts';
import { issueCredential, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

let server: RunningChengdu;
let token: string;
let n = 0;

beforeAll(async () => {
  server = await startChengdu();
  token = (await issueCredential(server)).token;
});
afterAll(async () => {
  await server?.stop();
});

async function call(name: string, args: Record<string, unknown>) {
  const answer = await rpc(
    server.url,
    { jsonrpc: '2.0', id: ++n, method: 'tools/call', params: { name, arguments: args } },
    { headers: { Authorization: `Bearer ${token}` } },
  );
  return answer.json.result.structuredContent;
}

/** A proposed, revised and confirmed plan, with the idempotency keys it used. */
async function confirmedPlan(label: string) {
  const keys = [`${label}-propose-${Date.now()}`, `${label}-revise-${Date.now()}`, `${label}-confirm-${Date.now()}`];
  const draft = await call('propose_chengdu_itinerary', { dayCount: 1, rhythm: 'full', discovery: 'blend', atmosphere: 'mixed', idempotencyKey: keys[0] });
  const revised = await call('revise_chengdu_draft', {
    draftRef: draft.draftRef,
    expectedRevision: 1,
    expectedContentHash: draft.contentHash,
    revisionIntent: { type: 'exclude_card', cardId: draft.days[0].scenes[0].cardId },
    idempotencyKey: keys[1],
  });
  const confirmed = await call('confirm_chengdu_draft', {
    draftRef: draft.draftRef,
    expectedRevision: revised.revision,
    expectedContentHash: revised.contentHash,
    confirmation: { action: 'publish' },
    idempotencyKey: keys[2],
  });
  return { draftRef: draft.draftRef as string, pageUrl: confirmed.publication.pageUrl as string, keys };
}

async function stored(draftRef: string, keys: string[]) {
  const db = server.database.db;
  const count = async (query: Promise<unknown[]>) => (await query).length;
  return {
    drafts: await count(db.selectFrom('drafts').select('draft_ref').where('draft_ref', '=', draftRef).execute()),
    revisions: await count(db.selectFrom('draft_revisions').select('revision').where('draft_ref', '=', draftRef).execute()),
    pages: await count(db.selectFrom('pages').select('token').where('draft_ref', '=', draftRef).execute()),
    records: await count(db.selectFrom('idempotency_records').select('idempotency_key').where('idempotency_key', 'in', keys).execute()),
  };
}

describe('removing a plan for a removal request', () => {
  it('deletes everything of the plan its page link names, and nothing of any other', async () => {
    const removed = await confirmedPlan('removed');
    const kept = await confirmedPlan('kept');
    expect(await stored(removed.draftRef, removed.keys)).toEqual({ drafts: 1, revisions: 2, pages: 1, records: 3 });
    expect((await fetch(removed.pageUrl)).status).toBe(200);

    const outcome = await new PlanRemoval(server.database.db).remove(`  ${removed.pageUrl}  `);
    expect(outcome).toEqual({ draftRef: removed.draftRef, revisions: 2, pages: 1, idempotencyRecords: 3 });
    expect(await stored(removed.draftRef, removed.keys)).toEqual({ drafts: 0, revisions: 0, pages: 0, records: 0 });
    expect((await fetch(removed.pageUrl)).status).toBe(404);

    expect(await stored(kept.draftRef, kept.keys)).toEqual({ drafts: 1, revisions: 2, pages: 1, records: 3 });
    expect((await fetch(kept.pageUrl)).status).toBe(200);
  });

  it('removes an unconfirmed draft by its draftRef', async () => {
    const draft = await call('propose_chengdu_itinerary', {
      dayCount: 1,
      rhythm: 'spacious',
      discovery: 'local',
      atmosphere: 'quiet',
      idempotencyKey: `draft-only-${Date.now()}`,
    });
    const outcome = await new PlanRemoval(server.database.db).remove(draft.draftRef);
    expect(outcome).toMatchObject({ draftRef: draft.draftRef, revisions: 1, pages: 0, idempotencyRecords: 1 });
    expect(await new PlanRemoval(server.database.db).remove(draft.draftRef)).toBeUndefined();
  });

  it('finds nothing for an unknown link and refuses what is not a reference', async () => {
    expect(await new PlanRemoval(server.database.db).remove(`${server.url}/p/${'x'.repeat(43)}`)).toBeUndefined();
    expect(() => parseReference('drop table drafts')).toThrow(TypeError);
    expect(() => parseReference('')).toThrow(TypeError);
    expect(parseReference('https://example.com/p/abcdefghijklmnopqrstuvwxyz_-0123456789ABCDEFG?utm=x')).toEqual({
      token: 'abcdefghijklmnopqrstuvwxyz_-0123456789ABCDEFG',
    });
  });
});
