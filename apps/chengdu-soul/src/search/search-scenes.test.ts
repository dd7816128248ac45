/**
 * Bounded keyword search: English phrases longest first, plurals, Chinese segmentation without
 * spaces, stopwords, filters, and the three empty statuses with the words that caused them.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELEASES_DIR } from '../config.ts';
import { newestBundledRelease } from '../catalog/bundled-releases.ts';
import { loadRelease } from '../catalog/loaded-release.ts';
import { readReleaseFolder } from '../catalog/read-release.ts';
import { searchScenes, type SearchRequest } from './search-scenes.ts';
import { tokenizeQuery } from './tokenize.ts';

const release = loadRelease(readReleaseFolder(newestBundledRelease()), new Date());
const search = (query: string, extra: Partial<SearchRequest> = {}) => searchScenes(release, { query, limit: 30, ...extra });
const ids = (query: string, extra: Partial<SearchRequest> = {}) => search(query, extra).results.map((r) => r.cardId);
/** Release 2026-12-01.1, for the assertions written about its scenes. */
const releaseTwo = loadRelease(readReleaseFolder(join(RELEASES_DIR, '2026-12-01.1')), new Date());

describe('tokenizing', () => {
  it('matches the longest English phrase first', () => {
    expect(tokenizeQuery('giant panda', release.lexicon).map((t) => t.term)).toEqual(['giant panda']);
  });

  it('segments Chinese without spaces and keeps unknown characters together', () => {
    const tokens = tokenizeQuery('安静的茶馆', release.lexicon);
    expect(tokens.map((t) => t.term)).toEqual(['安静', '的', '茶馆']);
    expect(tokens.map((t) => t.meaning?.kind)).toEqual(['atmosphere', 'stopword', 'concept']);
  });

  it('splits English from Chinese written without a space between them', () => {
    for (const [joined, spaced] of [
      ['panda熊猫', 'panda 熊猫'],
      ['teahouse茶馆', 'teahouse 茶馆'],
      ['quiet公园park', 'quiet 公园 park'],
    ]) {
      expect(search(joined!).status, joined).toBe('ok');
      expect(ids(joined!), joined).toEqual(ids(spaced!));
    }
  });

  it('is not fooled by case, punctuation or full-width characters', () => {
    expect(ids('QUIET, Park!')).toEqual(ids('quiet park'));
    expect(ids('ｐａｎｄａ')).toEqual(ids('panda'));
  });
});

describe('matching', () => {
  it("a scene named inside another scene's name finds that one too: in release 2, Dujiangyan with panda is Panda Valley", () => {
    const searchTwo = (query: string) => searchScenes(releaseTwo, { query, limit: 30 });
    for (const query of ['dujiangyan panda', '都江堰 panda', '都江堰 熊猫']) {
      const answer = searchTwo(query);
      expect(answer.status, query).toBe('ok');
      expect(answer.results.map((r) => r.cardId)[0], query).toBe('dujiangyan-panda-valley');
    }
    expect(
      searchTwo('dujiangyan')
        .results.map((r) => r.cardId)
        .slice(0, 2),
    ).toEqual(['dujiangyan', 'dujiangyan-panda-valley']);
  });

  it('from release 3 on, Dujiangyan with panda finds both panda centres there, and each by its own name', () => {
    for (const query of ['dujiangyan panda', '都江堰 panda', '都江堰 熊猫']) {
      expect(ids(query).slice(0, 2).sort(), query).toEqual(['dujiangyan-panda-base', 'dujiangyan-panda-valley']);
    }
    expect(ids('dujiangyan')[0]).toBe('dujiangyan');
    expect(ids('Dujiangyan Panda Base')[0]).toBe('dujiangyan-panda-base');
    expect(ids('Panda Valley')[0]).toBe('dujiangyan-panda-valley');
  });

  it('requires every recognized term and filter: a tag, or the typed word in the reviewed texts', () => {
    for (const cardId of ids('quiet temple')) {
      const scene = release.sceneById.get(cardId)!;
      expect(scene.atmosphere).toBe('quiet');
      expect(scene.tags.includes('temple') || /temple/i.test(`${scene.name.en} ${scene.summary} ${scene.overview}`)).toBe(true);
    }
  });

  it('applies atmosphere and discovery filters from arguments', () => {
    const results = search('park', { atmosphere: 'quiet', discovery: 'local' }).results;
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) expect(r).toMatchObject({ atmosphere: 'quiet', discovery: 'local' });
  });

  it('finds scenes by Chinese and English names and aliases', () => {
    // Each name on its own: a query that is not understood (needs_clarification) fails here.
    for (const [query, cardId] of [
      ['文殊院', 'wenshu-monastery'],
      ['Wide and Narrow Alleys', 'kuanzhai-alley'],
      ['kuanzhai alley', 'kuanzhai-alley'],
      ['宽窄巷子', 'kuanzhai-alley'],
    ]) {
      const answer = search(query!);
      expect(answer.status, query).toBe('ok');
      expect(answer.results[0]?.cardId, query).toBe(cardId);
    }
  });

  it('is deterministic', () => {
    expect(search('teahouse')).toEqual(search('teahouse'));
  });

  it('breaks equal scores with city scenes before selectionOnly outings, then iconic, then card ID', () => {
    const results = search('遛娃').results;
    const scores = results.map((r) => r.why);
    expect(new Set(scores).size).toBe(1);
    const firstOuting = results.findIndex((r) => r.selectionOnly);
    expect(firstOuting).toBeGreaterThan(0);
    expect(results.slice(firstOuting).every((r) => r.selectionOnly)).toBe(true);
    const city = results.slice(0, firstOuting);
    const iconic = city.filter((r) => r.discovery === 'iconic').length;
    expect(city.slice(0, iconic).every((r) => r.discovery === 'iconic')).toBe(true);
    expect(city.slice(iconic).map((r) => r.cardId)).toEqual(
      city
        .slice(iconic)
        .map((r) => r.cardId)
        .sort(),
    );
  });
});

