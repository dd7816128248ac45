/**
 * Release 2026-12-01.2 carries the second desk fact-check (issue 30): each corrected field is
 * checked against its correction, every station distance a scene states is re-measured from the
 * release's own points, each change is recorded in the release's CHANGES.md, and the two older
 * releases are byte for byte what was published.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RELEASES_DIR } from '../config.ts';
import { distanceKm } from '../planning/geo.ts';
import { planDays } from '../planning/plan-days.ts';
import { newestBundledRelease } from './bundled-releases.ts';
import { readReleaseFolder } from './read-release.ts';
import type { ReleaseDocument, Scene } from './release-schema.ts';

const THIRD = join(RELEASES_DIR, '2026-12-01.2');
const second = readReleaseFolder(join(RELEASES_DIR, '2026-12-01.1'));
const third = readReleaseFolder(THIRD);
const sceneOf = (release: ReleaseDocument, cardId: string): Scene => {
  const found = release.scenes.find((s) => s.cardId === cardId);
  if (!found) throw new Error(`no scene ${cardId} in ${release.manifest.catalogVersion}`);
  return found;
};
const scene = (cardId: string) => sceneOf(third, cardId);
const note = (cardId: string) => {
  const location = scene(cardId).location;
  return 'navigation' in location ? location.navigation.note : '';
};
const pointIds = (cardId: string) => {
  const location = scene(cardId).location;
  return 'navigation' in location ? location.navigation.points.map((p) => p.providerPlaceId) : [];
};
const place = (release: ReleaseDocument, id: string) => release.places.find((p) => p.providerPlaceId === id)!;
const metres = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) => distanceKm(a, b) * 1000;

/** SHA-256 over every file of a release folder, path and content, in path order. */
function folderDigest(folder: string): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.push(relative(folder, path));
    }
  };
  walk(folder);
  const hash = createHash('sha256');
  for (const file of files.sort())
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(folder, file)))
      .update('\0');
  return hash.digest('hex');
}

/**
 * Each "about N m" or "about N km" a navigation note states after naming one of its points,
 * against the haversine distance from the scene's planning point to that point. Returns the
 * mismatches and how many distances were checked; a stated distance that names no point fails too.
 */
function distanceMismatches(release: ReleaseDocument): { checked: number; mismatches: string[] } {
  const mismatches: string[] = [];
  let checked = 0;
  const about = /about (\d[\d,]*(?:\.\d+)?) ?(km|m)\b/g;
  for (const s of release.scenes) {
    if (!('navigation' in s.location)) continue;
    const { note: text, points } = s.location.navigation;
    const stated = [...text.matchAll(about)].length;
    // Notes name a station with or without its line: "Fuqin station (Line 5)" or "Fuqin station".
    const starts = points
      .map((p) => ({ point: p, at: text.indexOf(p.name.en.replace(/\s*\([^)]*\)$/, '')) }))
      .filter((p) => p.at >= 0)
      .sort((a, b) => a.at - b.at);
    let attributed = 0;
    starts.forEach(({ point, at }, i) => {
      const segment = text.slice(at, starts[i + 1]?.at ?? text.length);
      const match = [...segment.matchAll(about)][0];
      if (!match) return;
      attributed++;
      const value = Number(match[1]!.replace(/,/g, '')) * (match[2] === 'km' ? 1000 : 1);
      const actual = metres(s.planningPoint, place(release, point.providerPlaceId).point);
      const tolerance = match[2] === 'km' ? 60 : 10;
      checked++;
      if (Math.abs(actual - value) > tolerance) mismatches.push(`${s.cardId}: ${point.name.en} stated ${match[0]}, measured ${Math.round(actual)} m`);
    });
    if (attributed !== stated) mismatches.push(`${s.cardId}: ${stated} distances stated, ${attributed} follow a named point`);
  }
  return { checked, mismatches };
}

describe('the releases in the repository', () => {
  it('release 3 is the newest, valid, format 2, with 64 scenes of which 15 are outings', () => {
    expect(newestBundledRelease()).toBe(THIRD);
    expect(third.manifest).toMatchObject({ catalogVersion: '2026-12-01.2', format: 2 });
    expect(third.scenes).toHaveLength(64);
    expect(third.scenes.filter((s) => s.selectionOnly)).toHaveLength(15);
  });

  it('the older releases are exactly the files that were published', () => {
    expect(folderDigest(join(RELEASES_DIR, '2026-11-30.1'))).toBe('2c7bc5a20ab8a06ad97730a9ce6d2bac538aa3452c5bae5d9cf911895ed6f33d');
    expect(folderDigest(join(RELEASES_DIR, '2026-12-01.1'))).toBe('0380feb72b73530903d72406176a004dbda4b481dc4f892895bd65bb9ac7f543');
  });

  it('CHANGES.md records every scene that changed or was added, and the notes point to it', () => {
    const changes = readFileSync(join(THIRD, 'CHANGES.md'), 'utf8');
    const before = new Map(second.scenes.map((s) => [s.cardId, JSON.stringify(s)]));
    const changed = third.scenes.filter((s) => before.get(s.cardId) !== JSON.stringify(s)).map((s) => s.cardId);
    expect(changed.sort()).toEqual([
      'dufu-cottage',
      'dujiangyan-panda-base',
      'dujiangyan-panda-valley',
      'huaxiba',
      'jinjiang-night-cruise',
      'jinjiang-theatre',
      'kuanzhai-alley',
      'mount-emei',
      'qingcheng-back-mountain',
      'qingcheng-mountain',
      'sichuan-cuisine-museum',
      'tianfu-art-park',
      'tibetan-quarter',
      'xiling-snow-mountain',
    ]);
    for (const cardId of changed) expect(changes, cardId).toContain(cardId);
    expect(third.scenes.map((s) => s.cardId)).toEqual(expect.arrayContaining(second.scenes.map((s) => s.cardId)));
    expect(third.manifest.notes).toMatch(/CHANGES\.md/);
    expect(third.manifest.notes).toMatch(/chengdu-scene-candidates\.tsv/);
  });
});

describe('station positions and distances', () => {
  it('every station distance a scene states is the measured distance from its own points', () => {
    const { checked, mismatches } = distanceMismatches(third);
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(40);
  });

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
