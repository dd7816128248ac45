/**
 * Release 2026-12-01.2 carries the second desk fact-check (issue 30): each corrected field is
 * checked against its correction. What every release owes (CHANGES.md, measured distances,
 * published folders unchanged) is checked for all of them in release-history.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { planDays } from '../planning/plan-days.ts';
import type { ReleaseDocument } from './release-schema.ts';
import { distanceMismatches, metres, navigationNote, navigationPointIds, placeOf, readRelease, sceneOf } from '../../test/support/release-checks.ts';

const second = readRelease('2026-12-01.1');
const third = readRelease('2026-12-01.2');
const scene = (cardId: string) => sceneOf(third, cardId);
const note = (cardId: string) => navigationNote(scene(cardId));
const pointIds = (cardId: string) => navigationPointIds(scene(cardId));
const place = placeOf;

describe('release 3', () => {
  it('has 64 scenes of which 15 are outings', () => {
    expect(third.scenes).toHaveLength(64);
    expect(third.scenes.filter((s) => s.selectionOnly)).toHaveLength(15);
  });
});

describe('station positions and distances', () => {
  it('the same check finds what the fact-check found in release 2: Huaxiba station', () => {
    expect(distanceMismatches(second).mismatches).toEqual([expect.stringMatching(/^huaxiba: Huaxiba station \(Line 1\) stated about 640 m, measured 221 m$/)]);
  });

  it('Huaxiba station is placed from the candidate data: on Line 1 where its two distances meet', () => {
    const station = place(third, 'cdsp:metro:huaxiba').point;
    expect(metres(scene('huaxiba').planningPoint, station)).toBeCloseTo(640, -1);
    expect(metres(scene('jinli').planningPoint, station)).toBeCloseTo(1350, -1);
    const north = place(third, 'cdsp:metro:tianfu-guangchang').point;
    const south = place(third, 'cdsp:metro:sheng-tiyuguan').point;
    expect(station.lat).toBeLessThan(north.lat);
    expect(station.lat).toBeGreaterThan(south.lat);
    expect(metres(station, place(second, 'cdsp:metro:huaxiba').point)).toBeGreaterThan(450);
    expect(scene('huaxiba').unknowns.some((u) => /500 m/.test(u))).toBe(true);
  });

  it('every other station keeps its release-2 point, and only Panda Avenue is from outside the candidate data', () => {
    for (const p of third.places.filter((x) => x.kind === 'metro_station' && x.providerPlaceId !== 'cdsp:metro:huaxiba')) {
      expect(p.point, p.providerPlaceId).toEqual(place(second, p.providerPlaceId).point);
      if (p.providerPlaceId !== 'cdsp:metro:xiongmao-dadao') expect(p.note, p.providerPlaceId).toMatch(/candidate data/);
    }
    expect(place(third, 'cdsp:metro:xiongmao-dadao').note).toMatch(/encyclopedia.*no distance/);
  });
});

describe('wrong items, corrected', () => {
  it('Panda Valley keeps only its own names; Dujiangyan Panda Base is a scene of its own', () => {
    const valley = scene('dujiangyan-panda-valley');
    expect(valley.aliases!.en).not.toContain('Dujiangyan Panda Base');
    expect(valley.aliases!.en).toEqual(expect.arrayContaining(['China Panda Valley', 'Dujiangyan Breeding and Wild Release Research Centre']));
    expect(valley.aliases!.zh).toEqual(['熊猫谷']);
    expect(valley.overview).toMatch(/not the Dujiangyan Panda Base/);
    expect(scene('dujiangyan-panda-base').name.en).toBe('Dujiangyan Panda Base');
    const elsewhere = third.scenes.filter((s) => s.cardId !== 'dujiangyan-panda-base').flatMap((s) => [s.name.en, ...(s.aliases?.en ?? [])]);
    expect(elsewhere).not.toContain('Dujiangyan Panda Base');
  });

  it('Kuanzhai Alley moved about 500 m north-west onto the lanes, and its distances are measured again', () => {
    const before = sceneOf(second, 'kuanzhai-alley').planningPoint;
    const after = scene('kuanzhai-alley').planningPoint;
    expect(metres(before, after)).toBeGreaterThan(450);
    expect(metres(before, after)).toBeLessThan(550);
    expect(after.lat).toBeGreaterThan(before.lat);
    expect(after.lon).toBeLessThan(before.lon);
    const line4 = metres(after, place(third, 'cdsp:metro:kuanzhai-xiangzi').point);
    const line2 = metres(after, place(third, 'cdsp:metro:renmin-gongyuan').point);
    expect(line4).toBeGreaterThanOrEqual(60);
    expect(line4).toBeLessThanOrEqual(300);
    expect(line2).toBeGreaterThan(line4);
    expect(metres(place(third, 'cdsp:metro:kuanzhai-xiangzi').point, place(third, 'cdsp:metro:renmin-gongyuan').point)).toBeCloseTo(894, -1);
    expect(note('kuanzhai-alley')).toMatch(/Kuanzhai Xiangzi station \(Line 4\).*about 260 m.*People's Park station \(Line 2\), about 680 m/s);
    expect(pointIds('kuanzhai-alley')[0]).toBe('cdsp:metro:kuanzhai-xiangzi');
  });
});

describe('doubtful items, checked', () => {
  it('Panda Valley drops the unsourced Chinese alias and goes early', () => {
    const valley = scene('dujiangyan-panda-valley');
    expect(JSON.stringify(valley)).not.toContain('都江堰大熊猫野化放归基地');
    expect(valley.goEarly).toBe(true);
    expect(valley.unknowns.some((u) => /Chinese name/.test(u))).toBe(true);
  });

  it('the night cruise names the Dongmen Wharf route, varying piers, and a kind of its own', () => {
    const cruise = scene('jinjiang-night-cruise');
    expect(cruise.overview).toMatch(/Dongmen Wharf.*Hejiang Pavilion.*Anshun/s);
    expect(cruise.overview).toMatch(/January 2025.*20 km.*ten piers/s);
    expect(cruise.overview).not.toMatch(/between Hejiang Pavilion.*and Jiuyan Bridge/s);
    expect(cruise.visitCaveat).toMatch(/piers/);
    expect(cruise.visitKind).toBe('river_cruise');
    for (const cardId of ['hejiang-anshun', 'jiuyanqiao']) expect(scene(cardId).visitKind, cardId).toBe('riverside');
  });

  it('the planner may now add a riverside walk to a day with the cruise, where release 2 could not', () => {
    const plan = (release: ReleaseDocument) => {
      const pool = ['hejiang-anshun', 'jiuyanqiao', 'jinjiang-night-cruise'].map((id) => sceneOf(release, id));
      const [day] = planDays(pool, {
        dayCount: 1,
        scenesPerDay: 3,
        atmosphere: 'lively',
        discovery: 'blend',
        required: [sceneOf(release, 'jinjiang-night-cruise')],
        excludedCardIds: new Set(),
      });
      return day!.map((p) => p.scene.cardId);
    };
    expect(plan(second)).toEqual(['jinjiang-night-cruise']);
    const day = plan(third);
    expect(day).toHaveLength(2);
    expect(day).toContain('jinjiang-night-cruise');
  });

  it('Jinjiang Theatre is the Chengdu Sichuan Opera Art Center, rebuilt 2020-2023', () => {
    const theatre = scene('jinjiang-theatre');
    expect(theatre.aliases!.en).toEqual(expect.arrayContaining(['Chengdu Sichuan Opera Art Center']));
    expect(theatre.aliases!.zh).toEqual(expect.arrayContaining(['成都川剧艺术中心']));
    expect(theatre.overview).toMatch(/demolished in 2020/);
    expect(theatre.overview).toMatch(/September 2023/);
    expect(theatre.overview).toMatch(/about 300 seats/);
    expect(`${theatre.summary} ${theatre.overview}`).not.toMatch(/long-established|keeps an old-style teahouse/);
  });

  it('Tianfu Art Park no longer puts Line 27 in the park; Chadianzi Bus Terminal stays nearest', () => {
    expect(note('tianfu-art-park')).not.toMatch(/runs through the park/);
    expect(note('tianfu-art-park')).toMatch(/Line 27 does not run through the park/);
    expect(note('tianfu-art-park')).toMatch(/Yangxi Interchange and Jinniu Park/);
    expect(pointIds('tianfu-art-park')).toEqual(['cdsp:metro:chadianzi-keyunzhan']);
  });

  it('the Tibetan quarter names the reported police presence and that its current level is unknown', () => {
    const quarter = scene('tibetan-quarter');
    expect(quarter.visitCaveat).not.toMatch(/may be present at times/);
    expect(quarter.visitCaveat).toMatch(/permanent police presence.*2015 to 2018|2015 to 2018.*permanent police presence/s);
    expect(quarter.visitCaveat).toMatch(/not known/);
    expect(quarter.unknowns.some((u) => /police/.test(u))).toBe(true);
  });

  it('Mount Emei is marked usually overnight and its caveat no longer calls it a day trip', () => {
    const emei = scene('mount-emei');
    expect(emei.usuallyOvernight).toBe(true);
    expect(emei.visitCaveat).toMatch(/night/);
    expect(emei.visitCaveat).not.toMatch(/day-trip outing/);
    expect(third.scenes.filter((s) => s.usuallyOvernight).map((s) => s.cardId)).toEqual(['mount-emei']);
  });
});

describe('the outings travelers expect', () => {
  const added = ['dujiangyan-panda-base', 'xiling-snow-mountain', 'sichuan-cuisine-museum', 'qingcheng-back-mountain'];

  it('are optional outings that explain the journey and list what was not checked', () => {
    for (const cardId of added) {
      const outing = scene(cardId);
      expect(outing.selectionOnly, cardId).toBe(true);
      expect(outing.tags, cardId).toContain('day-trip');
      expect(outing.visitCaveat, cardId).toMatch(/day-trip outing/);
      expect(
        outing.unknowns.some((u) => /exact position/.test(u)),
        cardId,
      ).toBe(true);
      expect(
        second.scenes.some((s) => s.cardId === cardId),
        cardId,
      ).toBe(false);
    }
  });

  it("carry the fact-check's facts", () => {
    expect(scene('dujiangyan-panda-base').overview).toMatch(/China Conservation and Research Center for the Giant Panda/);
    expect(scene('dujiangyan-panda-base').overview).toMatch(/Shiqiao village.*Qingchengshan township.*18 km/s);
    expect(scene('dujiangyan-panda-base').overview).toMatch(/volunteer programme/);
    expect(scene('dujiangyan-panda-base').goEarly).toBe(true);
    expect(scene('xiling-snow-mountain').name.zh).toBe('西岭雪山');
    expect(scene('xiling-snow-mountain').overview).toMatch(/Dayi County.*95 to 100 km.*5,364 m/s);
    expect(scene('xiling-snow-mountain').overview).toMatch(/skiing/);
    expect(scene('sichuan-cuisine-museum').name.zh).toBe('川菜博物馆');
    expect(scene('sichuan-cuisine-museum').overview).toMatch(/Pidu.*33 km north-west.*doubanjiang.*cooking/s);
    expect(scene('qingcheng-back-mountain').name.zh).toBe('青城后山');
    expect(scene('qingcheng-back-mountain').aliases!.zh).toContain('泰安古镇');
  });

  it('are pointed to from the scenes that mention them', () => {
    expect(scene('dufu-cottage').overview).toMatch(/西岭.*Xiling Snow Mountain/s);
    expect(scene('qingcheng-mountain').overview).toMatch(/Back Mountain.*Tai'an.*its own outing/s);
  });
});
