/**
 * Kept search answers: the very same answer for the same search of the same release, equal to a
 * fresh search; bounded, least recently asked out first; emptied when the release changes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundledReleaseFolders } from '../catalog/bundled-releases.ts';
import { loadRelease } from '../catalog/loaded-release.ts';
import { readReleaseFolder } from '../catalog/read-release.ts';
import { SearchAnswerCache } from './search-answer-cache.ts';
import { searchScenes, type SearchRequest } from './search-scenes.ts';

const [older, newer] = bundledReleaseFolders()
  .slice(-2)
  .map((folder) => loadRelease(readReleaseFolder(folder), new Date()));
const relevance = JSON.parse(readFileSync(new URL('../../../../bench/data/chengdu-search-relevance.json', import.meta.url), 'utf8')) as {
  queries: Array<{ query: string }>;
};

/** A search that counts how often it really ran. */
function countingSearch() {
  let runs = 0;
  return {
    search: (release: typeof newer, request: SearchRequest) => {
      runs++;
      return searchScenes(release!, request);
    },
    runs: () => runs,
  };
}

describe('kept search answers', () => {
  it('answers a repeated search with the same object, serialized as a fresh search is, for every query of the relevance set', () => {
    const cache = new SearchAnswerCache(1000);
    const counted = countingSearch();
    for (const { query } of relevance.queries) {
      const request = { query, limit: 5 };
      const first = cache.answer(newer!, request, counted.search);
      // The same JSON, key order included: what goes on the wire.
      expect(JSON.stringify(first), query).toBe(JSON.stringify(searchScenes(newer!, request)));
      expect(cache.answer(newer!, { query, limit: 5 }, counted.search), query).toBe(first);
    }
    expect(counted.runs()).toBe(new Set(relevance.queries.map((q) => q.query)).size);
  });

  it('keeps nothing with a limit of 0: every search runs afresh', () => {
    const cache = new SearchAnswerCache(0);
    const counted = countingSearch();
    const first = cache.answer(newer!, { query: 'quiet park', limit: 5 }, counted.search);
    const again = cache.answer(newer!, { query: 'quiet park', limit: 5 }, counted.search);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(counted.runs()).toBe(2);
  });

  it('tells apart searches that differ in the query text, the limit or a filter', () => {
    const cache = new SearchAnswerCache();
    const counted = countingSearch();
    const requests: SearchRequest[] = [
      { query: 'quiet park', limit: 5 },
      { query: 'Quiet park', limit: 5 },
      { query: 'quiet park ', limit: 5 },
      { query: 'quiet park', limit: 6 },
      { query: 'quiet park', limit: 5, discovery: 'local' },
      { query: 'quiet park', limit: 5, atmosphere: 'quiet' },
    ];
    for (const request of requests) expect(cache.answer(newer!, request, counted.search)).toEqual(searchScenes(newer!, request));
    expect(counted.runs()).toBe(requests.length);
  });

  it('keeps at most its limit, the least recently asked leaving first', () => {
    const cache = new SearchAnswerCache(2);
    const counted = countingSearch();
    const ask = (query: string) => cache.answer(newer!, { query, limit: 5 }, counted.search);
    ask('park');
    ask('temple');
    ask('park');
    ask('teahouse');
    expect(cache.size).toBe(2);
    expect(counted.runs()).toBe(3);
    ask('park');
    expect(counted.runs()).toBe(3);
    ask('temple');
    expect(counted.runs()).toBe(4);
  });

  it('is emptied when the current release changes, so an answer never outlives its release', () => {
    const cache = new SearchAnswerCache();
    const counted = countingSearch();
    const request = { query: 'panda', limit: 5 };
    expect(cache.answer(older!, request, counted.search).catalogVersion).toBe(older!.catalogVersion);
    expect(cache.answer(newer!, request, counted.search).catalogVersion).toBe(newer!.catalogVersion);
    expect(cache.size).toBe(1);
    expect(cache.answer(older!, request, counted.search).catalogVersion).toBe(older!.catalogVersion);
    expect(counted.runs()).toBe(3);
  });

  it('hands out answers marked for the MCP layer to keep, their top level frozen', () => {
    const answer = new SearchAnswerCache().answer(newer!, { query: 'panda', limit: 5 }, searchScenes);
    expect(Object.isFrozen(answer)).toBe(true);
    expect(() => {
      (answer as { status: string }).status = 'no_match';
    }).toThrow(TypeError);
  });
});
