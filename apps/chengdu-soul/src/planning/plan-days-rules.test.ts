/**
 * Each rule of `planDays` on made-up scenes placed by the kilometre east and north of the city
 * centre, so every expected day can be worked out by hand: required scenes kept and grouped by
 * the gaps between them, what may be recommended, how a day is filled, and the order within it.
 */
import { describe, expect, it } from 'vitest';
import type { Scene } from '../catalog/release-schema.ts';
import { planDays, preferenceScore, type DayPlanRequest } from './plan-days.ts';

const CENTRE = { lat: 30.6576, lon: 104.0659 };
const KM_PER_DEGREE_LAT = 111.195;
const KM_PER_DEGREE_LON = KM_PER_DEGREE_LAT * Math.cos((CENTRE.lat * Math.PI) / 180);

/** A scene `east` km east and `north` km north of the centre; planDays reads only these fields. */
function scene(cardId: string, east: number, north = 0, extra: Partial<Scene> = {}): Scene {
  const planningPoint = { lat: CENTRE.lat + north / KM_PER_DEGREE_LAT, lon: CENTRE.lon + east / KM_PER_DEGREE_LON };
  return { cardId, planningPoint, atmosphere: 'mixed', discovery: 'blend', selectionOnly: false, ...extra } as Scene;
}

const request = (extra: Partial<DayPlanRequest> = {}): DayPlanRequest => ({
  dayCount: 1,
  scenesPerDay: 3,
  atmosphere: 'mixed',
  discovery: 'blend',
  required: [],
  excludedCardIds: new Set(),
  ...extra,
});
const ids = (days: ReturnType<typeof planDays>) => days.map((day) => day.map((p) => p.scene.cardId));
/** Days of the required scenes alone (nothing else to recommend). */
const requiredDays = (required: Scene[], extra: Partial<DayPlanRequest>) => ids(planDays(required, request({ required, ...extra })));

describe('how well a scene matches the preferences', () => {
  it('two points for each exact match, one when either side is the middle, none for opposites', () => {
    const quietLocal = scene('q', 0, 0, { atmosphere: 'quiet', discovery: 'local' });
    expect(preferenceScore(quietLocal, 'quiet', 'local')).toBe(4);
    expect(preferenceScore(quietLocal, 'lively', 'iconic')).toBe(0);
    expect(preferenceScore(quietLocal, 'mixed', 'blend')).toBe(2);
    expect(preferenceScore(scene('m', 0), 'lively', 'iconic')).toBe(2);
    expect(preferenceScore(scene('qb', 0, 0, { atmosphere: 'quiet', discovery: 'blend' }), 'quiet', 'iconic')).toBe(3);
  });
});

describe('what may be recommended', () => {
  it('keeps required scenes as required and recommends none that is required, excluded or selection-only', () => {
    const a = scene('a', 0);
    const candidates = [a, scene('b', 1), scene('c', 2, 0, { selectionOnly: true }), scene('d', 3), scene('e', 4)];
    const days = planDays(candidates, request({ required: [a], excludedCardIds: new Set(['d']) }));
    expect(days.map((day) => day.map((p) => [p.scene.cardId, p.placement]))).toEqual([
      [
        ['a', 'required'],
        ['b', 'recommended'],
        ['e', 'recommended'],
      ],
    ]);
  });

  it('adds nothing to a day that holds a selection-only outing, and fills the other days', () => {
    const outing = scene('outing', 50, 0, { selectionOnly: true });
    const beside = scene('beside', 50.5);
    const candidates = [outing, beside, scene('x', 0), scene('y', 1), scene('z', 49)];
    // z is beside the outing, whose day takes nothing more, and 49 km from x: no day may take it.
    expect(ids(planDays(candidates, request({ dayCount: 2, scenesPerDay: 3, required: [outing, beside] })))).toEqual([
      ['outing', 'beside'],
      ['x', 'y'],
    ]);
    const near = [outing, beside, scene('x', 0), scene('y', 1), scene('z', 29)];
    expect(ids(planDays(near, request({ dayCount: 2, scenesPerDay: 3, required: [outing, beside] })))).toEqual([
      ['outing', 'beside'],
      ['x', 'y', 'z'],
    ]);
  });

  it('never recommends a second scene of a kind in the day; scenes without a kind each count as their own', () => {
    const candidates = [scene('t1', 0, 0, { visitKind: 'temple' }), scene('t2', 0.5, 0, { visitKind: 'temple' }), scene('n1', 1), scene('n2', 1.5)];
    expect(ids(planDays(candidates, request()))).toEqual([['t1', 'n1', 'n2']]);
  });
});

