/**
 * Which scenes can be done on the same day (issue 45, "doable days"). The rules are pairwise, so
 * a day is doable when every two of its scenes may share it and it holds no more scenes than the
 * rhythm allows:
 *
 * - Two scenes more than FAR_APART_KM apart in a straight line never share a day.
 * - An optional outing (selectionOnly) takes its day: the journey there and back fills it. Only a
 *   scene within the outing's own area (OUTING_AREA_KM of it, such as the Dujiangyan irrigation
 *   works and Panda Valley in the same town) may join it. Two outings in the same hills but not
 *   the same area (Qingcheng's Front and Back Mountain) take a day each.
 * - An outing usually made with a night away keeps its day to itself.
 * - An evening activity ends its day, so a day holds at most one.
 */
import type { Scene } from '../catalog/release-schema.ts';
import type { VisitKind } from '../catalog/vocabulary.ts';
import { distanceKm } from './geo.ts';

/** About the most a traveler crosses within one day between scenes, in a straight line. */
export const FAR_APART_KM = 30;
/** How near to an outing another scene must be to count as within the outing's own area. */
export const OUTING_AREA_KM = 5;
/**
 * Kinds of visit that happen in the evening and so end their day. The catalog's only river
 * cruise is the Jinjiang night cruise, whose caveat calls it an evening activity.
 */
const EVENING_KINDS: ReadonlySet<VisitKind> = new Set<VisitKind>(['evening_show', 'river_cruise']);

export function isEvening(scene: Scene): boolean {
  return scene.visitKind !== undefined && EVENING_KINDS.has(scene.visitKind);
}

/** Why two scenes cannot share a day, or undefined when they can. */
export type ApartReason = 'far_apart' | 'outing_takes_the_day' | 'overnight_outing' | 'two_evening_activities';

export function whyApart(a: Scene, b: Scene): ApartReason | undefined {
  if (a.usuallyOvernight || b.usuallyOvernight) return 'overnight_outing';
  const km = distanceKm(a.planningPoint, b.planningPoint);
  if (km > FAR_APART_KM) return 'far_apart';
  if ((a.selectionOnly || b.selectionOnly) && km > OUTING_AREA_KM) return 'outing_takes_the_day';
  if (isEvening(a) && isEvening(b)) return 'two_evening_activities';
  return undefined;
}

export function mayShareDay(a: Scene, b: Scene): boolean {
  return whyApart(a, b) === undefined;
}

/** A scene may join a day when it may share it with every scene already there. */
export function fitsDay(scene: Scene, day: readonly Scene[]): boolean {
  return day.every((other) => mayShareDay(scene, other));
}
