/**
 * Days a traveler would pick: no two recommended scenes of the same kind of visit in one day
 * (only the traveler's own required scenes may share a kind), go-early scenes first in their day,
 * and the same inputs always giving the same days.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELEASES_DIR } from '../config.ts';
import { newestBundledRelease } from '../catalog/bundled-releases.ts';
import { loadRelease } from '../catalog/loaded-release.ts';
import { readReleaseFolder } from '../catalog/read-release.ts';
import { ATMOSPHERES, DISCOVERIES, type Atmosphere, type Discovery } from '../catalog/vocabulary.ts';
import { planDays, type DayPlanRequest } from './plan-days.ts';

const release = loadRelease(readReleaseFolder(newestBundledRelease()), new Date());
const scene = (cardId: string) => release.sceneById.get(cardId)!;
const plan = (request: Partial<DayPlanRequest> = {}) =>
  planDays(release.scenes, { dayCount: 3, scenesPerDay: 3, atmosphere: 'mixed', discovery: 'blend', required: [], excludedCardIds: new Set(), ...request });
const ids = (days: ReturnType<typeof plan>) => days.map((day) => day.map((p) => p.scene.cardId));

describe('one kind of visit per day', () => {
  it('never recommends a second scene of a kind already in the day, for every preference', () => {
    for (const atmosphere of ATMOSPHERES as readonly Atmosphere[]) {
      for (const discovery of DISCOVERIES as readonly Discovery[]) {
        for (const day of plan({ atmosphere, discovery })) {
          const kinds = day.map((p) => p.scene.visitKind);
          expect(new Set(kinds).size, `${atmosphere}/${discovery}: ${kinds.join(', ')}`).toBe(kinds.length);
        }
      }
    }
  });

  it('a required panda venue keeps the other panda venues out of its day', () => {
    const days = plan({ dayCount: 1, required: [scene('panda-base')], atmosphere: 'lively', discovery: 'iconic' });
    const kinds = days[0]!.map((p) => p.scene.visitKind);
    expect(kinds.filter((k) => k === 'animal_park')).toHaveLength(1);
    expect(ids(days)[0]).not.toContain('chengdu-zoo');
  });

  it('two of a kind that the traveler required both stay, in one day if that is where they fit', () => {
    const days = plan({ dayCount: 1, required: [scene('wenshu-monastery'), scene('daci-temple')] });
    expect(ids(days)[0]).toEqual(expect.arrayContaining(['wenshu-monastery', 'daci-temple']));
    const recommended = days[0]!.filter((p) => p.placement === 'recommended');
    for (const p of recommended) expect(p.scene.visitKind).not.toBe('temple');
  });

  it('release 1, which has no kinds, still plans every slot', () => {
    const first = loadRelease(readReleaseFolder(join(RELEASES_DIR, '2026-11-30.1')), new Date());
    const days = planDays(first.scenes, { dayCount: 3, scenesPerDay: 3, atmosphere: 'quiet', discovery: 'local', required: [], excludedCardIds: new Set() });
    expect(days.flat()).toHaveLength(9);
  });
});

describe('go early', () => {
  it('puts a go-early scene first in its day, even when another scene lies further west', () => {
    const days = plan({ dayCount: 1, scenesPerDay: 2, required: [scene('panda-base'), scene('wenshu-monastery')] });
    expect(scene('wenshu-monastery').planningPoint.lon).toBeLessThan(scene('panda-base').planningPoint.lon);
    expect(ids(days)[0]).toEqual(['panda-base', 'wenshu-monastery']);
    expect(scene('panda-base').visitCaveat).toMatch(/^Go early/);
  });

  it('a recommended go-early scene leads its day too', () => {
    for (const atmosphere of ATMOSPHERES as readonly Atmosphere[]) {
      for (const day of plan({ atmosphere, discovery: 'iconic' })) {
        const early = day.findIndex((p) => p.scene.goEarly);
        if (early >= 0) expect(early, day.map((p) => p.scene.cardId).join(', ')).toBe(0);
      }
    }
  });
});

describe('determinism', () => {
  it('the same inputs against the same release give the same days', () => {
    const request = { required: [scene('kuanzhai-alley'), scene('jinli')], excludedCardIds: new Set(['chunxi-road']) };
    expect(ids(plan(request))).toEqual(ids(plan(request)));
    const reloaded = loadRelease(readReleaseFolder(newestBundledRelease()), new Date());
    const again = planDays(reloaded.scenes, {
      dayCount: 3,
      scenesPerDay: 3,
      atmosphere: 'mixed',
      discovery: 'blend',
      required: [reloaded.sceneById.get('kuanzhai-alley')!, reloaded.sceneById.get('jinli')!],
      excludedCardIds: new Set(['chunxi-road']),
    });
    expect(again.map((day) => day.map((p) => p.scene.cardId))).toEqual(ids(plan(request)));
  });
});