describe('ranking', () => {
  const top = (query: string) => ids(query)[0];

  it('puts the scene about the subject before scenes that mention it', () => {
    expect(ids('熊猫').slice(0, 2)).toContain('panda-base');
    expect(ids('熊猫').indexOf('panda-base')).toBeLessThan(ids('熊猫').indexOf('chengdu-zoo'));
    expect(top('tea house')).toBe('peoples-park-heming');
    expect(top('bamboo')).toBe('wangjianglou-park');
    expect(ids('night view').slice(0, 3)).toContain('hejiang-anshun');
  });

  it('a day trip that answers best ranks first: only ties prefer city scenes', () => {
    expect(release.sceneById.get(top('day trip mountain')!)!.selectionOnly).toBe(true);
    expect(['qingcheng-mountain', 'mount-emei']).toContain(top('day trip mountain'));
  });

  it('words from the reviewed texts are recognized terms', () => {
    expect(top('Mao statue')).toBe('tianfu-square');
    expect(ids('IFS panda')).toEqual(['chunxi-road']);
    expect(top('五百罗汉')).toBe('baoguang-temple');
    expect(top('Manchu quarter')).toBe('kuanzhai-alley');
    const mao = search('Mao statue');
    expect(mao.interpretedTerms[0]).toEqual({ term: 'mao', meaning: 'text:mao' });
  });

  it('a fragment of a Chinese scene name is a text term, and the longer reading wins', () => {
    expect(top('华西')).toBe('huaxiba');
    expect(top('锦江剧')).toBe('jinjiang-theatre');
  });

  it('corrects a misspelt name word, and always says so', () => {
    const outcome = search('Wenshu Monastary');
    expect(outcome.results[0]!.cardId).toBe('wenshu-monastery');
    expect(outcome.interpretedTerms).toEqual([{ term: 'wenshu monastery', meaning: 'scene:wenshu-monastery', correctedFrom: 'monastary → monastery' }]);
    expect(outcome.explanation).toMatch(/"monastary" as "monastery"/);
    expect(top('Qingchen Mountain')).toBe('qingcheng-mountain');
  });

  it('leaves short and truly unknown words unrecognized', () => {
    expect(search('xyzzy').status).toBe('needs_clarification');
    expect(search('pamda').status).toBe('ok');
    expect(search('pnd').status).toBe('needs_clarification');
  });

  it('explains each hit: which terms matched in which fields', () => {
    const hit = search('quiet teahouse').results[0]!;
    expect(hit.why).toMatch(/^"teahouse" in (name|primary subject|tag)/);
    expect(hit.why).toMatch(/atmosphere quiet$/);
    expect(search('熊猫').results[0]!.why).toBe('"熊猫" in name, primary subject');
  });
});

describe('empty answers say why', () => {
  it('needs_clarification for a query of only generic words', () => {
    const outcome = search('the');
    expect(outcome.status).toBe('needs_clarification');
    expect(outcome.explanation).toMatch(/no searchable words \("the" is too general\)/);
    expect(search('the and').explanation).toMatch(/\("the", "and" are too general\)/);
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
