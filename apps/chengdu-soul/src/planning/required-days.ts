/**
 * Splitting the traveler's required scenes into doable days (`day-rules.ts`): the fewest days that
 * hold them, and the tightest split into a given number of days. A request requires at most nine
 * scenes (three full days), so every split is tried: at most 21,147 for nine scenes.
 */
import type { Scene } from '../catalog/release-schema.ts';
import { distanceKm } from './geo.ts';
import { fitsDay } from './day-rules.ts';

/**
 * The most scenes a plan holds (three full days). More are refused on capacity alone, so the
 * exhaustive search, which grows with the Bell numbers, is never run on them.
 */
const MOST_SCENES_SEARCHED = 9;

/**
 * The fewest doable days holding every scene, as the tightest such split; undefined for more scenes
 * than a plan holds. Scenes keep their given order within the split.
 */
export function fewestDoableDays(scenes: readonly Scene[], scenesPerDay: number): Scene[][] | undefined {
  if (scenes.length === 0) return [];
  if (scenes.length > MOST_SCENES_SEARCHED) return undefined;
  for (let days = Math.ceil(scenes.length / scenesPerDay); days <= scenes.length; days++) {
    let found: Scene[][] | undefined;
    splits(scenes, days, scenesPerDay, (groups) => {
      found = groups.map((g) => [...g]);
      return true;
    });
    // The first split found proves the count; among splits of that count, give the tightest.
    if (found) return tightestDoableDays(scenes, days, scenesPerDay) ?? found;
  }
  return undefined;
}

/**
 * The doable split into at most `dayCount` days whose days are tightest on the map (least total
 * distance between scenes sharing a day); the first found among equals, so the answer depends only
 * on the order of `scenes`. Undefined when no split fits.
 */
export function tightestDoableDays(scenes: readonly Scene[], dayCount: number, scenesPerDay: number): Scene[][] | undefined {
  if (scenes.length > MOST_SCENES_SEARCHED) return undefined;
  let best: Scene[][] | undefined;
  let bestSpread = Infinity;
  splits(scenes, dayCount, scenesPerDay, (groups) => {
    const spread = groups.reduce((sum, group) => sum + pairDistances(group), 0);
    if (spread < bestSpread) {
      bestSpread = spread;
      best = groups.map((g) => [...g]);
    }
    return false;
  });
  return best;
}

/** Whether every day holds at most `scenesPerDay` scenes that may all share it. */
export function isDoable(days: readonly (readonly Scene[])[], scenesPerDay: number): boolean {
  return days.every((day) => day.length <= scenesPerDay && day.every((scene, i) => fitsDay(scene, day.slice(i + 1))));
}

/**
 * Calls `visit` with every split of `scenes` into at most `maxDays` doable days (each split once:
 * a scene opens a new day only after the days opened before it); stops when `visit` returns true.
 */
function splits(scenes: readonly Scene[], maxDays: number, scenesPerDay: number, visit: (groups: Scene[][]) => boolean): void {
  const groups: Scene[][] = [];
  const place = (index: number): boolean => {
    if (index === scenes.length) return visit(groups);
    const scene = scenes[index]!;
    for (const group of groups) {
      if (group.length >= scenesPerDay || !fitsDay(scene, group)) continue;
      group.push(scene);
      if (place(index + 1)) return true;
      group.pop();
    }
    if (groups.length < maxDays) {
      groups.push([scene]);
      if (place(index + 1)) return true;
      groups.pop();
    }
    return false;
  };
  place(0);
}

function pairDistances(group: readonly Scene[]): number {
  let sum = 0;
  for (let i = 0; i < group.length; i++) {
    for (let j = i + 1; j < group.length; j++) sum += distanceKm(group[i]!.planningPoint, group[j]!.planningPoint);
  }
  return sum;
}
