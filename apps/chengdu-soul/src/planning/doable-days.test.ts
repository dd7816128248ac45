/**
 * The seventeen kinds of two- and three-day request of issue 45's planner review, run through the
 * code `propose_chengdu_itinerary` uses (resolveProposal, then planDays) on the newest release:
 * mixed far outings, Dujiangyan-area clusters, evening shows and overnight outings. Each answer is
 * either days a traveler can do, checked here against the rules written out independently, or a
 * refusal before any plan naming the scenes and the fewest days that would hold them.
 */
import { describe, expect, it } from 'vitest';
import { newestBundledRelease } from '../catalog/bundled-releases.ts';
import { loadRelease } from '../catalog/loaded-release.ts';
import { readReleaseFolder } from '../catalog/read-release.ts';
import type { Scene } from '../catalog/release-schema.ts';
import { ATMOSPHERES, DISCOVERIES, PLAN_LIMITS, RHYTHMS, type Atmosphere, type Discovery } from '../catalog/vocabulary.ts';
import { distanceKm } from './geo.ts';
import { planDays } from './plan-days.ts';
import { resolveProposal } from './resolve-proposal.ts';

const release = loadRelease(readReleaseFolder(newestBundledRelease()), new Date());
type Rhythm = (typeof RHYTHMS)[number];

interface Request {
  dayCount: number;
  rhythm: Rhythm;
  required: string[];
  atmosphere?: Atmosphere;
  discovery?: Discovery;
}

/** What the tool does with a request: refuse it before any draft, or plan its days. */
function propose(request: Request): { days: Scene[][]; required: Set<string> } | { error: { code: string; message: string; details: any } } {
  const input = {
    dayCount: request.dayCount,
    rhythm: request.rhythm,
    atmosphere: request.atmosphere ?? 'mixed',
    discovery: request.discovery ?? 'blend',
    sceneSelection: { catalogVersion: release.catalogVersion, requiredCardIds: request.required },
  };
  let resolved: ReturnType<typeof resolveProposal>;
  try {
    resolved = resolveProposal(release, input, new Set());
  } catch (error) {
    const { code, message, details } = error as { code: string; message: string; details: unknown };
    return { error: { code, message, details } };
  }
  const days = planDays(release.scenes, {
    dayCount: input.dayCount,
    scenesPerDay: resolved.scenesPerDay,
    atmosphere: input.atmosphere,
    discovery: input.discovery,
    required: resolved.required,
    excludedCardIds: new Set(resolved.excludedCardIds),
  });
  return { days: days.map((day) => day.map((p) => p.scene)), required: new Set(request.required) };
}

/** The review's rules, written out here on their own so the planner is not checked against itself. */
function undoable(day: readonly Scene[], scenesPerDay: number): string[] {
  const problems: string[] = [];
  const names = day.map((s) => s.cardId).join(', ');
  if (day.length > scenesPerDay) problems.push(`${names}: more than ${scenesPerDay} scenes`);
  for (const a of day) {
    for (const b of day) {
      if (a.cardId >= b.cardId) continue;
      const km = distanceKm(a.planningPoint, b.planningPoint);
      if (km > 30) problems.push(`${a.cardId} and ${b.cardId} are ${km.toFixed(0)} km apart`);
      if ((a.selectionOnly || b.selectionOnly) && km > 5) problems.push(`${a.cardId} and ${b.cardId}: an outing shares its day beyond its own area`);
    }
  }
  if (day.some((s) => s.usuallyOvernight) && day.length > 1) problems.push(`${names}: an overnight outing does not keep its day to itself`);
  const evening = day.filter((s) => s.visitKind === 'evening_show' || s.visitKind === 'river_cruise');
  if (evening.length > 1) problems.push(`${names}: two evening activities`);
  if (evening.length === 1 && day.at(-1) !== evening[0]) problems.push(`${names}: the evening activity does not end the day`);
  return problems;
}

function expectDoable(request: Request): Scene[][] {
  const answer = propose(request);
  if ('error' in answer) throw new Error(`expected a plan, got ${answer.error.code}: ${answer.error.message}`);
  const perDay = PLAN_LIMITS.scenesPerDay[request.rhythm];
  expect(answer.days).toHaveLength(request.dayCount);
  expect(answer.days.flatMap((day) => undoable(day, perDay))).toEqual([]);
  const placed = answer.days.flat().map((s) => s.cardId);
  for (const id of request.required) expect(placed, `${id} kept`).toContain(id);
  expect(new Set(placed).size).toBe(placed.length);
  return answer.days;
}

