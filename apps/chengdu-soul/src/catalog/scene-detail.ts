/**
 * The full overview of one scene as `get_chengdu_scene` and the detail page present it: the
 * reviewed text, the scope of its review, what is unknown, the `selection` to copy into a
 * proposal, and the location branch with every provider place resolved from the release.
 */
import type { LoadedRelease } from './loaded-release.ts';
import type { Place, Scene } from './release-schema.ts';
import { detailPathFor, type Atmosphere, type Discovery } from './vocabulary.ts';

export interface PlaceView {
  providerPlaceId: string;
  name: { en: string; zh: string };
  kind: Place['kind'];
  point: { lat: number; lon: number };
  precision: Place['precision'];
  note: string;
}

export type LocationView =
  | { providerPlaceId: string; place: PlaceView }
  | {
      navigation: {
        kind: 'metro_arrivals' | 'area_anchor' | 'scenic_area';
        meaning: string;
        note: string;
        points: Array<{ name: { en: string; zh: string }; providerPlaceId: string; place: PlaceView }>;
      };
    };

export interface SceneDetail {
  cardId: string;
  catalogVersion: string;
  name: { en: string; zh: string };
  summary: string;
  overview: string;
  visitCaveat: string;
  review: { reviewedOn: string; scope: 'identity_and_overview'; scopeNote: string };
  unknowns: string[];
  atmosphere: Atmosphere;
  discovery: Discovery;
  selectionOnly: boolean;
  /** Present (true) only for an outing most travelers make with a night away. */
  usuallyOvernight?: true;
  selection: { catalogVersion: string; requiredCardIds: string[] };
  location: LocationView;
  detailPath: string;
  notices: string[];
}

/** What each navigation kind is and is not, so no reader mistakes a station for the scene. */
export const NAVIGATION_MEANING = {
  metro_arrivals: 'Nearby metro stations to arrive by. A station is not the scene itself; no exit, walking route or duration is implied.',
  area_anchor: 'A meeting and navigation reference for the area, not a district boundary or the scene’s exact point.',
  scenic_area: 'The scenic area’s point of interest. It does not guarantee access throughout the area or name an entrance.',
} as const;

const SELECTION_ONLY_NOTICE =
  'Optional outing: never added to a plan automatically. Explain its journey and access caveats and get the traveler’s choice before requiring it.';
const OVERNIGHT_NOTICE =
  'Usually overnight: most travelers make this outing with at least one night away. A plan gives it one day; do not present that day as a same-day return from Chengdu.';
const REVIEW_NOTICE = 'The review date covers identity and overview only, not current opening, access, prices or crowds.';

export function sceneDetail(release: LoadedRelease, scene: Scene): SceneDetail {
  const place = (id: string): PlaceView => {
    const found = release.placeById.get(id);
    // Validation guarantees every provider place resolves; a miss here is a corrupt release.
    if (!found) throw new Error(`Release ${release.catalogVersion} has no place ${id}`);
    return { ...found };
  };
  const location: LocationView =
    'providerPlaceId' in scene.location
      ? { providerPlaceId: scene.location.providerPlaceId, place: place(scene.location.providerPlaceId) }
      : {
          navigation: {
            kind: scene.location.navigation.kind,
            meaning: NAVIGATION_MEANING[scene.location.navigation.kind],
            note: scene.location.navigation.note,
            points: scene.location.navigation.points.map((p) => ({ name: p.name, providerPlaceId: p.providerPlaceId, place: place(p.providerPlaceId) })),
          },
        };
  return {
    cardId: scene.cardId,
    catalogVersion: release.catalogVersion,
    name: scene.name,
    summary: scene.summary,
    overview: scene.overview,
    visitCaveat: scene.visitCaveat,
    review: scene.review,
    unknowns: scene.unknowns,
    atmosphere: scene.atmosphere,
    discovery: scene.discovery,
    selectionOnly: scene.selectionOnly,
    ...(scene.usuallyOvernight ? { usuallyOvernight: true as const } : {}),
    selection: { catalogVersion: release.catalogVersion, requiredCardIds: [scene.cardId] },
    location,
    detailPath: detailPathFor(scene.cardId),
    notices: [...(scene.selectionOnly ? [SELECTION_ONLY_NOTICE] : []), ...(scene.usuallyOvernight ? [OVERNIGHT_NOTICE] : []), REVIEW_NOTICE],
  };
}
