/**
 * The three public tools through the official MCP client over real HTTP: their declared
 * contract in tools/list, every search status, every error branch of get_chengdu_scene, and
 * argument errors that name the field instead of failing the request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { connectClient, rpc } from '@agent-products/kit/testing';
import { BUNDLED_VERSION, derivedRelease, startChengdu, type RunningChengdu } from './support/start-chengdu.ts';

const VERSION = BUNDLED_VERSION;
let server: RunningChengdu;
let client: Client;

beforeAll(async () => {
  server = await startChengdu();
  client = await connectClient(server.url);
});
afterAll(async () => {
  await client?.close();
  await server?.stop();
});

async function call(name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  return { isError: result.isError === true, data: result.structuredContent as any, text: (result.content as Array<{ text: string }>)[0]!.text };
}

describe('tools/list', () => {
  it('declares title, description, input and output schemas and explicit annotations for all six tools', async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(6);
    const readOnly = ['list_chengdu_scenes', 'search_chengdu_scenes', 'get_chengdu_scene'];
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.description!.length).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations).toMatchObject({
        readOnlyHint: readOnly.includes(tool.name),
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
    }
    const search = tools.find((t) => t.name === 'search_chengdu_scenes')!;
    expect(search.inputSchema.required).toEqual(['query']);
    expect((search.inputSchema.properties as any).limit).toMatchObject({ minimum: 1, maximum: 30, default: 5 });
  });
});

describe('list_chengdu_scenes', () => {
  it('lists every scene of the current release with its limits', async () => {
    const { isError, data, text } = await call('list_chengdu_scenes', {});
    expect(isError).toBe(false);
    expect(data.catalogVersion).toBe(VERSION);
    expect(data.scenes).toHaveLength(server.release.scenes.length);
    expect(data.scenes.length).toBeGreaterThanOrEqual(45);
    expect(data.limits.scenesPerDay).toEqual({ spacious: 1, balanced: 2, full: 3 });
    expect(data.limits.coverage).toMatch(/Jiuzhaigou and other multi-day destinations are not covered/);
    expect(text).toContain(data.limits.coverage);
    expect(data.counts.selectionOnly).toBeGreaterThan(0);
    expect(text).toContain(VERSION);
  });

  it('filters by atmosphere and discovery', async () => {
    const { data } = await call('list_chengdu_scenes', { atmosphere: 'quiet', discovery: 'local' });
    expect(data.scenes.length).toBeGreaterThan(0);
    for (const scene of data.scenes) expect(scene).toMatchObject({ atmosphere: 'quiet', discovery: 'local' });
  });
});

describe('search_chengdu_scenes statuses', () => {
  it('ok: a Chinese keyword without spaces', async () => {
    const { data } = await call('search_chengdu_scenes', { query: '熊猫' });
    expect(data.status).toBe('ok');
    expect(data.results.map((r: any) => r.cardId)).toContain('panda-base');
    for (const hit of data.results) {
      expect(hit).toMatchObject({ catalogVersion: VERSION, detailPath: `/agents/scenes/${hit.cardId}` });
      expect(hit.matchedTerms).toEqual(['熊猫']);
      expect(hit.name.zh).toBeTruthy();
    }
  });

  it('ok: a segmented Chinese phrase and an English phrase find the same tagged scenes', async () => {
    const zh = await call('search_chengdu_scenes', { query: '安静的公园', limit: 30 });
    const en = await call('search_chengdu_scenes', { query: 'quiet park', limit: 30 });
    expect(zh.data.status).toBe('ok');
    // Both match every quiet scene tagged as a park; English also finds "park" in the reviewed texts.
    const tagged = server.release.scenes.filter((s) => s.atmosphere === 'quiet' && s.tags.includes('park')).map((s) => s.cardId);
    expect(zh.data.results.map((r: any) => r.cardId)).toEqual(expect.arrayContaining(tagged));
    expect(en.data.results.map((r: any) => r.cardId)).toEqual(expect.arrayContaining(zh.data.results.map((r: any) => r.cardId)));
    for (const hit of [...zh.data.results, ...en.data.results]) expect(hit.atmosphere).toBe('quiet');
  });

  it('ok: a multi-word concept', async () => {
    const { data } = await call('search_chengdu_scenes', { query: 'industrial architecture' });
    expect(data.status).toBe('ok');
    expect(data.results.map((r: any) => r.cardId)).toContain('eastern-suburb-memory');
  });

  it('ok: a scene name finds that scene first', async () => {
    const { data } = await call('search_chengdu_scenes', { query: 'Wenshu Monastery' });
    expect(data.results[0].cardId).toBe('wenshu-monastery');
  });

  it('hasMore means raise the limit, and raising it returns the rest', async () => {
    const small = await call('search_chengdu_scenes', { query: 'park', limit: 2 });
    expect(small.data.results).toHaveLength(2);
    expect(small.data.hasMore).toBe(true);
    const all = await call('search_chengdu_scenes', { query: 'park', limit: 30 });
    expect(all.data.results.length).toBe(all.data.totalMatches);
    expect(all.data.hasMore).toBe(false);
    expect(all.data.results.slice(0, 2)).toEqual(small.data.results);
  });

  it('needs_clarification names the words it did not recognize', async () => {
    const { isError, data } = await call('search_chengdu_scenes', { query: 'quiet xyzzy temple' });
    expect(isError).toBe(false);
    expect(data.status).toBe('needs_clarification');
    expect(data.results).toEqual([]);
    expect(data.unrecognizedTerms).toEqual(['xyzzy']);
  });

  it('unsupported_request names the constraint it cannot verify, in English and Chinese', async () => {
    const en = await call('search_chengdu_scenes', { query: 'panda opening hours' });
    expect(en.data.status).toBe('unsupported_request');
    expect(en.data.results).toEqual([]);
    expect(en.data.unsupportedTerms).toEqual([{ term: 'opening hours', constraint: 'opening_hours' }]);
    const zh = await call('search_chengdu_scenes', { query: '熊猫门票' });
    expect(zh.data.status).toBe('unsupported_request');
    expect(zh.data.unsupportedTerms[0].constraint).toBe('tickets');
    for (const query of ['wheelchair accessible temple', 'hotel near park', 'book tickets', 'not crowded park']) {
      expect((await call('search_chengdu_scenes', { query })).data.status, query).toBe('unsupported_request');
    }
  });

  it('no_match names conflicting words', async () => {
    const labels = await call('search_chengdu_scenes', { query: 'quiet lively' });
    expect(labels.data.status).toBe('no_match');
    expect(labels.data.conflictingTerms).toEqual(['quiet', 'lively']);
    const filter = await call('search_chengdu_scenes', { query: 'quiet park', atmosphere: 'lively' });
    expect(filter.data.status).toBe('no_match');
    expect(filter.data.conflictingTerms).toEqual(['quiet', 'atmosphere=lively']);
    const concepts = await call('search_chengdu_scenes', { query: 'panda sichuan opera' });
    expect(concepts.data.status).toBe('no_match');
    expect(concepts.data.conflictingTerms.length).toBeGreaterThan(0);
    expect(concepts.data.results).toEqual([]);
  });
});

describe('get_chengdu_scene', () => {
  it('returns the overview, scoped review, unknowns, selection and a navigation location', async () => {
    const { isError, data, text } = await call('get_chengdu_scene', { cardId: 'wenshu-monastery', catalogVersion: VERSION });
    expect(isError).toBe(false);
    const source = server.release.scenes.find((s) => s.cardId === 'wenshu-monastery')!;
    expect(data).toMatchObject({
      cardId: 'wenshu-monastery',
      catalogVersion: VERSION,
      name: source.name,
      overview: source.overview,
      visitCaveat: source.visitCaveat,
      unknowns: source.unknowns,
      review: { reviewedOn: source.review.reviewedOn, scope: 'identity_and_overview' },
      selectionOnly: false,
      selection: { catalogVersion: VERSION, requiredCardIds: ['wenshu-monastery'] },
      detailPath: '/agents/scenes/wenshu-monastery',
    });
    expect(data.location.navigation.kind).toBe('metro_arrivals');
    for (const point of data.location.navigation.points) {
      expect(point.providerPlaceId).toMatch(/^cdsp:/);
      expect(point.place.precision).toBe('approximate');
      expect(point.place.name.zh).toBeTruthy();
    }
    expect(data).not.toHaveProperty('planningPoint');
    expect(text).toContain('文殊院');
  });

  it('marks a day-trip outing as selectionOnly with its notice', async () => {
    const { data } = await call('get_chengdu_scene', { cardId: 'dujiangyan', catalogVersion: VERSION });
    expect(data.selectionOnly).toBe(true);
    expect(data.notices.join(' ')).toMatch(/never added to a plan automatically/);
    expect(data.location.navigation.kind).toBe('scenic_area');
  });

  it('an unknown cardId is a structured error naming the current version', async () => {
    const { isError, data } = await call('get_chengdu_scene', { cardId: 'no-such-scene', catalogVersion: VERSION });
    expect(isError).toBe(true);
    expect(data.error).toMatchObject({ code: 'unknown_card_id', retryable: false, details: { currentCatalogVersion: VERSION } });
    expect(data.error.correlationId).toBeTruthy();
  });

  it('an unknown catalogVersion is a structured error naming the current version', async () => {
    const { isError, data } = await call('get_chengdu_scene', { cardId: 'wenshu-monastery', catalogVersion: '1999-01-01.1' });
    expect(isError).toBe(true);
    expect(data.error).toMatchObject({ code: 'unknown_catalog_version', details: { currentCatalogVersion: VERSION, requestedCatalogVersion: '1999-01-01.1' } });
  });
});

describe('argument errors name the field and change nothing', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['search_chengdu_scenes', {}, 'query'],
    ['search_chengdu_scenes', { query: '' }, 'query'],
    ['search_chengdu_scenes', { query: '   ' }, 'query'],
    ['search_chengdu_scenes', { query: 'x'.repeat(201) }, 'query'],
    ['search_chengdu_scenes', { query: 'park', limit: 0 }, 'limit'],
    ['search_chengdu_scenes', { query: 'park', limit: 31 }, 'limit'],
    ['search_chengdu_scenes', { query: 'park', limit: 2.5 }, 'limit'],
    ['search_chengdu_scenes', { query: 'park', limit: '5' }, 'limit'],
    ['search_chengdu_scenes', { query: 'park', atmosphere: 'noisy' }, 'atmosphere'],
    ['search_chengdu_scenes', { query: 'park', discovery: 'secret' }, 'discovery'],
    ['search_chengdu_scenes', { query: 'park', page: 2 }, 'page'],
    ['get_chengdu_scene', { cardId: 'wenshu-monastery' }, 'catalogVersion'],
    ['get_chengdu_scene', { cardId: 42, catalogVersion: VERSION }, 'cardId'],
    ['list_chengdu_scenes', { atmosphere: 7 }, 'atmosphere'],
  ];
  for (const [tool, args, field] of cases) {
    it(`${tool} ${JSON.stringify(args).slice(0, 60)} → invalid_arguments naming ${field}`, async () => {
      const { isError, data } = await call(tool, args);
      expect(isError).toBe(true);
      expect(data.error.code).toBe('invalid_arguments');
      expect(data.error.details.fields.map((f: { field: string }) => f.field)).toContain(field);
    });
  }

  it('answers arguments of the wrong JSON type as a tool error over raw JSON-RPC, never a 500', async () => {
    for (const args of [null, [], 'query', 5]) {
      const answer = await rpc(server.url, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_chengdu_scenes', arguments: args } });
      expect(answer.status, JSON.stringify(args)).toBe(200);
      expect(answer.json.result.isError, JSON.stringify(args)).toBe(true);
      expect(answer.json.result.structuredContent.error.code, JSON.stringify(args)).toBe('invalid_arguments');
    }
  });
});

describe('a new catalog release', () => {
  it('makes the old version stale for details while the old release stays readable', async () => {
    const next = derivedRelease(server.release, '2026-12-09.1', (draft) => {
      draft.scenes[0]!.summary = `${draft.scenes[0]!.summary} (revised)`;
    });
    expect((await server.service.repository.publish(next)).status).toBe('published');
    const stale = await call('get_chengdu_scene', { cardId: 'wenshu-monastery', catalogVersion: VERSION });
    expect(stale.data.error).toMatchObject({ code: 'stale_catalog_version', details: { currentCatalogVersion: '2026-12-09.1' } });
    const fresh = await call('get_chengdu_scene', { cardId: 'wenshu-monastery', catalogVersion: '2026-12-09.1' });
    expect(fresh.isError).toBe(false);
    const search = await call('search_chengdu_scenes', { query: 'temple' });
    expect(search.data.catalogVersion).toBe('2026-12-09.1');
    const old = await server.service.repository.read(VERSION);
    expect(old?.document.manifest.catalogVersion).toBe(VERSION);
  });
});
