/**
 * A map of catalog points on a page: a `<figure>` carrying the points, the tile settings and a
 * caption, which the map script (map-assets.ts) fills with a Leaflet map once a tile has arrived.
 * The caption describes the map, so it shows only once the map is drawn (site.css): without
 * JavaScript, or when the tiles fail, the page's own list of the points (with straight-line
 * distances) is what the traveler reads, with no words about a map that is not there. The points
 * are the catalog's own (or a saved page's copy of them); the map never draws a line between them.
 */
import { LEAFLET_SCRIPT_PATH, MAP_SCRIPT_PATH, MAP_STYLESHEET_PATH } from './map-assets.ts';
import type { TileSettings } from './map-tiles.ts';
import { distanceKm, type LatLon } from '../planning/geo.ts';

export interface MapPoint extends LatLon {
  /** What the marker shows: the point's number in the page's list. */
  badge: string;
  /** The marker's name, read by screen readers and shown on hover. */
  title: string;
}

/**
 * Up to this many markers each take a Tab stop; a map with more (the directory's) leaves them out
 * of the tab order, since the list beside it names every one of them.
 */
const KEYBOARD_MARKERS = 12;

export function PointsMap(props: { points: readonly MapPoint[]; tiles: TileSettings; caption: string; label: string }) {
  if (props.points.length === 0) return null;
  return (
    <figure
      class="points-map"
      aria-label={props.label}
      data-map="list"
      data-points={JSON.stringify(props.points.map((p) => ({ lat: p.lat, lon: p.lon, badge: p.badge, title: p.title })))}
      data-tiles={props.tiles.url}
      data-keyboard={props.points.length > KEYBOARD_MARKERS ? 'false' : 'true'}
      data-attribution={props.tiles.attribution}
    >
      <figcaption class="small">{props.caption}</figcaption>
    </figure>
  );
}

/** The map's stylesheet and scripts, once per page that has a map (after its figures). */
export function MapAssets() {
  return (
    <>
      <link rel="stylesheet" href={MAP_STYLESHEET_PATH} />
      <script src={LEAFLET_SCRIPT_PATH} defer />
      <script src={MAP_SCRIPT_PATH} defer />
    </>
  );
}

/** «about 260 m» / «about 4.2 km» / «about 68 km»: a straight-line distance, never a route's. */
export function aboutDistance(from: LatLon, to: LatLon): string {
  const km = distanceKm(from, to);
  if (km < 1) return `about ${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  if (km < 10) return `about ${km.toFixed(1)} km`;
  return `about ${Math.round(km)} km`;
}
