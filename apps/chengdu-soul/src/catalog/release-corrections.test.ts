/**
 * Release 2026-12-01.1 carries the desk fact-check: every corrected field is checked here against
 * the correction, and release 2026-11-30.1 still reads exactly as it was published.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELEASES_DIR } from '../config.ts';
import { bundledReleaseFolders, newestBundledRelease } from './bundled-releases.ts';
import { readReleaseFolder } from './read-release.ts';
import type { Scene } from './release-schema.ts';

const first = readReleaseFolder(join(RELEASES_DIR, '2026-11-30.1'));
const second = readReleaseFolder(join(RELEASES_DIR, '2026-12-01.1'));
const scene = (cardId: string): Scene => second.scenes.find((s) => s.cardId === cardId)!;
const points = (cardId: string) => {
  const location = scene(cardId).location;
  return 'navigation' in location ? location.navigation.points : [];
};
const place = (id: string) => second.places.find((p) => p.providerPlaceId === id)!;

describe('the releases in the repository', () => {
  it('keeps release 1 readable beside release 2, and the newest release is format 2', () => {
    const versions = bundledReleaseFolders().map((f) => f.split('/').at(-1));
    expect(versions.indexOf('2026-11-30.1')).toBeGreaterThanOrEqual(0);
    expect(versions.indexOf('2026-12-01.1')).toBeGreaterThan(versions.indexOf('2026-11-30.1'));
    expect(readReleaseFolder(newestBundledRelease()).manifest.format).toBe(2);
    expect(first.scenes).toHaveLength(53);
    expect(first.manifest.format).toBeUndefined();
    expect(first.scenes.find((s) => s.cardId === 'taikoo-li')!.name.en).toBe('Sino-Ocean Taikoo Li');
    expect(first.scenes.every((s) => s.visitKind === undefined && s.primarySubjects === undefined)).toBe(true);
  });

  it('release 2 is format 2 with 60 scenes, 11 of them selectionOnly outings', () => {
    expect(second.manifest).toMatchObject({ catalogVersion: '2026-12-01.1', format: 2 });
    expect(second.scenes).toHaveLength(60);
    expect(second.scenes.filter((s) => s.selectionOnly)).toHaveLength(11);
    for (const s of second.scenes) {
      expect(s.visitKind, s.cardId).toBeDefined();
      expect(s.primarySubjects?.length, s.cardId).toBeGreaterThan(0);
    }
  });
});

describe('wrong items, corrected', () => {
  it('Taikoo Li is Taikoo Li Chengdu; the Sino-Ocean name stays an alias only', () => {
    expect(scene('taikoo-li').name).toEqual({ en: 'Taikoo Li Chengdu', zh: '成都太古里' });
    expect(scene('taikoo-li').aliases).toEqual({ en: expect.arrayContaining(['Sino-Ocean Taikoo Li']), zh: expect.arrayContaining(['远洋太古里']) });
    expect(scene('taikoo-li').aliases!.en).not.toContain('Taikoo Li Chengdu');
  });

  it('Yongling arrives from Fuqin station (Line 5) about 630 m away, with its planning point moved', () => {
    expect(points('yongling').map((p) => p.providerPlaceId)).toEqual(['cdsp:metro:fuqin']);
    expect(points('yongling')[0]!.name.en).toBe('Fuqin station (Line 5)');
    const location = scene('yongling').location;
    expect('navigation' in location && location.navigation.note).toMatch(/630 m/);
    expect(scene('yongling').planningPoint).not.toEqual(first.scenes.find((s) => s.cardId === 'yongling')!.planningPoint);
  });
});

describe('doubtful items, checked', () => {
  it('each arrival option starts with the station travelers use', () => {
    const firstPoint = (cardId: string) => points(cardId)[0]!.providerPlaceId;
    expect(firstPoint('kuanzhai-alley')).toBe('cdsp:metro:kuanzhai-xiangzi');
    expect(firstPoint('huaxiba')).toBe('cdsp:metro:huaxiba');
    expect(firstPoint('taikoo-li')).toBe('cdsp:metro:chunxi-lu');
    expect(firstPoint('daci-temple')).toBe('cdsp:metro:chunxi-lu');
    expect(firstPoint('jinli')).toBe('cdsp:metro:gaosheng-qiao');
    expect(points('panda-base').map((p) => p.providerPlaceId)).toEqual(['cdsp:area:panda-base', 'cdsp:metro:xiongmao-dadao']);
  });

  it('Tianfu Art Park names Line 27 and lists its nearest station as unknown', () => {
    const location = scene('tianfu-art-park').location;
    expect('navigation' in location && location.navigation.note).toMatch(/Line 27/);
    expect(scene('tianfu-art-park').unknowns.some((u) => /Line 27/.test(u))).toBe(true);
  });

  it('Daci Temple: founded by tradition in the third century, flourished in the Tang', () => {
    expect(scene('daci-temple').summary).not.toMatch(/Tang-dynasty origin/);
    expect(scene('daci-temple').overview).toMatch(/third century/);
    expect(scene('daci-temple').unknowns.some((u) => /third century/.test(u))).toBe(true);
  });

  it('labels: Sanxingdui is not quiet and says why; Wenshu Monastery is mixed', () => {
    expect(scene('sanxingdui').atmosphere).toBe('mixed');
    expect(scene('sanxingdui').visitCaveat).toMatch(/millions/);
    expect(scene('wenshu-monastery').atmosphere).toBe('mixed');
  });

  it('station names as the signs show them', () => {
    expect(place('cdsp:metro:sheng-tiyuguan').name.en).toBe('Sichuan Gymnasium station');
    expect(place('cdsp:metro:kuanzhai-xiangzi').name.en).toBe('Kuanzhai Xiangzi station');
    expect(place('cdsp:metro:dongwuyuan').name.en).toBe('Chengdu Zoo station');
    const text = JSON.stringify(second.scenes);
    expect(text).not.toMatch(/Provincial Gymnasium|Kuanzhai Alley station|"Zoo station/);
  });

  it('stations on the lines opened in December 2024 say what was not re-checked', () => {
    for (const cardId of ['eastern-suburb-memory', 'chengdu-natural-history-museum']) {
      expect(
        scene(cardId).unknowns.some((u) => /Line 8 phase II/.test(u)),
        cardId,
      ).toBe(true);
    }
  });

  it('every changed scene carries the new review date', () => {
    for (const cardId of [
      'taikoo-li',
      'yongling',
      'kuanzhai-alley',
      'huaxiba',
      'daci-temple',
      'jinli',
      'panda-base',
      'tianfu-art-park',
      'sanxingdui',
      'wenshu-monastery',
    ]) {
      expect(scene(cardId).review.reviewedOn, cardId).toBe('2026-12-01');
    }
  });
});

describe('the seven added scenes', () => {
  it('day trips are selectionOnly and explain the journey; Emei says it is usually overnight', () => {
    for (const cardId of ['leshan-giant-buddha', 'mount-emei', 'dujiangyan-panda-valley']) {
      expect(scene(cardId).selectionOnly, cardId).toBe(true);
      expect(scene(cardId).tags).toContain('day-trip');
      expect(scene(cardId).visitCaveat).toMatch(/day-trip outing/);
    }
    expect(scene('mount-emei').visitCaveat).toMatch(/night/);
    expect(scene('dujiangyan-panda-valley').overview).toMatch(/Dujiangyan irrigation system/);
  });

  it('city additions are plannable: the Tibetan quarter, the night cruise and two opera venues', () => {
    expect(scene('tibetan-quarter')).toMatchObject({ selectionOnly: false, name: { zh: '武侯祠横街' } });
    expect(scene('jinjiang-night-cruise').overview).toMatch(/Hejiang Pavilion.*Jiuyan Bridge/s);
    expect(scene('shufeng-yayun').overview).toMatch(/Culture Park/);
    expect(scene('jinjiang-theatre').name.zh).toBe('锦江剧场');
    for (const cardId of ['shufeng-yayun', 'jinjiang-theatre']) expect(scene(cardId).visitKind).toBe('evening_show');
  });

  it('the lexicon knows what they need', () => {
    const concept = (tag: string) => second.lexicon.concepts.find((c) => c.tag === tag)!;
    expect(concept('sichuan-opera').en).toContain('opera');
    expect(concept('river-cruise').en).toContain('night cruise');
    expect(concept('tibetan').en).toContain('tibetan');
    for (const zh of ['老茶馆', '夜景', '遛娃', '道观', '古蜀', '一日游']) {
      expect(
        second.lexicon.concepts.some((c) => c.zh.includes(zh)),
        zh,
      ).toBe(true);
    }
  });
});
