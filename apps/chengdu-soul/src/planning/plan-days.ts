/**
 * Places scenes into days. Deterministic: the same request against the same release gives the
 * same days (every choice breaks ties by cardId).
 *
 * Every day is doable (`day-rules.ts`): no two scenes far apart, an outing's day shared only
 * with scenes in its own area, an overnight outing alone, at most one evening activity.
 *
 * 1. Required scenes are chained west to east by nearest neighbour and cut into day groups at
 *    large gaps, so scenes far apart land on different days; groups never exceed the day's
 *    capacity and never outnumber the days. When those cuts leave a day that is not doable, the
 *    tightest doable split is taken instead (`required-days.ts`). Required scenes are never
 *    dropped: a request whose scenes fit no doable split is refused before planning
 *    (`resolve-proposal.ts`).
 * 2. A day holding a selectionOnly outing gets nothing added: the journey fills the day.
 * 3. Other slots are filled from eligible scenes (not selectionOnly, not excluded) by preference
 *    match, weighed against distance from the day's scenes, so a day stays together on the map;
 *    a scene joins a day only where the day stays doable. An empty day starts from the
 *    best-matching scene closest to the city centre. A recommended scene is never the same kind
 *    of visit as one already in its day (two panda venues, two large temples); only the
 *    traveler's own required scenes may share a kind.
 * 4. Within a day, scenes are chained by nearest neighbour, starting from a scene whose review
 *    says to go early (the westernmost if several), else from the westernmost scene; an evening
 *    activity comes last.
 */
import type { Scene } from '../catalog/release-schema.ts';
import type { Atmosphere, Discovery } from '../catalog/vocabulary.ts';
import { fitsDay, isEvening } from './day-rules.ts';
import { centroid, distanceKm, type LatLon } from './geo.ts';
import { isDoable, tightestDoableDays } from './required-days.ts';

export interface DayPlanRequest {
  dayCount: number;
  scenesPerDay: number;
  atmosphere: Atmosphere;
  discovery: Discovery;
  required: readonly Scene[];
  excludedCardIds: ReadonlySet<string>;
}

export interface PlannedScene {
  scene: Scene;
  placement: 'required' | 'recommended';
}

/** Consecutive required scenes further apart than this start a new day when days allow. */
const DAY_GAP_KM = 6;
/** How many kilometres one point of preference match is worth when filling a day. */
const KM_PER_PREFERENCE_POINT = 3;
const CITY_CENTRE: LatLon = { lat: 30.6576, lon: 104.0659 };

export function planDays(candidates: readonly Scene[], request: DayPlanRequest): PlannedScene[][] {
  const groups = groupRequired(request.required, request.dayCount, request.scenesPerDay);
  const days: PlannedScene[][] = Array.from({ length: request.dayCount }, (_, i) =>
    (groups[i] ?? []).map((scene) => ({ scene, placement: 'required' as const })),
  );
  const used = new Set(request.required.map((s) => s.cardId));
  const pool = candidates.filter((s) => !s.selectionOnly && !request.excludedCardIds.has(s.cardId) && !used.has(s.cardId)).sort(byId);

  for (const day of days) {
    if (day.some((p) => p.scene.selectionOnly)) continue;
    while (day.length < request.scenesPerDay) {
      const next = pickNext(day, pool, request);
      if (!next) break;
      day.push({ scene: next, placement: 'recommended' });
      pool.splice(pool.indexOf(next), 1);
    }
  }
  return days.map((day) => dayOrder(day.map((p) => p.scene)).map((scene) => day.find((p) => p.scene === scene)!));
}

/** Go-early scenes lead their day; the rest follow by nearest neighbour; an evening activity ends it. */
function dayOrder(scenes: readonly Scene[]): Scene[] {
  const daytime = scenes.filter((s) => !isEvening(s));
  const early = chainOrder(daytime.filter((s) => s.goEarly === true))[0];
  return [...chainOrder(daytime, early), ...chainOrder(scenes.filter(isEvening))];
}

export function preferenceScore(scene: Scene, atmosphere: Atmosphere, discovery: Discovery): number {
  const near = (a: string, b: string, middle: string) => (a === b ? 2 : a === middle || b === middle ? 1 : 0);
  return near(scene.atmosphere, atmosphere, 'mixed') + near(scene.discovery, discovery, 'blend');
}

