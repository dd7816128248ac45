/**
 * The board's map: Leaflet over raster tiles from the configured tile server, with the venue and
 * each package's hotel as markers drawn in CSS (Leaflet's default marker images load by relative
 * path, which an inlined document does not have). It degrades honestly: the canvas stays
 * invisible until a tile has actually arrived, and when the tiles fail or none arrives in time
 * the map is removed and the board's list of places, with distances, is all that remains —
 * never an empty grey rectangle. Inside an iframe Leaflet misjudges its size until told, so the
 * map re-measures on every container resize and whenever its owner says the frame settled.
 */
import * as L from 'leaflet';
import { h } from './dom.ts';

export interface TileSettings {
  url: string;
  /** Plain text: Leaflet writes attributions as HTML, so it is escaped here. */
  attribution: string;
}

export interface MapPlace {
  kind: 'venue' | 'hotel';
  lat: number;
  lon: number;
  /** What the marker shows: ★ for the venue, the package numbers for a hotel. */
  badge: string;
  title: string;
  packages: number[];
}

export type MapState = 'loading' | 'ready' | 'failed';

/** How long the first tile may take before the board stops waiting and shows the list alone. */
const TILE_WAIT_MS = 8000;
const MAX_ZOOM = 17;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export class BoardMap {
  private map: L.Map | undefined;
  private readonly markers = L.layerGroup();
  private readonly hotelMarkers = new Map<number, L.Marker>();
  private venue: L.LatLng | undefined;
  /** The places last shown: a re-render with the same places keeps the traveller's view. */
  private shown = '';
  private state: MapState = 'loading';
  private tilesLoaded = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private observer: ResizeObserver | undefined;
  private tileLayer: L.TileLayer | undefined;

  constructor(
    private readonly container: HTMLElement,
    private readonly tiles: TileSettings,
    private readonly onState: (state: MapState) => void,
  ) {}

  get current(): MapState {
    return this.state;
  }

  /** Puts the places on the map (creating it on first use) and frames them all. */
  show(places: readonly MapPlace[]): void {
    const key = JSON.stringify(places);
    if (this.state === 'failed' || places.length === 0 || key === this.shown) return;
    this.shown = key;
    const map = this.map ?? this.create();
    this.markers.clearLayers();
    this.hotelMarkers.clear();
    for (const place of places) {
      const marker = L.marker([place.lat, place.lon], {
        title: place.title,
        alt: place.title,
        icon: L.divIcon({
          className: `board-marker board-marker-${place.kind}`,
          html: h('span', null, place.badge),
          iconSize: [30, 30],
          iconAnchor: [15, 15],
          tooltipAnchor: [15, 0],
        }),
      });
      marker.bindTooltip(h('span', null, place.title));
      marker.addTo(this.markers);
      if (place.kind === 'venue') this.venue = marker.getLatLng();
      for (const number of place.packages) this.hotelMarkers.set(number, marker);
    }
    this.frame(
      places.map((p) => L.latLng(p.lat, p.lon)),
      map,
    );
  }

  /** Frames one package's hotel with the venue. */
  focus(packageNumber: number): void {
    const marker = this.hotelMarkers.get(packageNumber);
    if (!this.map || !marker) return;
    this.frame([marker.getLatLng(), ...(this.venue ? [this.venue] : [])], this.map);
    marker.openTooltip();
  }

  /** Re-measures the container: after the host handshake, a display-mode change, a resize. */
  invalidateSize(): void {
    this.map?.invalidateSize();
  }

  private frame(points: L.LatLng[], map: L.Map): void {
    if (points.length === 1) map.setView(points[0]!, 15);
    else map.fitBounds(L.latLngBounds(points), { padding: [36, 36], maxZoom: 16 });
  }

  private create(): L.Map {
    const map = L.map(this.container, { scrollWheelZoom: false, maxZoom: MAX_ZOOM });
    map.attributionControl.setPrefix(false);
    // The trip page sends no referrer, but public tile servers (OpenStreetMap's among them) refuse
    // tiles without one; the origin alone names the site and nothing about the trip.
    const layer = L.tileLayer(this.tiles.url, { attribution: escapeHtml(this.tiles.attribution), maxZoom: MAX_ZOOM, referrerPolicy: 'origin' });
    layer.on('tileload', () => {
      this.tilesLoaded += 1;
      if (this.state === 'loading') this.settle('ready');
    });
    // 'load' fires once every tile in view has settled, failed ones included.
    layer.on('load', () => {
      if (this.tilesLoaded === 0 && this.state === 'loading') this.settle('failed');
    });
    layer.addTo(map);
    this.tileLayer = layer;
    this.markers.addTo(map);
    this.observer = new ResizeObserver(() => this.map?.invalidateSize());
    this.observer.observe(this.container);
    this.timer = setTimeout(() => {
      if (this.state === 'loading') this.settle('failed');
    }, TILE_WAIT_MS);
    this.map = map;
    return map;
  }

  private settle(state: 'ready' | 'failed'): void {
    clearTimeout(this.timer);
    this.state = state;
    if (state === 'failed') {
      this.observer?.disconnect();
      // Failure is noticed inside Leaflet's own tile callback, which reads the map again once its
      // listeners return ('_fadeAnimated' of a removed map is a TypeError): tear down after it.
      // The tile layer goes first, so tiles still in flight are cancelled and report to no map.
      const map = this.map;
      const layer = this.tileLayer;
      this.map = undefined;
      this.tileLayer = undefined;
      setTimeout(() => {
        layer?.off();
        layer?.remove();
        map?.remove();
      }, 0);
      this.hotelMarkers.clear();
    }
    this.onState(state);
  }
}
