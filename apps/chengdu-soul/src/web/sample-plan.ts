/**
 * The front page's sample: two quiet, balanced days the planner draws from the current release,
 * exactly as it would for a traveler who asked for nothing in particular. Computed once per
 * release (the planner is deterministic), so the sample changes only when the catalog does.
 */
import type { LoadedRelease } from '../catalog/loaded-release.ts';
import { PLAN_LIMITS } from '../catalog/vocabulary.ts';
import { planDays } from '../planning/plan-days.ts';

export interface SampleDay {
  day: number;
  scenes: Array<{ cardId: string; name: { en: string; zh: string }; detailPath: string }>;
}

/** What the sample asks for, said on the page. */
export const SAMPLE_REQUEST = { dayCount: 2, rhythm: 'balanced', atmosphere: 'quiet', discovery: 'blend' } as const;

const samples = new WeakMap<LoadedRelease, SampleDay[]>();

export function samplePlan(release: LoadedRelease): SampleDay[] {
  const known = samples.get(release);
  if (known) return known;
  const days = planDays(release.scenes, {
    dayCount: SAMPLE_REQUEST.dayCount,
    scenesPerDay: PLAN_LIMITS.scenesPerDay[SAMPLE_REQUEST.rhythm],
    atmosphere: SAMPLE_REQUEST.atmosphere,
    discovery: SAMPLE_REQUEST.discovery,
    required: [],
    excludedCardIds: new Set(),
  }).map((planned, index) => ({
    day: index + 1,
    scenes: planned.map(({ scene }) => ({ cardId: scene.cardId, name: scene.name, detailPath: `/agents/scenes/${scene.cardId}` })),
  }));
  samples.set(release, days);
  return days;
}
