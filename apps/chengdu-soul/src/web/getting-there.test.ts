/**
 * The traveler page's "Getting there" lines state only what the catalog's notes state, point by
 * point, and a station the notes call the one most visitors use never hides a nearer one.
 */
import { describe, expect, it } from 'vitest';
import { newestBundledRelease } from '../catalog/bundled-releases.ts';
import { readReleaseFolder } from '../catalog/read-release.ts';
import { distanceKm } from '../planning/geo.ts';
import { gettingThereLine, statedDistances } from './getting-there.ts';

const release = readReleaseFolder(newestBundledRelease());
const places = new Map(release.places.map((p) => [p.providerPlaceId, p]));
const scene = (cardId: string) => release.scenes.find((s) => s.cardId === cardId)!;
const navigation = (cardId: string) => {
  const location = scene(cardId).location;
  if (!('navigation' in location)) throw new TypeError(`${cardId} has no navigation`);
  return location.navigation;
};

describe('Getting there lines', () => {
  it('Kuanzhai Alley: station · line · the distance its note states, one line per station', () => {
    const nav = navigation('kuanzhai-alley');
    const names = nav.points.map((p) => p.name.en);
    const distances = statedDistances(nav.note, names);
    expect(names.map((name, i) => gettingThereLine(name, distances[i]))).toEqual([
      'Kuanzhai Xiangzi station · Line 4 · about 260 m',
      "People's Park station · Line 2 · about 680 m",
    ]);
  });

  it('gives no distance where the note states none, and names a place without a line as it is', () => {
    const tibetan = navigation('tibetan-quarter');
    expect(
      statedDistances(
        tibetan.note,
        tibetan.points.map((p) => p.name.en),
      ),
    ).toEqual([undefined]);
    const qingcheng = navigation('qingcheng-mountain');
    const name = qingcheng.points[0]!.name.en;
    expect(gettingThereLine(name, statedDistances(qingcheng.note, [name])[0])).toBe('Mount Qingcheng Front Mountain Scenic Area');
  });

  it('reads every stated distance of the release and never one the note does not give', () => {
    let stated = 0;
    for (const s of release.scenes) {
      if (!('navigation' in s.location)) continue;
      const { note, points } = s.location.navigation;
      const found = statedDistances(
        note,
        points.map((p) => p.name.en),
      ).filter(Boolean);
      stated += found.length;
      for (const distance of found) expect(note, s.cardId).toContain(distance!);
      expect(found.length, s.cardId).toBe([...note.matchAll(/about \d[\d,]*(?:\.\d+)? ?(?:km|m)\b/g)].length);
    }
    expect(stated).toBeGreaterThan(40);
  });
});

describe('the station most visitors use', () => {
  it('in each note that names one, no listed point is nearer without its own distance stated', () => {
    for (const s of release.scenes) {
      if (!('navigation' in s.location) || !/most visitors use/.test(s.location.navigation.note)) continue;
      const { note, points } = s.location.navigation;
      const distances = statedDistances(
        note,
        points.map((p) => p.name.en),
      );
      const metres = points.map((p) => distanceKm(s.planningPoint, places.get(p.providerPlaceId)!.point) * 1000);
      const named = points.findIndex((p) => new RegExp(`${p.name.en.replace(/\s*\(.*$/, '')}[^.]*most visitors use`).test(note));
      expect(named, s.cardId).toBeGreaterThanOrEqual(0);
      points.forEach((_, i) => {
        if (metres[i]! < metres[named]!) expect(distances[i], `${s.cardId}: a nearer point without a distance`).toBeDefined();
      });
    }
  });

  it('Kuanzhai Xiangzi station is the nearest of every station in the catalog to Kuanzhai Alley', () => {
    const alley = scene('kuanzhai-alley').planningPoint;
    const stations = release.places.filter((p) => p.providerPlaceId.startsWith('cdsp:metro:'));
    const nearest = stations.reduce((a, b) => (distanceKm(alley, a.point) <= distanceKm(alley, b.point) ? a : b));
    expect(nearest.providerPlaceId).toBe('cdsp:metro:kuanzhai-xiangzi');
    expect(navigation('kuanzhai-alley').note).toMatch(
      /^Nearby metro arrival options: Kuanzhai Xiangzi station \(Line 4\), the station named after the lanes and the one most visitors use/,
    );
  });
});
