/**
 * The immutable snapshot a traveler's page shows: everything the page needs copied from the
 * release at confirmation time, so a later catalog release never changes a saved page.
 */
import type { LoadedRelease } from '../catalog/loaded-release.ts';
import { sceneDetail } from '../catalog/scene-detail.ts';
import type { DraftContent } from './draft-content.ts';

export interface SnapshotPoint {
  name: { en: string; zh: string };
  precision: 'exact' | 'approximate';
  mapUrl: string;
}

export interface PageSnapshot {
  catalogVersion: string;
  draftRef: string;
  revision: number;
  contentHash: string;
  confirmedAt: string;
  expiresAt: string;
  preferences: DraftContent['preferences'];
  days: Array<{
    day: number;
    scenes: Array<{
      cardId: string;
      name: { en: string; zh: string };
      summary: string;
      visitCaveat: string;
      unknowns: string[];
      selectionOnly: boolean;
      /** Only in snapshots of outings marked usually overnight; older snapshots never have it. */
      usuallyOvernight?: true;
      /** ISO weekdays (Monday = 1) the scene is closed every week; only from release 2026-12-07.1 on, and only when it has any. */
      closedWeekdays?: number[];
      location: { kind: string; meaning: string; note: string; points: SnapshotPoint[] };
    }>;
  }>;
  limitations: string[];
}

export function mapUrlFor(point: { lat: number; lon: number }): string {
  return `https://www.openstreetmap.org/?mlat=${point.lat}&mlon=${point.lon}#map=16/${point.lat}/${point.lon}`;
}

export function buildPageSnapshot(
  release: LoadedRelease,
  content: DraftContent,
  meta: { draftRef: string; revision: number; contentHash: string; confirmedAt: Date; expiresAt: Date },
): PageSnapshot {
  return {
    catalogVersion: content.catalogVersion,
    draftRef: meta.draftRef,
    revision: meta.revision,
    contentHash: meta.contentHash,
    confirmedAt: meta.confirmedAt.toISOString(),
    expiresAt: meta.expiresAt.toISOString(),
    preferences: content.preferences,
    days: content.days.map((day) => ({
      day: day.day,
      scenes: day.scenes.map((s) => {
        const scene = release.sceneById.get(s.cardId)!;
        const detail = sceneDetail(release, scene);
        const location =
          'providerPlaceId' in detail.location
            ? {
                kind: 'exact_place',
                meaning: 'The scene’s own place.',
                note: detail.location.place.note,
                points: [{ name: detail.location.place.name, precision: detail.location.place.precision, mapUrl: mapUrlFor(detail.location.place.point) }],
              }
            : {
                kind: detail.location.navigation.kind,
                meaning: detail.location.navigation.meaning,
                note: detail.location.navigation.note,
                points: detail.location.navigation.points.map((p) => ({ name: p.name, precision: p.place.precision, mapUrl: mapUrlFor(p.place.point) })),
              };
        return {
          cardId: s.cardId,
          name: detail.name,
          summary: detail.summary,
          visitCaveat: detail.visitCaveat,
          unknowns: detail.unknowns,
          selectionOnly: detail.selectionOnly,
          ...(detail.usuallyOvernight ? { usuallyOvernight: true as const } : {}),
          ...(scene.closedWeekdays ? { closedWeekdays: [...scene.closedWeekdays] } : {}),
          location,
        };
      }),
    })),
    limitations: content.limitations,
  };
}