describe('filling a day', () => {
  it('fills each day up to its scenes per day, each scene once, and leaves a day short when none is left', () => {
    const candidates = ['a', 'b', 'c', 'd', 'e'].map((id, i) => scene(id, i));
    const full = planDays(candidates, request({ dayCount: 2, scenesPerDay: 2 }));
    expect(full.map((day) => day.length)).toEqual([2, 2]);
    expect(new Set(full.flat().map((p) => p.scene.cardId)).size).toBe(4);
    expect(ids(planDays(candidates.slice(0, 3), request({ dayCount: 2, scenesPerDay: 2 })))).toEqual([['a', 'b'], ['c']]);
    expect(ids(planDays([], request({ dayCount: 2 })))).toEqual([[], []]);
  });

  it('starts an empty day from the best-matching scene, the one nearest the centre among equals', () => {
    const candidates = [
      scene('mismatch-near', 0.5, 0, { atmosphere: 'lively', discovery: 'iconic' }),
      scene('match-far', 20, 0, { atmosphere: 'quiet', discovery: 'local' }),
      scene('match-near', -3, 0, { atmosphere: 'quiet', discovery: 'local' }),
    ];
    const first = (scenes: Scene[]) => ids(planDays(scenes, request({ scenesPerDay: 1, atmosphere: 'quiet', discovery: 'local' })));
    expect(first(candidates)).toEqual([['match-near']]);
    // However far the better match: an empty day is not yet tied to a part of the city.
    expect(first(candidates.filter((s) => s.cardId !== 'match-near'))).toEqual([['match-far']]);
  });

  it('weighs one point of preference against 3 km from the middle of the day', () => {
    const start = scene('start', 20);
    const near = scene('near', 18, 0, { atmosphere: 'mixed', discovery: 'local' });
    const plan = (better: Scene) =>
      ids(planDays([start, near, better], request({ scenesPerDay: 2, atmosphere: 'quiet', discovery: 'local', required: [start] })))[0];
    // near scores 3 × 3 − 2 = 7; one more point is worth going 4 km (8) but not 6 km (6).
    expect(plan(scene('better', 24, 0, { atmosphere: 'quiet', discovery: 'local' }))).toEqual(['start', 'better']);
    expect(plan(scene('better', 26, 0, { atmosphere: 'quiet', discovery: 'local' }))).toEqual(['near', 'start']);
  });

  it('measures from the middle of the day’s scenes, not from the centre', () => {
    const west = scene('west', 20, 1);
    const east = scene('east', 22, -1);
    const candidates = [west, east, scene('centre-side', 17), scene('middle', 21)];
    expect(ids(planDays(candidates, request({ required: [west, east] })))).toEqual([['west', 'middle', 'east']]);
  });

  it('gives a tie to the smaller cardId, whatever the order of the candidates', () => {
    const candidates = [scene('twin-b', 1), scene('twin-a', 1)];
    expect(ids(planDays(candidates, request({ scenesPerDay: 1 })))).toEqual([['twin-a']]);
  });
});

describe('the order within a day', () => {
  it('chains by nearest neighbour from the westernmost scene, not simply west to east', () => {
    const required = [scene('b', 1, 3), scene('w', 0), scene('a', 3)];
    expect(requiredDays(required, {})).toEqual([['w', 'a', 'b']]);
  });

  it('puts the westernmost go-early scene first, then chains from it', () => {
    const required = [scene('e-east', 3, 0, { goEarly: true }), scene('e-west', 1, 0, { goEarly: true }), scene('w', 0)];
    expect(requiredDays(required, {})).toEqual([['e-west', 'w', 'e-east']]);
  });

  it('orders scenes at one point by cardId', () => {
    expect(requiredDays([scene('twin-b', 1), scene('twin-a', 1), scene('twin-c', 1)], {})).toEqual([['twin-a', 'twin-b', 'twin-c']]);
    expect(requiredDays([scene('twin-c', 1), scene('twin-a', 1), scene('twin-b', 1)], {})).toEqual([['twin-a', 'twin-b', 'twin-c']]);
  });
});

