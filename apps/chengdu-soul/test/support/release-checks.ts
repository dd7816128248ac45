/**
 * Checks every catalog release from 2026-12-01.2 on must pass, shared by the release tests
 * (`src/catalog/release-history.test.ts` runs them over each release; the per-release correction
 * tests use the lookups): what changed since the previous release, the distances a note states
 * against the release's own points, and a digest proving a published folder is unchanged.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { RELEASES_DIR } from '../../src/config.ts';
import { readReleaseFolder } from '../../src/catalog/read-release.ts';
import type { Place, ReleaseDocument, Scene } from '../../src/catalog/release-schema.ts';
import { distanceKm, type LatLon } from '../../src/planning/geo.ts';

export const releaseFolder = (catalogVersion: string) => join(RELEASES_DIR, catalogVersion);
export const readRelease = (catalogVersion: string) => readReleaseFolder(releaseFolder(catalogVersion));

export function sceneOf(release: ReleaseDocument, cardId: string): Scene {
  const found = release.scenes.find((s) => s.cardId === cardId);
  if (!found) throw new Error(`no scene ${cardId} in ${release.manifest.catalogVersion}`);
  return found;
}

export function placeOf(release: ReleaseDocument, providerPlaceId: string): Place {
  const found = release.places.find((p) => p.providerPlaceId === providerPlaceId);
  if (!found) throw new Error(`no place ${providerPlaceId} in ${release.manifest.catalogVersion}`);
  return found;
}

export function navigationNote(scene: Scene): string {
  return 'navigation' in scene.location ? scene.location.navigation.note : '';
}

export function navigationPointIds(scene: Scene): string[] {
  return 'navigation' in scene.location ? scene.location.navigation.points.map((p) => p.providerPlaceId) : [];
}

export const metres = (a: LatLon, b: LatLon) => distanceKm(a, b) * 1000;

/** The cardIds of the scenes added or changed in `release` since `previous`, sorted. */
export function changedScenes(previous: ReleaseDocument, release: ReleaseDocument): string[] {
  const before = new Map(previous.scenes.map((s) => [s.cardId, JSON.stringify(s)]));
  return release.scenes
    .filter((s) => before.get(s.cardId) !== JSON.stringify(s))
    .map((s) => s.cardId)
    .sort();
}

/** SHA-256 over every file of a release folder, path and content, in path order. */
export function folderDigest(folder: string): string {
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
export function distanceMismatches(release: ReleaseDocument): { checked: number; mismatches: string[] } {
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
      const actual = metres(s.planningPoint, placeOf(release, point.providerPlaceId).point);
      const tolerance = match[2] === 'km' ? 60 : 10;
      checked++;
      if (Math.abs(actual - value) > tolerance) mismatches.push(`${s.cardId}: ${point.name.en} stated ${match[0]}, measured ${Math.round(actual)} m`);
    });
    if (attributed !== stated) mismatches.push(`${s.cardId}: ${stated} distances stated, ${attributed} follow a named point`);
  }
  return { checked, mismatches };
}
