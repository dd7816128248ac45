/**
 * The labelled relevance set (bench/data/chengdu-search-relevance.json) holds for the newest
 * release: every query gets its expected status, a query that names its first result gets it first,
 * and the ranking keeps nDCG@3 at or above 0.90.
 * `npm run bench search-relevance` prints the full figures beside the BM25 baseline.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { evaluate, type GradedQuery } from '../../../../bench/lib/relevance-metrics.ts';
import { newestBundledRelease } from '../catalog/bundled-releases.ts';
import { loadRelease } from '../catalog/loaded-release.ts';
import { readReleaseFolder } from '../catalog/read-release.ts';
import { searchScenes } from './search-scenes.ts';

const set = JSON.parse(readFileSync(new URL('../../../../bench/data/chengdu-search-relevance.json', import.meta.url), 'utf8')) as {
  catalogVersion: string;
  queries: GradedQuery[];
};
const release = loadRelease(readReleaseFolder(newestBundledRelease()), new Date());
const answer = (q: GradedQuery) => {
  const outcome = searchScenes(release, { query: q.query, limit: 10, ...q.filters });
  return { status: outcome.status, cardIds: outcome.results.map((r) => r.cardId) };
};

describe('the labelled relevance set', () => {
  it('is graded for the newest release, with at least 80 English and Chinese queries', () => {
    expect(set.catalogVersion).toBe(release.catalogVersion);
    expect(set.queries.length).toBeGreaterThanOrEqual(80);
    expect(set.queries.filter((q) => /\p{Script=Han}/u.test(q.query)).length).toBeGreaterThanOrEqual(25);
    for (const status of ['needs_clarification', 'unsupported_request', 'no_match']) expect(set.queries.some((q) => q.status === status)).toBe(true);
    for (const q of set.queries) for (const cardId of Object.keys(q.grades ?? {})) expect(release.sceneById.has(cardId), `${q.query}: ${cardId}`).toBe(true);
  });

  it('every query gets its expected status', () => {
    for (const q of set.queries) expect(answer(q).status, q.query).toBe(q.status);
  });

  it('puts the named scene first wherever the set names one', () => {
    const named = set.queries.filter((q) => q.first !== undefined);
    for (const query of ['Dujiangyan Panda Base', '熊猫谷', '川菜博物馆', '西岭雪山', 'Sichuan opera']) {
      expect(
        named.map((q) => q.query),
        query,
      ).toContain(query);
    }
    for (const q of named) {
      expect(q.grades?.[q.first!], `${q.query}: the first scene is graded 3`).toBe(3);
      expect(answer(q).cardIds[0], q.query).toBe(q.first);
    }
  });

  it('ranks with nDCG@3 of at least 0.90', () => {
    expect(evaluate(set.queries, answer).figures.ndcg3).toBeGreaterThanOrEqual(0.9);
  });
});