function pickNext(day: PlannedScene[], pool: readonly Scene[], request: DayPlanRequest): Scene | undefined {
  let best: Scene | undefined;
  let bestScore = -Infinity;
  const anchor = day.length > 0 ? centroid(day.map((p) => p.scene.planningPoint)) : CITY_CENTRE;
  // Release format 1 has no kinds: a scene without one is a kind of its own.
  const kinds = new Set(day.flatMap((p) => (p.scene.visitKind ? [p.scene.visitKind] : [])));
  const dayScenes = day.map((p) => p.scene);
  for (const scene of pool) {
    if (scene.visitKind && kinds.has(scene.visitKind)) continue;
    if (!fitsDay(scene, dayScenes)) continue;
    const preference = preferenceScore(scene, request.atmosphere, request.discovery);
    const score =
      day.length > 0
        ? preference * KM_PER_PREFERENCE_POINT - distanceKm(anchor, scene.planningPoint)
        : preference * 1000 - distanceKm(anchor, scene.planningPoint);
    if (score > bestScore) {
      best = scene;
      bestScore = score;
    }
  }
  return best;
}

/** Nearest-neighbour chain starting from `start` when given, else from the westernmost scene. */
function chainOrder(scenes: readonly Scene[], start?: Scene): Scene[] {
  const rest = [...scenes].sort((a, b) => a.planningPoint.lon - b.planningPoint.lon || byId(a, b));
  if (start) rest.unshift(...rest.splice(rest.indexOf(start), 1));
  const chain: Scene[] = [];
  let current = rest.shift();
  while (current) {
    chain.push(current);
    const from = current.planningPoint;
    rest.sort((a, b) => distanceKm(from, a.planningPoint) - distanceKm(from, b.planningPoint) || byId(a, b));
    current = rest.shift();
  }
  return chain;
}

function groupRequired(required: readonly Scene[], dayCount: number, perDay: number): Scene[][] {
  if (required.length === 0) return [];
  const chain = chainOrder(required);
  const byGaps = groupByGaps(chain, dayCount, perDay);
  if (byGaps.length <= dayCount && isDoable(byGaps, perDay)) return byGaps;
  // The cuts at gaps left a day that cannot be done; a request that reaches the planner has a
  // doable split (resolve-proposal refuses the others), so this fallback keeps every scene.
  return tightestDoableDays(chain, dayCount, perDay) ?? byGaps;
}

function groupByGaps(chain: readonly Scene[], dayCount: number, perDay: number): Scene[][] {
  const gaps = chain.slice(1).map((scene, i) => distanceKm(chain[i]!.planningPoint, scene.planningPoint));
  // Cut at every large gap, then at the largest remaining gaps while a group is over capacity.
  let cuts = new Set(gaps.flatMap((gap, i) => (gap > DAY_GAP_KM ? [i + 1] : [])));
  const groupsFor = (cutSet: Set<number>) => {
    const sorted = [...cutSet].sort((a, b) => a - b);
    const groups: Scene[][] = [];
    let start = 0;
    for (const cut of [...sorted, chain.length]) {
      groups.push(chain.slice(start, cut));
      start = cut;
    }
    return groups;
  };
  let groups = groupsFor(cuts);
  for (let guard = 0; groups.some((g) => g.length > perDay) && guard < chain.length; guard++) {
    const offset = groups.findIndex((g) => g.length > perDay);
    const first = groups.slice(0, offset).reduce((n, g) => n + g.length, 0);
    const inner = gaps.slice(first, first + groups[offset]!.length - 1);
    const widest = inner.indexOf(Math.max(...inner));
    cuts.add(first + widest + 1);
    groups = groupsFor(cuts);
  }
  // Too many groups for the days: drop the smallest gaps that keep groups within capacity.
  while (groups.length > dayCount) {
    const candidates = [...cuts]
      .filter((cut) => {
        const trial = new Set(cuts);
        trial.delete(cut);
        return groupsFor(trial).every((g) => g.length <= perDay);
      })
      .sort((a, b) => gaps[a - 1]! - gaps[b - 1]! || a - b);
    if (candidates.length === 0) {
      cuts = evenCuts(chain.length, dayCount);
      groups = groupsFor(cuts);
      break;
    }
    cuts.delete(candidates[0]!);
    groups = groupsFor(cuts);
  }
  return groups;
}

/** Contiguous groups as even as possible: the fallback when gaps cannot be honoured. */
function evenCuts(length: number, groups: number): Set<number> {
  const cuts = new Set<number>();
  for (let i = 1; i < groups; i++) cuts.add(Math.round((length * i) / groups));
  return cuts;
}

function byId(a: Scene, b: Scene): number {
  return a.cardId < b.cardId ? -1 : a.cardId > b.cardId ? 1 : 0;
}