function expectRefused(request: Request, fewestDays: number) {
  const answer = propose(request);
  if (!('error' in answer)) throw new Error(`expected a refusal, got days ${answer.days.map((d) => d.map((s) => s.cardId).join('+')).join(' | ')}`);
  expect(answer.error.code).toBe('too_many_required_scenes');
  expect(answer.error.details).toMatchObject({ cardIds: request.required, dayCount: request.dayCount, rhythm: request.rhythm, fewestDays });
  // The split offered is itself doable and holds every required scene once.
  const split: string[][] = answer.error.details.doableDays;
  expect(split).toHaveLength(fewestDays);
  expect(split.flat().sort()).toEqual([...request.required].sort());
  const perDay = PLAN_LIMITS.scenesPerDay[request.rhythm];
  expect(
    split.flatMap((day) =>
      undoable(
        day.map((id) => release.sceneById.get(id)!),
        perDay,
      ),
    ),
  ).toEqual([]);
  expect(answer.error.message).toContain(`at least ${fewestDays} ${request.rhythm} day`);
  return answer.error;
}

const ids = (days: Scene[][]) => days.map((day) => day.map((s) => s.cardId));
const dayOf = (days: Scene[][], cardId: string) => ids(days).find((day) => day.includes(cardId))!;

describe('mixed far outings', () => {
  it('1. Xiling Snow Mountain and Sanxingdui, 102 km apart on opposite sides of Chengdu, take a day each', () => {
    const days = expectDoable({ dayCount: 2, rhythm: 'full', required: ['xiling-snow-mountain', 'sanxingdui'] });
    expect(dayOf(days, 'xiling-snow-mountain')).toEqual(['xiling-snow-mountain']);
    expect(dayOf(days, 'sanxingdui')).toEqual(['sanxingdui']);
  });

  it('2. Xiling, Sanxingdui and a city scene in two days are refused: they need three', () => {
    const error = expectRefused({ dayCount: 2, rhythm: 'balanced', required: ['xiling-snow-mountain', 'sanxingdui', 'kuanzhai-alley'] }, 3);
    expect(error.details.apart).toEqual(expect.arrayContaining([{ cardIds: ['xiling-snow-mountain', 'sanxingdui'], reason: 'far_apart' }]));
  });

  it('3. the Chengdu panda base and Xiling (90 km) are never one day; the city day may take more of the city', () => {
    const days = expectDoable({ dayCount: 2, rhythm: 'full', required: ['panda-base', 'xiling-snow-mountain', 'wenshu-monastery'] });
    expect(dayOf(days, 'xiling-snow-mountain')).toEqual(['xiling-snow-mountain']);
    expect(dayOf(days, 'panda-base')).toContain('wenshu-monastery');
  });

  it('4. Xiling with Wuhou Shrine, Jinli and the panda base in two balanced days is refused: three are needed', () => {
    expectRefused({ dayCount: 2, rhythm: 'balanced', required: ['xiling-snow-mountain', 'wuhou-shrine', 'jinli', 'panda-base'] }, 3);
  });

  it('5. Xiling with Wuhou Shrine and Jinli (81 km): Xiling alone, the two city scenes together', () => {
    const days = expectDoable({ dayCount: 2, rhythm: 'balanced', required: ['xiling-snow-mountain', 'wuhou-shrine', 'jinli'] });
    expect(dayOf(days, 'xiling-snow-mountain')).toEqual(['xiling-snow-mountain']);
    expect(dayOf(days, 'jinli').sort()).toEqual(['jinli', 'wuhou-shrine']);
  });

  it('6. four far outings and a city scene in three days need more days than a plan holds', () => {
    const error = expectRefused({ dayCount: 3, rhythm: 'full', required: ['xiling-snow-mountain', 'sanxingdui', 'leshan-giant-buddha', 'kuanzhai-alley'] }, 4);
    expect(error.message).toContain('more than one plan holds');
  });
});

describe('overnight outings', () => {
  it('7. Mount Emei, usually overnight, and Leshan (29 km apart) take a day each', () => {
    const days = expectDoable({ dayCount: 2, rhythm: 'full', required: ['mount-emei', 'leshan-giant-buddha'] });
    expect(ids(days)).toEqual(expect.arrayContaining([['mount-emei'], ['leshan-giant-buddha']]));
  });

  it('8. Mount Emei, Leshan and a city scene in two days are refused: Emei keeps its day to itself', () => {
    const error = expectRefused({ dayCount: 2, rhythm: 'full', required: ['mount-emei', 'leshan-giant-buddha', 'wenshu-monastery'] }, 3);
    expect(error.details.apart).toEqual(expect.arrayContaining([{ cardIds: ['mount-emei', 'leshan-giant-buddha'], reason: 'overnight_outing' }]));
  });

  it('9. Mount Emei with two outings and two city scenes in three balanced days: each outing alone', () => {
    const days = expectDoable({
      dayCount: 3,
      rhythm: 'balanced',
      required: ['mount-emei', 'dujiangyan-panda-base', 'kuanzhai-alley', 'wenshu-monastery'],
    });
    expect(dayOf(days, 'mount-emei')).toEqual(['mount-emei']);
    expect(dayOf(days, 'dujiangyan-panda-base')).toEqual(['dujiangyan-panda-base']);
  });
});

