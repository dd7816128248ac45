/**
 * Publishing release 2026-12-01.2 over 2026-12-01.1 on a live server, as an operator would: a page
 * saved from release 2 (with Mount Emei on it) keeps its stored snapshot and renders byte for byte
 * as before, an unconfirmed release-2 draft turns stale, and on release 3 a proposal that requires
 * day trips fits its capacity, with Mount Emei's day shown as a night away rather than a same-day
 * return.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { connectClient } from '@agent-products/kit/testing';
import { RELEASES_DIR } from '../src/config.ts';
import { readReleaseFolder } from '../src/catalog/read-release.ts';
import { OVERNIGHT_SHORT } from '../src/web/traveler-page.tsx';
import { issueCredential, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

let server: RunningChengdu;
let agent: Client;
let keyCounter = 0;
const key = () => `release-three-${++keyCounter}-${Date.now()}`;

beforeAll(async () => {
  server = await startChengdu({ publish: false });
  await server.service.repository.publish(readReleaseFolder(join(RELEASES_DIR, '2026-12-01.1')));
  const { token } = await issueCredential(server);
  agent = await connectClient(server.url, { Authorization: `Bearer ${token}` });
});
afterAll(async () => {
  await agent?.close();
  await server?.stop();
});

async function call(name: string, args: Record<string, unknown>) {
  const result = await agent.callTool({ name, arguments: args });
  return result.structuredContent as any;
}

async function confirm(draft: any) {
  return call('confirm_chengdu_draft', {
    draftRef: draft.draftRef,
    expectedRevision: draft.revision,
    expectedContentHash: draft.contentHash,
    confirmation: { action: 'publish' },
    idempotencyKey: key(),
  });
}

const storedSnapshots = async () =>
  (await server.database.db.selectFrom('pages').select(['token', 'snapshot']).orderBy('token').execute()).map((row) => JSON.stringify(row));

describe('publishing release 3 over release 2', () => {
  it('keeps the saved page and its snapshot, makes the open draft stale, and plans required day trips within capacity', async () => {
    const preferences = { dayCount: 2, rhythm: 'balanced', discovery: 'iconic', atmosphere: 'lively' } as const;
    const selection = { catalogVersion: '2026-12-01.1', requiredCardIds: ['mount-emei', 'kuanzhai-alley'] };
    const open = await call('propose_chengdu_itinerary', { ...preferences, sceneSelection: selection, idempotencyKey: key() });
    const saved = await call('propose_chengdu_itinerary', { ...preferences, sceneSelection: selection, idempotencyKey: key() });
    expect(saved.days.flatMap((d: any) => d.scenes).find((s: any) => s.cardId === 'mount-emei')).not.toHaveProperty('usuallyOvernight');
    const confirmed = await confirm(saved);
    const before = await (await fetch(confirmed.publication.pageUrl)).text();
    const snapshotsBefore = await storedSnapshots();
    expect(before).toContain('optional day trip you chose');
    expect(before).toContain('Kuanzhai Alley');

    const outcome = await server.service.repository.publish(readReleaseFolder(join(RELEASES_DIR, '2026-12-01.2')));
    expect(outcome).toMatchObject({ status: 'published', catalogVersion: '2026-12-01.2' });

    const after = await (await fetch(confirmed.publication.pageUrl)).text();
    expect(after).toBe(before);
    expect(after).not.toContain(OVERNIGHT_SHORT);
    expect(await storedSnapshots()).toEqual(snapshotsBefore);

    const stale = await confirm(open);
    expect(stale.error).toMatchObject({ code: 'draft_catalog_stale', details: { currentCatalogVersion: '2026-12-01.2' } });
    const old = await call('get_chengdu_scene', { cardId: 'mount-emei', catalogVersion: '2026-12-01.1' });
    expect(old.error).toMatchObject({ code: 'stale_catalog_version', details: { currentCatalogVersion: '2026-12-01.2' } });

    // Two outings and two city scenes in three balanced days: 4 of 6, and each outing keeps a day to itself.
    const required = ['mount-emei', 'dujiangyan-panda-base', 'kuanzhai-alley', 'wenshu-monastery'];
    const full = await call('propose_chengdu_itinerary', {
      dayCount: 3,
      rhythm: 'balanced',
      discovery: 'blend',
      atmosphere: 'mixed',
      sceneSelection: { catalogVersion: '2026-12-01.2', requiredCardIds: required },
      idempotencyKey: key(),
    });
    expect(full.error).toBeUndefined();
    expect(full.catalogVersion).toBe('2026-12-01.2');
    const days = full.days.map((d: any) => d.scenes.map((s: any) => s.cardId).sort());
    expect(days.flat().sort()).toEqual([...required].sort());
    expect(days).toEqual(expect.arrayContaining([['mount-emei'], ['dujiangyan-panda-base'], ['kuanzhai-alley', 'wenshu-monastery']]));
    expect(full.openSlots).toBe(0);
    const emei = full.days.flatMap((d: any) => d.scenes).find((s: any) => s.cardId === 'mount-emei');
    expect(emei).toMatchObject({ selectionOnly: true, usuallyOvernight: true, placement: 'required' });
    expect(
      full.days
        .flatMap((d: any) => d.scenes)
        .filter((s: any) => s.usuallyOvernight)
        .map((s: any) => s.cardId),
    ).toEqual(['mount-emei']);

    const tooMany = await call('propose_chengdu_itinerary', {
      dayCount: 2,
      rhythm: 'spacious',
      discovery: 'blend',
      atmosphere: 'mixed',
      sceneSelection: { catalogVersion: '2026-12-01.2', requiredCardIds: ['mount-emei', 'xiling-snow-mountain', 'sichuan-cuisine-museum'] },
      idempotencyKey: key(),
    });
    expect(tooMany.error).toMatchObject({ code: 'too_many_required_scenes', details: { capacity: 2 } });

    const page = await (await fetch((await confirm(full)).publication.pageUrl)).text();
    expect(page).toContain(`optional outing you chose · ${OVERNIGHT_SHORT}`);
    expect(page).toMatch(new RegExp(`峨眉山</span>\\s*</a>\\s*<span class="overnight"> \\(${OVERNIGHT_SHORT}\\)</span>`));
    expect(page.match(/optional day trip you chose/g)).toHaveLength(1);
  });

  it('finds the new scenes by name and says plainly what the catalog does not cover', async () => {
    const base = await call('search_chengdu_scenes', { query: 'Dujiangyan Panda Base' });
    expect(base.results[0]).toMatchObject({ cardId: 'dujiangyan-panda-base', catalogVersion: '2026-12-01.2', selectionOnly: true });
    const emei = await call('get_chengdu_scene', { cardId: 'mount-emei', catalogVersion: '2026-12-01.2' });
    expect(emei.usuallyOvernight).toBe(true);
    expect(emei.notices.join(' ')).toMatch(/not present that day as a same-day return/);
    const listing = await agent.callTool({ name: 'list_chengdu_scenes', arguments: {} });
    expect((listing.structuredContent as any).limits.coverage).toMatch(/Jiuzhaigou and other multi-day destinations are not covered/);
    expect((listing.content as Array<{ text: string }>)[0]!.text).toMatch(/Jiuzhaigou and other multi-day destinations are not covered/);
  });
});
