/**
 * Publishing release 2026-12-01.1 over 2026-11-30.1 on a live server, as an operator would: an
 * unconfirmed draft of release 1 turns stale, a page saved from release 1 keeps its snapshot, and
 * a detail asked for at the old version says stale and names the new one.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { connectClient } from '@agent-products/kit/testing';
import { RELEASES_DIR } from '../src/config.ts';
import { readReleaseFolder } from '../src/catalog/read-release.ts';
import { issueCredential, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

let server: RunningChengdu;
let agent: Client;
let keyCounter = 0;
const key = () => `release-two-${++keyCounter}-${Date.now()}`;

beforeAll(async () => {
  server = await startChengdu({ publish: false });
  await server.service.repository.publish(readReleaseFolder(join(RELEASES_DIR, '2026-11-30.1')));
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

describe('publishing release 2 over release 1', () => {
  it('makes the open draft stale, keeps the saved page, and points old details at the new version', async () => {
    const taikoo = await call('get_chengdu_scene', { cardId: 'taikoo-li', catalogVersion: '2026-11-30.1' });
    expect(taikoo.name.en).toBe('Sino-Ocean Taikoo Li');
    const preferences = { dayCount: 1, rhythm: 'balanced', discovery: 'iconic', atmosphere: 'lively' } as const;
    const open = await call('propose_chengdu_itinerary', { ...preferences, sceneSelection: [taikoo.selection], idempotencyKey: key() });
    const saved = await call('propose_chengdu_itinerary', { ...preferences, sceneSelection: [taikoo.selection], idempotencyKey: key() });
    const confirmed = await call('confirm_chengdu_draft', {
      draftRef: saved.draftRef,
      expectedRevision: 1,
      expectedContentHash: saved.contentHash,
      confirmation: { action: 'publish' },
      idempotencyKey: key(),
    });
    const before = await (await fetch(confirmed.publication.pageUrl)).text();
    expect(before).toContain('Sino-Ocean Taikoo Li');

    const outcome = await server.service.repository.publish(readReleaseFolder(join(RELEASES_DIR, '2026-12-01.1')));
    expect(outcome).toMatchObject({ status: 'published', catalogVersion: '2026-12-01.1' });

    const stale = await call('confirm_chengdu_draft', {
      draftRef: open.draftRef,
      expectedRevision: 1,
      expectedContentHash: open.contentHash,
      confirmation: { action: 'publish' },
      idempotencyKey: key(),
    });
    expect(stale.error).toMatchObject({ code: 'draft_catalog_stale', details: { currentCatalogVersion: '2026-12-01.1' } });

    const after = await (await fetch(confirmed.publication.pageUrl)).text();
    expect(after).toBe(before);
    expect(after).not.toContain('Taikoo Li Chengdu');

    const old = await call('get_chengdu_scene', { cardId: 'taikoo-li', catalogVersion: '2026-11-30.1' });
    expect(old.error).toMatchObject({
      code: 'stale_catalog_version',
      details: { requestedCatalogVersion: '2026-11-30.1', currentCatalogVersion: '2026-12-01.1' },
    });
    const current = await call('get_chengdu_scene', { cardId: 'taikoo-li', catalogVersion: '2026-12-01.1' });
    expect(current.name).toEqual({ en: 'Taikoo Li Chengdu', zh: '成都太古里' });
    const added = await call('search_chengdu_scenes', { query: '乐山大佛' });
    expect(added.results[0]).toMatchObject({ cardId: 'leshan-giant-buddha', catalogVersion: '2026-12-01.1' });
  });
});