describe('Dujiangyan-area clusters', () => {
  it('10. the Dujiangyan Panda Base with Qingcheng Front and Back Mountain is not one day: three days are needed', () => {
    const error = expectRefused({ dayCount: 2, rhythm: 'full', required: ['dujiangyan-panda-base', 'qingcheng-mountain', 'qingcheng-back-mountain'] }, 3);
    expect(error.details.apart).toEqual(
      expect.arrayContaining([{ cardIds: ['qingcheng-mountain', 'qingcheng-back-mountain'], reason: 'outing_takes_the_day' }]),
    );
  });

  it('11. the same three in three spacious days: one a day', () => {
    const days = expectDoable({ dayCount: 3, rhythm: 'spacious', required: ['dujiangyan-panda-base', 'qingcheng-mountain', 'qingcheng-back-mountain'] });
    expect(days.every((day) => day.length === 1)).toBe(true);
  });

  it('12. the Dujiangyan irrigation works and Panda Valley, in the same town, share a day; the other day stays in the city', () => {
    const days = expectDoable({ dayCount: 2, rhythm: 'balanced', required: ['dujiangyan', 'dujiangyan-panda-valley'] });
    expect(dayOf(days, 'dujiangyan').sort()).toEqual(['dujiangyan', 'dujiangyan-panda-valley']);
    const other = days.find((day) => !day.some((s) => s.cardId === 'dujiangyan'))!;
    expect(other.every((s) => !s.selectionOnly)).toBe(true);
  });

  it('13. Dujiangyan, Panda Valley and Qingcheng Front in two days: the town together, the mountain apart', () => {
    const days = expectDoable({ dayCount: 2, rhythm: 'full', required: ['dujiangyan', 'dujiangyan-panda-valley', 'qingcheng-mountain'] });
    expect(dayOf(days, 'qingcheng-mountain')).toEqual(['qingcheng-mountain']);
  });
});

describe('evening shows', () => {
  it('14. Shufeng Yayun ends the day it shares with the city, after the scenes recommended around it', () => {
    for (const atmosphere of ATMOSPHERES as readonly Atmosphere[]) {
      const days = expectDoable({ dayCount: 2, rhythm: 'full', required: ['shufeng-yayun', 'wenshu-monastery'], atmosphere });
      expect(dayOf(days, 'shufeng-yayun').at(-1)).toBe('shufeng-yayun');
    }
  });

  it('15. two evening shows and two city scenes in two balanced days: one show ends each day', () => {
    const days = expectDoable({ dayCount: 2, rhythm: 'balanced', required: ['shufeng-yayun', 'jinjiang-theatre', 'wenshu-monastery', 'jinli'] });
    expect(days.map((day) => day.at(-1)!.visitKind)).toEqual(['evening_show', 'evening_show']);
  });

  it('16. two shows and the night cruise in two days are refused: each evening ends a different day', () => {
    const error = expectRefused({ dayCount: 2, rhythm: 'full', required: ['shufeng-yayun', 'jinjiang-theatre', 'jinjiang-night-cruise'] }, 3);
    expect(error.details.apart).toEqual(expect.arrayContaining([{ cardIds: ['shufeng-yayun', 'jinjiang-theatre'], reason: 'two_evening_activities' }]));
  });

  it('17. the night cruise and Sanxingdui: the cruise is not put on the outing day', () => {
    const days = expectDoable({ dayCount: 2, rhythm: 'balanced', required: ['jinjiang-night-cruise', 'sanxingdui'] });
    expect(dayOf(days, 'sanxingdui')).toEqual(['sanxingdui']);
  });
});

describe('recommendations', () => {
  it('fill days only within the same rules, for every preference and rhythm, with and without an outing', () => {
    for (const rhythm of RHYTHMS) {
      for (const atmosphere of ATMOSPHERES as readonly Atmosphere[]) {
        for (const discovery of DISCOVERIES as readonly Discovery[]) {
          expectDoable({ dayCount: 3, rhythm, required: [], atmosphere, discovery });
          expectDoable({ dayCount: 3, rhythm, required: ['xinglong-lake', 'shufeng-yayun'], atmosphere, discovery });
        }
      }
    }
  });

  it('a far-south city scene does not pull in the far north: Xinglong Lake and Baoguang Temple never share a day', () => {
    expect(distanceKm(release.sceneById.get('xinglong-lake')!.planningPoint, release.sceneById.get('baoguang-temple')!.planningPoint)).toBeGreaterThan(30);
    expectRefused({ dayCount: 1, rhythm: 'balanced', required: ['xinglong-lake', 'baoguang-temple'] }, 2);
  });
});
