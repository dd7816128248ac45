/**
 * A plan's points as a GPX 1.1 file for offline map apps (OsmAnd, Organic Maps, Maps.me), which
 * keep working where mobile data does not: every point of every scene as a waypoint, named by its
 * day, its scene and the point, with the Chinese name beside it for a taxi driver. Waypoints only,
 * never a route or a track: the plan has no order within a day, and a line between points would
 * read as directions the plan never checked. A single day's file holds that day's points.
 */
import type { PageSnapshot } from '../planning/page-snapshot.ts';
import { pointFromOsmLink } from './map-links.ts';
import { escapeXml } from './xml-text.ts';

export function planPointsGpx(snapshot: PageSnapshot, pageUrl: string, onlyDay?: number): string {
  const days = snapshot.days.filter((day) => onlyDay === undefined || day.day === onlyDay);
  const waypoints = days.flatMap((day) =>
    day.scenes.flatMap((scene) =>
      scene.location.points.flatMap((p) => {
        const point = pointFromOsmLink(p.mapUrl);
        if (!point) return [];
        const name = `Day ${day.day} · ${scene.name.en}${p.name.en === scene.name.en ? '' : ` — ${p.name.en}`}`;
        const description = `${scene.name.zh} · ${p.name.zh} (${p.precision === 'exact' ? 'exact point' : 'approximate point'}). ${scene.visitCaveat}`;
        return [
          `  <wpt lat="${point.lat}" lon="${point.lon}">`,
          `    <name>${escapeXml(name)}</name>`,
          `    <desc>${escapeXml(description)}</desc>`,
          `    <link href="${escapeXml(`${pageUrl}#scene-${scene.cardId}`)}"><text>${escapeXml(scene.name.en)}</text></link>`,
          `    <type>Day ${day.day}</type>`,
          '  </wpt>',
        ];
      }),
    ),
  );
  const title = onlyDay === undefined ? 'Chengdu days' : `Chengdu day ${onlyDay}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Chengdu Soul" xmlns="http://www.topografix.com/GPX/1/1">',
    '  <metadata>',
    `    <name>${escapeXml(title)}</name>`,
    `    <link href="${escapeXml(pageUrl)}"><text>The whole plan</text></link>`,
    `    <time>${snapshot.confirmedAt}</time>`,
    '  </metadata>',
    ...waypoints,
    '</gpx>',
    '',
  ].join('\n');
}
