/**
 * Release 2026-12-07.1 carries the third desk fact-check (issue 45): each corrected field is
 * checked against its correction, and each weekly closure is both data and words. What every
 * release owes (CHANGES.md, measured distances, published folders unchanged) is checked for all
 * of them in release-history.test.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEEKDAY_NAMES } from './validate-release.ts';
import { metres, navigationNote, placeOf, readRelease, releaseFolder, sceneOf } from '../../test/support/release-checks.ts';

const third = readRelease('2026-12-01.2');
const fourth = readRelease('2026-12-07.1');
const scene = (cardId: string) => sceneOf(fourth, cardId);
const changes = readFileSync(join(releaseFolder('2026-12-07.1'), 'CHANGES.md'), 'utf8');

describe('release 4', () => {
  it('keeps the 64 scenes and 15 outings of release 3', () => {
    expect(fourth.scenes.map((s) => s.cardId).sort()).toEqual(third.scenes.map((s) => s.cardId).sort());
    expect(fourth.scenes.filter((s) => s.selectionOnly)).toHaveLength(15);
  });
});

describe('wrong: the Dujiangyan Panda Base', () => {
  const base = scene('dujiangyan-panda-base');
  const from = (cardId: string) => metres(base.planningPoint, scene(cardId).planningPoint) / 1000;

  it('sits south of Mount Qingcheng, 18 km from Dujiangyan and 5 km from Jiezi, as sources give', () => {
    expect(from('dujiangyan')).toBeCloseTo(18, 0);
    expect(from('jiezi')).toBeGreaterThan(4.5);
    expect(from('jiezi')).toBeLessThan(5.5);
    expect(base.planningPoint.lat).toBeLessThan(scene('qingcheng-mountain').planningPoint.lat);
    // Release 3's point was the one the fact-check found 8.4 km from Dujiangyan.
    expect(metres(sceneOf(third, 'dujiangyan-panda-base').planningPoint, scene('dujiangyan').planningPoint) / 1000).toBeCloseTo(8.4, 1);
    expect(placeOf(fourth, 'cdsp:area:dujiangyan-panda-base').point).toEqual(base.planningPoint);
  });

  it('says so in its note, with the distances measured from this release, and no longer "between"', () => {
    const note = navigationNote(base);
    expect(note).not.toMatch(/between Mount Qingcheng and the city of Dujiangyan/);
    expect(note).toMatch(/south of Mount Qingcheng/);
    expect(note).toContain(`${from('dujiangyan').toFixed(1)} km from this catalog's Dujiangyan point`);
    expect(note).toContain(`${from('jiezi').toFixed(1)} km from its Jiezi point`);
    expect(placeOf(fourth, 'cdsp:area:dujiangyan-panda-base').note).not.toMatch(/between/);
    expect(base.visitCaveat).not.toMatch(/west of Dujiangyan/);
  });

  it('carries its common name 熊猫乐园 (Panda Paradise, Panda Ark)', () => {
    expect(base.aliases!.zh).toContain('熊猫乐园');
    expect(base.aliases!.en).toEqual(expect.arrayContaining(['Panda Paradise', 'Panda Ark']));
  });
});

describe('doubtful items', () => {
  it('Xiling Snow Mountain is about 110 km away, as its official site gives', () => {
    const xiling = scene('xiling-snow-mountain');
    expect(xiling.overview).toMatch(/about 110 km west of central Chengdu/);
    expect(xiling.overview).not.toMatch(/95 to 100 km/);
    expect(xiling.unknowns.some((u) => /110 km/.test(u))).toBe(true);
  });

  it('the Sichuan Cuisine Museum drops the alias no source uses', () => {
    const museum = scene('sichuan-cuisine-museum');
    expect(JSON.stringify(museum)).not.toContain('中国川菜博物馆');
    expect(museum.aliases!.zh).toEqual(['成都川菜博物馆']);
  });

  it('the Botanical Garden no longer claims tulips, and asks instead', () => {
    const garden = scene('chengdu-botanical-garden');
    expect(`${garden.summary} ${garden.overview} ${garden.visitCaveat}`).not.toMatch(/tulip/i);
    expect(garden.overview).toMatch(/cherry blossom/);
    expect(garden.unknowns.some((u) => /tulip/.test(u))).toBe(true);
  });
});

describe('small items', () => {
  it("Huaxiba keeps its measured 640 m and records the fact-check's 580 m among the unknowns", () => {
    const huaxiba = scene('huaxiba');
    expect(metres(huaxiba.planningPoint, placeOf(fourth, 'cdsp:metro:huaxiba').point)).toBeCloseTo(640, -1);
    expect(huaxiba.unknowns.some((u) => /640 m.*580 m/.test(u))).toBe(true);
    expect(huaxiba.planningPoint).toEqual(sceneOf(third, 'huaxiba').planningPoint);
  });

  it('adds the missing aliases: Houshan, Little Lhasa, Anren Guzhen', () => {
    expect(scene('qingcheng-back-mountain').aliases!.en).toEqual(expect.arrayContaining(['Houshan', 'Qingcheng Houshan']));
    expect(scene('tibetan-quarter').aliases!.en).toContain('Little Lhasa');
    expect(scene('anren').aliases!.en).toContain('Anren Guzhen');
  });

  it('the answered Line 8 question leaves the unknowns', () => {
    for (const cardId of ['chengdu-natural-history-museum', 'eastern-suburb-memory']) {
      expect(
        sceneOf(third, cardId).unknowns.some((u) => /Line 8/.test(u)),
        cardId,
      ).toBe(true);
      expect(
        scene(cardId).unknowns.some((u) => /Line 8/.test(u)),
        cardId,
      ).toBe(false);
    }
    expect(fourth.scenes.flatMap((s) => s.unknowns).filter((u) => /Line 8/.test(u))).toEqual([]);
  });

  it('no point moved but the Panda Base, whose move has its source', () => {
    const moved = fourth.scenes.filter((s) => JSON.stringify(s.planningPoint) !== JSON.stringify(sceneOf(third, s.cardId).planningPoint)).map((s) => s.cardId);
    expect(moved).toEqual(['dujiangyan-panda-base']);
    const movedPlaces = fourth.places.filter((p) => JSON.stringify(p.point) !== JSON.stringify(placeOf(third, p.providerPlaceId).point));
    expect(movedPlaces.map((p) => p.providerPlaceId)).toEqual(['cdsp:area:dujiangyan-panda-base']);
  });
});

describe('weekly closures', () => {
  it('the Chengdu Museum and the Sichuan Museum close on Mondays, in data and in the caveat', () => {
    for (const cardId of ['chengdu-museum', 'sichuan-museum']) {
      expect(scene(cardId).closedWeekdays, cardId).toEqual([1]);
      expect(scene(cardId).visitCaveat, cardId).toMatch(/closed on Mondays/i);
    }
    expect(fourth.scenes.filter((s) => s.closedWeekdays).map((s) => s.cardId)).toEqual(['chengdu-museum', 'sichuan-museum']);
  });

  it('every closure a release states is named in its caveat, weekday by weekday', () => {
    for (const s of fourth.scenes) {
      for (const day of s.closedWeekdays ?? []) expect(s.visitCaveat, s.cardId).toContain(WEEKDAY_NAMES[day - 1]);
    }
  });

  it('each closure names its source in CHANGES.md', () => {
    expect(changes).toMatch(/chengdu-museum: Monday closure[\s\S]*Source: the fact-check/);
    expect(changes).toMatch(/sichuan-museum: Monday closure[\s\S]*candidate data/);
  });
});
