/**
 * How `/agents` groups the catalog for a person browsing it: the city's scenes by area, then the
 * optional day trips. A release that names each scene's area (an `area` of English and Chinese
 * names) is grouped by it; this release does not, so the area is the compass sector of the
 * scene's planning point from Tianfu Square — the same unconfirmed estimate the planner groups
 * days with, used only to group and never shown.
 */
import type { Scene } from '../catalog/release-schema.ts';

export interface SceneGroup {
  key: string;
  name: { en: string; zh: string };
  cardIds: string[];
}

/** Tianfu Square 天府广场, the city's conventional centre. */
const CENTRE = { lat: 30.6571, lon: 104.0657 };
/** Within this straight-line distance a scene counts as central. */
const CENTRAL_KM = 3.5;

const SECTORS = [
  { key: 'central', name: { en: 'Central Chengdu', zh: '市中心' } },
  { key: 'north', name: { en: 'North of the centre', zh: '城北' } },
  { key: 'east', name: { en: 'East of the centre', zh: '城东' } },
  { key: 'south', name: { en: 'South of the centre', zh: '城南' } },
  { key: 'west', name: { en: 'West of the centre', zh: '城西' } },
] as const;

function sectorOf(point: { lat: number; lon: number }): (typeof SECTORS)[number] {
  const dy = (point.lat - CENTRE.lat) * 111.32;
  const dx = (point.lon - CENTRE.lon) * 111.32 * Math.cos((CENTRE.lat * Math.PI) / 180);
  if (Math.hypot(dx, dy) <= CENTRAL_KM) return SECTORS[0];
  const bearing = (Math.atan2(dx, dy) * 180) / Math.PI;
  if (bearing > -45 && bearing <= 45) return SECTORS[1];
  if (bearing > 45 && bearing <= 135) return SECTORS[2];
  if (bearing > -135 && bearing <= -45) return SECTORS[4];
  return SECTORS[3];
}

function namedArea(scene: Scene): { en: string; zh: string } | null {
  const area = (scene as { area?: unknown }).area;
  if (area && typeof area === 'object' && typeof (area as { en?: unknown }).en === 'string' && typeof (area as { zh?: unknown }).zh === 'string') {
    return area as { en: string; zh: string };
  }
  return null;
}

/** The city scenes' groups in a fixed order (named areas alphabetically), each in the order given. */
export function cityGroups(scenes: readonly Scene[]): SceneGroup[] {
  const groups = new Map<string, SceneGroup>();
  for (const scene of scenes) {
    const named = namedArea(scene);
    const { key, name }: { key: string; name: { en: string; zh: string } } = named ? { key: `area:${named.en}`, name: named } : sectorOf(scene.planningPoint);
    const group = groups.get(key) ?? { key, name, cardIds: [] };
    group.cardIds.push(scene.cardId);
    groups.set(key, group);
  }
  const order = (g: SceneGroup) => {
    const sector = SECTORS.findIndex((s) => s.key === g.key);
    return sector >= 0 ? String(sector) : `9${g.name.en}`;
  };
  return [...groups.values()].sort((a, b) => order(a).localeCompare(order(b)));
}
