/**
 * The agent's whole planning flow over real HTTP with the official MCP client: search → details →
 * propose with a selection → revise → confirm → fetch the page, with idempotent replays, every
 * refusal before a draft exists, conflicts, staleness and the credential's 401s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { connectClient, rpc } from '@agent-products/kit/testing';
import { BUNDLED_VERSION, derivedRelease, issueCredential, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

let server: RunningChengdu;
let agent: Client;
let token: string;
let keyCounter = 0;
const key = () => `test-key-${++keyCounter}-${Date.now()}`;

beforeAll(async () => {
  server = await startChengdu();
  token = (await issueCredential(server)).token;
  agent = await connectClient(server.url, { Authorization: `Bearer ${token}` });
});
afterAll(async () => {
  await agent?.close();
  await server?.stop();
});

async function call(name: string, args: Record<string, unknown>) {
  const result = await agent.callTool({ name, arguments: args });
  return { isError: result.isError === true, data: result.structuredContent as any, text: (result.content as Array<{ text: string }>)[0]!.text };
}

const base = { dayCount: 2, rhythm: 'balanced', discovery: 'blend', atmosphere: 'quiet' } as const;

describe('the whole agent flow', () => {
  it('search → details → propose with selection → revise → confirm → page', async () => {
    const search = await call('search_chengdu_scenes', { query: '熊猫' });
    const panda = search.data.results.find((r: any) => r.cardId === 'panda-base');
    const details = await call('get_chengdu_scene', { cardId: panda.cardId, catalogVersion: panda.catalogVersion });
    const teahouse = await call('get_chengdu_scene', { cardId: 'peoples-park-heming', catalogVersion: panda.catalogVersion });

    const draft = await call('propose_chengdu_itinerary', {
      ...base,
      sceneSelection: [details.data.selection, teahouse.data.selection],
      idempotencyKey: key(),
    });
    expect(draft.isError).toBe(false);
    expect(draft.data).toMatchObject({ revision: 1, status: 'draft', catalogVersion: panda.catalogVersion });
    expect(draft.data.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(draft.data)).not.toMatch(/\/p\//);
    const placed = draft.data.days.flatMap((d: any) => d.scenes.map((s: any) => s.cardId));
    expect(placed).toEqual(expect.arrayContaining(['panda-base', 'peoples-park-heming']));
    expect(placed).toHaveLength(4);
    expect(draft.data.limitations.length).toBeGreaterThan(2);

    const dropped = draft.data.days.flatMap((d: any) => d.scenes).find((s: any) => s.placement === 'recommended').cardId;
    const revised = await call('revise_chengdu_draft', {
      draftRef: draft.data.draftRef,
      expectedRevision: 1,
      expectedContentHash: draft.data.contentHash,
      revisionIntent: { type: 'exclude_card', cardId: 'peoples-park-heming' },
      idempotencyKey: key(),
    });
    expect(revised.data.revision).toBe(2);
    expect(revised.data.requiredCardIds).toEqual(['panda-base']);
    expect(revised.data.excludedCardIds).toEqual(['peoples-park-heming']);
    const afterRevision = revised.data.days.flatMap((d: any) => d.scenes.map((s: any) => s.cardId));
    expect(afterRevision).toContain('panda-base');
    expect(afterRevision).not.toContain('peoples-park-heming');
    expect(dropped).toBeTruthy();

    const confirmed = await call('confirm_chengdu_draft', {
      draftRef: draft.data.draftRef,
      expectedRevision: 2,
      expectedContentHash: revised.data.contentHash,
      confirmation: { action: 'publish' },
      idempotencyKey: key(),
    });
    expect(confirmed.isError).toBe(false);
    const pageUrl: string = confirmed.data.publication.pageUrl;
    expect(pageUrl).toMatch(new RegExp(`^${server.url}/p/[A-Za-z0-9_-]{43}$`));

    const page = await fetch(pageUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('x-robots-tag')).toMatch(/noindex/);
    const html = await page.text();
    expect(html).toContain('成都大熊猫繁育研究基地');
    expect(html).toContain('noindex');
    expect(html).toMatch(/openstreetmap\.org/);
  });
});

describe('refusals before any draft exists', () => {
  const version = BUNDLED_VERSION;
  it('too many required scenes lists them all with the capacity', async () => {
    const ids = ['wenshu-monastery', 'panda-base', 'jinli'];
    const result = await call('propose_chengdu_itinerary', {
      ...base,
      dayCount: 1,
      rhythm: 'balanced',
      sceneSelection: { catalogVersion: version, requiredCardIds: ids },
      idempotencyKey: key(),
    });
    expect(result.data.error).toMatchObject({ code: 'too_many_required_scenes', details: { cardIds: ids, capacity: 2 } });
  });

  it('required scenes that fit the capacity but no doable days are refused with the fewest days, and no draft is written', async () => {
    const draftsBefore = (await server.database.db.selectFrom('drafts').select('draft_ref').execute()).length;
    // Xiling and Sanxingdui lie 102 km apart on opposite sides of Chengdu: with a city scene, three days.
    const ids = ['xiling-snow-mountain', 'sanxingdui', 'kuanzhai-alley'];
    const result = await call('propose_chengdu_itinerary', {
      ...base,
      sceneSelection: { catalogVersion: version, requiredCardIds: ids },
      idempotencyKey: key(),
    });
    expect(result.isError).toBe(true);
    expect(result.data.error).toMatchObject({
      code: 'too_many_required_scenes',
      retryable: false,
      details: {
        cardIds: ids,
        capacity: 4,
        dayCount: 2,
        rhythm: 'balanced',
        fewestDays: 3,
        doableDays: [['xiling-snow-mountain'], ['sanxingdui'], ['kuanzhai-alley']],
        apart: expect.arrayContaining([{ cardIds: ['xiling-snow-mountain', 'sanxingdui'], reason: 'far_apart' }]),
      },
    });
    expect(result.text).toContain('too_many_required_scenes');
    expect(result.text).toContain('at least 3 balanced day(s)');
    expect((await server.database.db.selectFrom('drafts').select('draft_ref').execute()).length).toBe(draftsBefore);

    const enough = await call('propose_chengdu_itinerary', {
      ...base,
      dayCount: 3,
      sceneSelection: { catalogVersion: version, requiredCardIds: ids },
      idempotencyKey: key(),
    });
    expect(enough.isError).toBe(false);
    const days = enough.data.days.map((d: any) => d.scenes.map((scene: any) => scene.cardId));
    expect(days).toEqual(expect.arrayContaining([['xiling-snow-mountain'], ['sanxingdui']]));
  });

  it('an evening show ends its day, and an overnight outing tells the agent to plan the night', async () => {
    const result = await call('propose_chengdu_itinerary', {
      ...base,
      rhythm: 'full',
      sceneSelection: { catalogVersion: version, requiredCardIds: ['shufeng-yayun', 'wenshu-monastery', 'mount-emei'] },
      idempotencyKey: key(),
    });
    expect(result.isError).toBe(false);
    const days = result.data.days.map((d: any) => d.scenes.map((scene: any) => scene.cardId));
    expect(days).toContainEqual(['mount-emei']);
    expect(days.find((day: string[]) => day.includes('shufeng-yayun')).at(-1)).toBe('shufeng-yayun');
    expect(result.text).toMatch(/Mount Emei .*usually overnight: plan the night away/);
  });

  it('unknown IDs (required or excluded) are all listed', async () => {
    const result = await call('propose_chengdu_itinerary', {
      ...base,
      excludedCardIds: ['nowhere-2'],
      sceneSelection: { catalogVersion: version, requiredCardIds: ['nowhere-1', 'jinli'] },
      idempotencyKey: key(),
    });
    expect(result.data.error).toMatchObject({ code: 'unknown_card_ids', details: { cardIds: ['nowhere-1', 'nowhere-2'] } });
  });

  it('an ID both required and excluded is a conflict', async () => {
    const result = await call('propose_chengdu_itinerary', {
      ...base,
      excludedCardIds: ['jinli'],
      sceneSelection: { catalogVersion: version, requiredCardIds: ['jinli'] },
      idempotencyKey: key(),
    });
    expect(result.data.error).toMatchObject({ code: 'selection_conflict', details: { cardIds: ['jinli'] } });
  });

  it('mixed and unknown catalog versions are refused naming the current one', async () => {
    const mixed = await call('propose_chengdu_itinerary', {
      ...base,
      sceneSelection: [
        { catalogVersion: version, requiredCardIds: ['jinli'] },
        { catalogVersion: '2025-01-01.1', requiredCardIds: ['wenshu-monastery'] },
      ],
      idempotencyKey: key(),
    });
    expect(mixed.data.error.code).toBe('mixed_catalog_versions');
    // A version that was never published is unknown, as get_chengdu_scene says; a replaced one is stale (below).
    const unknown = await call('propose_chengdu_itinerary', {
      ...base,
      sceneSelection: { catalogVersion: '2025-01-01.1', requiredCardIds: ['jinli'] },
      idempotencyKey: key(),
    });
    expect(unknown.data.error).toMatchObject({
      code: 'unknown_catalog_version',
      details: { requestedCatalogVersion: '2025-01-01.1', currentCatalogVersion: version },
    });
  });

  it('a selectionOnly outing is never added unless required, and placed when required', async () => {
    const free = await call('propose_chengdu_itinerary', { ...base, dayCount: 3, rhythm: 'full', idempotencyKey: key() });
    expect(free.data.days.flatMap((d: any) => d.scenes).some((s: any) => s.selectionOnly)).toBe(false);
    const chosen = await call('propose_chengdu_itinerary', {
      ...base,
      dayCount: 2,
      rhythm: 'full',
      sceneSelection: { catalogVersion: version, requiredCardIds: ['dujiangyan'] },
      idempotencyKey: key(),
    });
    const outingDay = chosen.data.days.find((d: any) => d.scenes.some((s: any) => s.cardId === 'dujiangyan'));
    expect(outingDay.scenes).toHaveLength(1);
  });

  it('the same inputs against the same release give the same draft content', async () => {
    const a = await call('propose_chengdu_itinerary', { ...base, idempotencyKey: key() });
    const b = await call('propose_chengdu_itinerary', { ...base, idempotencyKey: key() });
    expect(a.data.draftRef).not.toBe(b.data.draftRef);
    expect(a.data.contentHash).toBe(b.data.contentHash);
    expect(a.data.days).toEqual(b.data.days);
  });
});

describe('idempotency', () => {
  it('the same key and arguments return the identical stored answer; other arguments conflict', async () => {
    const k = key();
    const first = await call('propose_chengdu_itinerary', { ...base, idempotencyKey: k });
    const again = await call('propose_chengdu_itinerary', { ...base, idempotencyKey: k });
    expect(again.data).toEqual(first.data);
    const other = await call('propose_chengdu_itinerary', { ...base, dayCount: 1, idempotencyKey: k });
    expect(other.data.error.code).toBe('idempotency_conflict');
  });

  it('a proposal replayed after its draft was revised is still the first answer', async () => {
    const k = key();
    const first = await call('propose_chengdu_itinerary', { ...base, idempotencyKey: k });
    const revised = await call('revise_chengdu_draft', {
      draftRef: first.data.draftRef,
      expectedRevision: 1,
      expectedContentHash: first.data.contentHash,
      revisionIntent: { type: 'exclude_card', cardId: first.data.days[0].scenes[0].cardId },
      idempotencyKey: key(),
    });
    expect(revised.data.revision).toBe(2);
    const again = await call('propose_chengdu_itinerary', { ...base, idempotencyKey: k });
    expect(again.data).toEqual(first.data);
  });

  it('50 concurrent identical retries create exactly one draft', async () => {
    const k = key();
    const before = await countDrafts();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        rpc(
          server.url,
          { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'propose_chengdu_itinerary', arguments: { ...base, idempotencyKey: k } } },
          { headers: { Authorization: `Bearer ${token}` } },
        ),
      ),
    );
    const refs = new Set(answers.map((a) => a.json.result.structuredContent.draftRef));
    expect(refs.size).toBe(1);
    expect((await countDrafts()) - before).toBe(1);
  });
});

describe('revisions and confirmation are exact', () => {
  async function freshDraft() {
    return (await call('propose_chengdu_itinerary', { ...base, idempotencyKey: key() })).data;
  }

  it('a stale revision or hash is a conflict carrying the current ones, and changes nothing', async () => {
    const draft = await freshDraft();
    const cardId = draft.days[0].scenes[0].cardId;
    const wrongHash = await call('revise_chengdu_draft', {
      draftRef: draft.draftRef,
      expectedRevision: 1,
      expectedContentHash: '0'.repeat(64),
      revisionIntent: { type: 'exclude_card', cardId },
      idempotencyKey: key(),
    });
    expect(wrongHash.data.error).toMatchObject({ code: 'revision_conflict', details: { currentRevision: 1, currentContentHash: draft.contentHash } });
    const confirmStale = await call('confirm_chengdu_draft', {
      draftRef: draft.draftRef,
      expectedRevision: 2,
      expectedContentHash: draft.contentHash,
      confirmation: { action: 'publish' },
      idempotencyKey: key(),
    });
    expect(confirmStale.data.error.code).toBe('revision_conflict');
  });

  it('refuses anything but an exact publish confirmation, and a second confirmation', async () => {
    const draft = await freshDraft();
    const pointer = { draftRef: draft.draftRef, expectedRevision: 1, expectedContentHash: draft.contentHash };
    const wrong = await call('confirm_chengdu_draft', { ...pointer, confirmation: { action: 'save' }, idempotencyKey: key() });
    expect(wrong.data.error).toMatchObject({ code: 'invalid_arguments' });
    const ok = await call('confirm_chengdu_draft', { ...pointer, confirmation: { action: 'publish' }, idempotencyKey: key() });
    expect(ok.isError).toBe(false);
    const twice = await call('confirm_chengdu_draft', { ...pointer, confirmation: { action: 'publish' }, idempotencyKey: key() });
    expect(twice.data.error.code).toBe('draft_already_confirmed');
  });

  it('excluding a scene that is not in the draft is refused', async () => {
    const draft = await freshDraft();
    const absent = ['dujiangyan', 'sanxingdui'].find((id) => !JSON.stringify(draft.days).includes(id))!;
    const result = await call('revise_chengdu_draft', {
      draftRef: draft.draftRef,
      expectedRevision: 1,
      expectedContentHash: draft.contentHash,
      revisionIntent: { type: 'exclude_card', cardId: absent },
      idempotencyKey: key(),
    });
    expect(result.data.error.code).toBe('card_not_in_draft');
  });
});

describe('credentials', () => {
  const propose = (headers: Record<string, string>) =>
    rpc(
      server.url,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'propose_chengdu_itinerary', arguments: { ...base, idempotencyKey: key() } } },
      { headers },
    );

  it('public tools need no credential; writes without one are HTTP 401 with WWW-Authenticate', async () => {
    const publicCall = await rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_chengdu_scenes', arguments: {} } });
    expect(publicCall.status).toBe(200);
    const missing = await propose({});
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Bearer realm="chengdu-soul"/);
    const wrong = await propose({ Authorization: 'Bearer csa_not-a-real-credential' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    const basic = await propose({ Authorization: 'Basic dXNlcjpwYXNz' });
    expect(basic.status).toBe(401);
  });

  it('is not accepted from a query string or a cookie', async () => {
    const answer = await fetch(`${server.url}/mcp?access_token=${token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', Cookie: `access_token=${token}` },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'propose_chengdu_itinerary', arguments: { ...base, idempotencyKey: key() } },
      }),
    });
    expect(answer.status).toBe(401);
  });

  it('revocation takes effect on the next request (expiry: credential-expiry.test.ts)', async () => {
    const issued = await issueCredential(server);
    expect((await propose({ Authorization: `Bearer ${issued.token}` })).status).toBe(200);
    await server.service.credentials.revoke(issued.credentialId, new Date());
    const revoked = await propose({ Authorization: `Bearer ${issued.token}` });
    expect(revoked.status).toBe(401);
    expect(revoked.json.error.reason).toBe('revoked');
  });

  it('a credential for another audience is invalid here', async () => {
    await server.service.credentials.approveAccount('owner@example.com');
    const foreign = await server.service.credentials.issue({ audience: 'http://127.0.0.1:1/mcp', hours: 1, label: 'x', now: new Date() });
    expect((await propose({ Authorization: `Bearer ${foreign.token}` })).status).toBe(401);
  });

  it('refuses a lifetime over 24 hours', async () => {
    await expect(issueCredential(server, { hours: 25 })).rejects.toThrow(RangeError);
  });
});

describe('a new catalog release', () => {
  it('makes an unconfirmed old draft stale for revision and confirmation; saved pages keep their snapshot', async () => {
    const draft = (await call('propose_chengdu_itinerary', { ...base, idempotencyKey: key() })).data;
    const saved = (await call('propose_chengdu_itinerary', { ...base, dayCount: 1, idempotencyKey: key() })).data;
    const confirmed = await call('confirm_chengdu_draft', {
      draftRef: saved.draftRef,
      expectedRevision: 1,
      expectedContentHash: saved.contentHash,
      confirmation: { action: 'publish' },
      idempotencyKey: key(),
    });
    const before = await (await fetch(confirmed.data.publication.pageUrl)).text();

    const firstScene = saved.days[0].scenes[0].cardId;
    await server.service.repository.publish(
      derivedRelease(server.release, '2026-12-05.1', (d) => {
        d.scenes.find((s) => s.cardId === firstScene)!.summary = 'A rewritten summary in the new release.';
      }),
    );
    const result = await call('confirm_chengdu_draft', {
      draftRef: draft.draftRef,
      expectedRevision: 1,
      expectedContentHash: draft.contentHash,
      confirmation: { action: 'publish' },
      idempotencyKey: key(),
    });
    expect(result.data.error).toMatchObject({ code: 'draft_catalog_stale', details: { currentCatalogVersion: '2026-12-05.1' } });
    expect(result.data.error.message).toMatch(/[Pp]ropose afresh/);
    const after = await (await fetch(confirmed.data.publication.pageUrl)).text();
    expect(after).toBe(before);
    expect(after).not.toContain('A rewritten summary');
  });
});

async function countDrafts(): Promise<number> {
  const row = await server.database.db
    .selectFrom('drafts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Last in the file: it publishes a release, which changes the current catalog for everything after.
describe('a selection from a replaced release', () => {
  it('is stale_catalog_version, and one from a never-published release unknown_catalog_version', async () => {
    const replaced = server.release.manifest.catalogVersion;
    const next = derivedRelease(server.release, '2099-12-31.1');
    expect((await server.service.repository.publish(next)).status).toBe('published');
    const stale = await call('propose_chengdu_itinerary', {
      ...base,
      sceneSelection: { catalogVersion: replaced, requiredCardIds: ['jinli'] },
      idempotencyKey: key(),
    });
    expect(stale.data.error).toMatchObject({
      code: 'stale_catalog_version',
      details: { requestedCatalogVersion: replaced, currentCatalogVersion: '2099-12-31.1' },
    });
    const unknown = await call('propose_chengdu_itinerary', {
      ...base,
      sceneSelection: { catalogVersion: '2099-12-31.2', requiredCardIds: ['jinli'] },
      idempotencyKey: key(),
    });
    expect(unknown.data.error).toMatchObject({
      code: 'unknown_catalog_version',
      details: { requestedCatalogVersion: '2099-12-31.2', currentCatalogVersion: '2099-12-31.1' },
    });
  });
});
