/**
 * Bounded keyword search: English phrases longest first, plurals, Chinese segmentation without
 * spaces, stopwords, filters, and the three empty statuses with the words that caused them.
 */
import { describe, expect, it } from 'vitest';
import { newestBundledRelease } from '../catalog/bundled-releases.ts';
import { loadRelease } from '../catalog/loaded-release.ts';
import { readReleaseFolder } from '../catalog/read-release.ts';
import { searchScenes, type SearchRequest } from './search-scenes.ts';
import { tokenizeQuery } from './tokenize.ts';

const release = loadRelease(readReleaseFolder(newestBundledRelease()), new Date());
const search = (query: string, extra: Partial<SearchRequest> = {}) => searchScenes(release, { query, limit: 30, ...extra });
const ids = (query: string, extra: Partial<SearchRequest> = {}) => search(query, extra).results.map((r) => r.cardId);

describe('tokenizing', () => {
  it('matches the longest English phrase first', () => {
    expect(tokenizeQuery('giant panda', release.lexicon).map((t) => t.term)).toEqual(['giant panda']);
  });

  it('segments Chinese without spaces and keeps unknown characters together', () => {
    const tokens = tokenizeQuery('安静的茶馆', release.lexicon);
    expect(tokens.map((t) => t.term)).toEqual(['安静', '的', '茶馆']);
    expect(tokens.map((t) => t.meaning?.kind)).toEqual(['atmosphere', 'stopword', 'concept']);
  });

  it('is not fooled by case, punctuation or full-width characters', () => {
    expect(ids('QUIET, Park!')).toEqual(ids('quiet park'));
    expect(ids('ｐａｎｄａ')).toEqual(ids('panda'));
  });
});

describe('matching', () => {
  it('requires every recognized term and filter', () => {
    for (const cardId of ids('quiet temple')) {
      const scene = release.sceneById.get(cardId)!;
      expect(scene.atmosphere).toBe('quiet');
      expect(scene.tags).toContain('temple');
    }
  });

  it('applies atmosphere and discovery filters from arguments', () => {
    const results = search('park', { atmosphere: 'quiet', discovery: 'local' }).results;
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) expect(r).toMatchObject({ atmosphere: 'quiet', discovery: 'local' });
  });

  it('finds scenes by Chinese and English names and aliases', () => {
    expect(ids('文殊院')[0]).toBe('wenshu-monastery');
    expect(ids('Wide and Narrow Alley')[0] ?? ids('kuanzhai alley')[0]).toBe('kuanzhai-alley');
    expect(ids('宽窄巷子')[0]).toBe('kuanzhai-alley');
  });

  it('is deterministic', () => {
    expect(search('teahouse')).toEqual(search('teahouse'));
  });

  it('lists selectionOnly outings after city scenes', () => {
    const results = search('ancient town').results;
    const firstOuting = results.findIndex((r) => r.selectionOnly);
    if (firstOuting >= 0) expect(results.slice(firstOuting).every((r) => r.selectionOnly)).toBe(true);
  });
});

describe('empty answers say why', () => {
  it('needs_clarification for a query of only generic words', () => {
    const outcome = search('the');
    expect(outcome.status).toBe('needs_clarification');
    expect(outcome.explanation).toMatch(/no searchable words/);
  });

  it('unsupported_request wins over unrecognized words and lists both', () => {
    const outcome = search('xyzzy tickets');
    expect(outcome.status).toBe('unsupported_request');
    expect(outcome.unsupportedTerms.map((u) => u.term)).toEqual(['tickets']);
    expect(outcome.unrecognizedTerms).toEqual(['xyzzy']);
  });

  it('no_match names the smallest conflicting set', () => {
    const outcome = search('panda teahouse');
    expect(outcome.status).toBe('no_match');
    expect(outcome.conflictingTerms).toEqual(['panda', 'teahouse']);
  });
});