describe('grouping the required scenes into days', () => {
  it('puts scenes more than 6 km apart on different days, and nearer ones together', () => {
    expect(requiredDays([scene('a', 0), scene('b', 10)], { dayCount: 2 })).toEqual([['a'], ['b']]);
    expect(requiredDays([scene('a', 0), scene('c', 5)], { dayCount: 2 })).toEqual([['a', 'c'], []]);
  });

  it('splits a day over capacity at its widest gap, in every group that is over', () => {
    expect(requiredDays([scene('a', 0), scene('b', 1), scene('c', 3), scene('d', 3.5)], { dayCount: 2, scenesPerDay: 2 })).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    const twoClusters = [scene('a', 0), scene('b', 1), scene('c', 3), scene('d', 13), scene('e', 13.5), scene('f', 15.5)];
    expect(requiredDays(twoClusters, { dayCount: 4, scenesPerDay: 2 })).toEqual([['a', 'b'], ['c'], ['d', 'e'], ['f']]);
    // Only the group that is over is split: here the second, after a full first one.
    const fullThenOver = [scene('a', 0), scene('a2', 0.5), scene('b', 10.5), scene('c', 11.5), scene('d', 13.5)];
    expect(requiredDays(fullThenOver, { dayCount: 4, scenesPerDay: 2 })).toEqual([['a', 'a2'], ['b', 'c'], ['d'], []]);
  });

  it('with more groups than days, joins across the smallest gap whose day stays within capacity', () => {
    expect(requiredDays([scene('a', 0), scene('b', 20), scene('c', 28)], { dayCount: 2 })).toEqual([['a'], ['b', 'c']]);
    expect(requiredDays([scene('a', 0), scene('b', 10), scene('c', 17)], { dayCount: 2, scenesPerDay: 2 })).toEqual([['a'], ['b', 'c']]);
    // Two equal gaps (longitudes exact in binary): the earlier one is joined first.
    const even = ['a', 'b', 'c'].map((id, i) => scene(id, 0, 0, { planningPoint: { lat: 30.5, lon: 104 + i * 0.125 } }));
    expect(requiredDays(even, { dayCount: 2 })).toEqual([['a', 'b'], ['c']]);
    expect(requiredDays([scene('a', 0), scene('b', 0.5), scene('c', 7.5), scene('d', 17.5)], { dayCount: 2, scenesPerDay: 2 })).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('when no join fits, cuts the chain into days as even as possible', () => {
    expect(requiredDays([scene('a', 0), scene('b', 10), scene('c', 10.5), scene('d', 17.5)], { dayCount: 2, scenesPerDay: 2 })).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    const six = [scene('a', 0), scene('b', 10), scene('c', 10.5), scene('d', 17.5), scene('e', 27.5), scene('f', 28)];
    expect(requiredDays(six, { dayCount: 3, scenesPerDay: 2 })).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ]);
  });
});

describe('doable days', () => {
  it('never joins scenes more than 30 km apart, in required days or by recommendation', () => {
    const [a, b, c] = [scene('a', 0), scene('b', 20), scene('c', 40)];
    expect(requiredDays([a, b, c], { dayCount: 2, scenesPerDay: 3 })).toEqual([['a', 'b'], ['c']]);
    expect(requiredDays([a, scene('d', 31)], { dayCount: 2, scenesPerDay: 3 })).toEqual([['a'], ['d']]);
    // Nothing further than 30 km from a day's scenes is recommended into it.
    expect(ids(planDays([a, scene('far', 31), scene('near', 29)], request({ required: [a] })))).toEqual([['a', 'near']]);
  });

  it('an outing shares its day only with scenes within 5 km of it', () => {
    const outing = scene('outing', 50, 0, { selectionOnly: true });
    const inArea = scene('in-area', 54.5);
    const outside = scene('outside', 56);
    expect(requiredDays([outing, inArea], { dayCount: 1, scenesPerDay: 2 })).toEqual([['outing', 'in-area']]);
    expect(requiredDays([outing, outside], { dayCount: 2, scenesPerDay: 2 })).toEqual([['outing'], ['outside']]);
    const twin = scene('twin', 53, 0, { selectionOnly: true });
    expect(requiredDays([outing, twin], { dayCount: 1, scenesPerDay: 2 })).toEqual([['outing', 'twin']]);
  });

  it('when the cuts at gaps leave a day that cannot be done, takes the tightest doable split', () => {
    // No gap is over 6 km, so the gaps alone would make one day; but x and y lie beyond the
    // outing's own area (5 km), so they take the other day together.
    const outing = scene('outing', 0, 0, { selectionOnly: true });
    expect(requiredDays([outing, scene('x', 5.5), scene('y', 7)], { dayCount: 2, scenesPerDay: 3 })).toEqual([['outing'], ['x', 'y']]);
  });

  it('an overnight outing keeps its day to itself, however near the other scene', () => {
    const overnight = scene('overnight', 50, 0, { selectionOnly: true, usuallyOvernight: true });
    expect(requiredDays([overnight, scene('beside', 50.1)], { dayCount: 2, scenesPerDay: 3 })).toEqual([['overnight'], ['beside']]);
  });

  it('an evening activity ends its day, one per day', () => {
    const show = scene('show', 0, 0, { visitKind: 'evening_show' });
    const cruise = scene('cruise', 0.5, 0, { visitKind: 'river_cruise' });
    const early = scene('early', 2, 0, { goEarly: true });
    expect(requiredDays([show, scene('w', -1), early], { dayCount: 1 })).toEqual([['early', 'w', 'show']]);
    expect(requiredDays([show, cruise], { dayCount: 2, scenesPerDay: 2 })).toEqual([['show'], ['cruise']]);
  });
});
