/** The trip board's places block: the venue and the hotels, listed, and on the map when it loads. */
import type { TripEvent, TripPackage } from '../../trips/trip-result.ts';
import * as words from '../../wording.ts';
import type { BoardUi, MapView, View } from './board-view-model.ts';
import { addressOf, foreign } from './block-parts.ts';
import { kept, m, type Markup, type MarkupElement } from './markup.ts';

/** A line of the places list, and a marker when its coordinates are known. */
export interface BoardPlace {
  kind: 'venue' | 'hotel';
  badge: string;
  name: string;
  packages: number[];
  distanceKm: number | null;
  address: string | null;
  point: { lat: number; lon: number } | null;
}

/** The venue and each distinct hotel, badged with the numbers of the packages that use it. */
export function placesOf(event: TripEvent, packages: TripPackage[]): BoardPlace[] {
  const venue: BoardPlace = {
    kind: 'venue',
    badge: '★',
    name: event.venue.name,
    packages: [],
    distanceKm: null,
    address: addressOf(event),
    point: event.venue,
  };
  const hotels = new Map<string, BoardPlace>();
  for (const pkg of packages) {
    const seen = hotels.get(pkg.hotel.hotel_id);
    if (seen) {
      seen.packages.push(pkg.number);
      seen.badge = seen.packages.join(',');
    } else {
      const { hotel } = pkg;
      hotels.set(hotel.hotel_id, {
        kind: 'hotel',
        badge: String(pkg.number),
        name: hotel.name,
        packages: [pkg.number],
        distanceKm: hotel.distance_to_venue_km,
        address: hotel.address,
        point: hotel.coords,
      });
    }
  }
  return [venue, ...hotels.values()];
}

function placeLine(place: BoardPlace): MarkupElement {
  const text: Markup[] =
    place.kind === 'venue'
      ? ['Площадка: ', foreign(place.name), ', ', foreign(place.address ?? '')]
      : [
          foreign(place.name),
          ` — ${place.distanceKm !== null ? `${words.km(place.distanceKm)} до площадки` : 'расстояние до площадки неизвестно'} (${place.packages.length > 1 ? 'пакеты' : 'пакет'} ${place.packages.join(', ')})`,
        ];
  return m(
    'li',
    { class: `place place-${place.kind}` },
    m('span', { class: `board-marker board-marker-${place.kind}`, 'aria-hidden': 'true' }, m('span', null, place.badge)),
    ' ',
    m('span', null, ...text),
  );
}

const MAP_NOTES: Readonly<Record<MapView, string>> = {
  none: '',
  loading: 'Загружаем карту…',
  ready: '',
  failed: 'Карта не загрузилась, поэтому места — списком, с расстоянием до площадки по прямой.',
};

/** The map canvas is the browser's own element, kept across renders; the server writes none. */
export const MAP_SLOT = 'map';

export function placesBlock(view: View, ui: BoardUi): Markup[] | null {
  if (!view.event) return null;
  const note = MAP_NOTES[ui.map];
  const parts: Array<Markup | null> = [
    m('h2', null, 'Отели и площадка'),
    note ? m('p', { class: 'board-muted', 'data-slot': 'note' }, note) : null,
    ui.map === 'loading' || ui.map === 'ready' ? kept(MAP_SLOT) : null,
    m('ol', { class: 'place-list', 'data-slot': 'list' }, ...placesOf(view.event, view.packages).map(placeLine)),
  ];
  return parts.filter((x): x is Markup => x !== null);
}
