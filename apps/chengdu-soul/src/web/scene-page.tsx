/**
 * The scene detail page at every `detailPath`: the same overview, caveat, unknowns, location and
 * review scope as `get_chengdu_scene`, always from the current release, written for a person:
 * the notice the tool gives agents about optional outings is said here to the traveler, and the
 * identifiers agents use sit in one small line at the end.
 */
import type { SceneDetail, PlaceView } from '../catalog/scene-detail.ts';
import { ChengduPage } from './layout.tsx';
import { destinationLinks } from './map-links.ts';
import type { TileSettings } from './map-tiles.ts';
import { MapAssets, PointsMap, aboutDistance, type MapPoint } from './points-map.tsx';

const KIND_LABEL = {
  metro_arrivals: 'Metro arrival options',
  area_anchor: 'Area meeting point',
  scenic_area: 'Scenic area',
} as const;

/**
 * A note that already says what its point is not (as the scenic areas' notes do) is not followed
 * by the kind's general meaning saying it again.
 */
function noteSaysWhatPointIsNot(note: string): boolean {
  return /does not guarantee access|not the scene itself|no (station )?exit|no entrance|not a district boundary/i.test(note);
}

/** How people usually reach an outing, when the reviewed overview says so (one sentence). */
export function usualJourney(overview: string): string | undefined {
  return overview.split(/(?<=\.)\s+/).find((sentence) => /\b(usually|most often|typically) (reach|get to|go)\b/i.test(sentence));
}

export function ScenePage({ scene, tiles }: { scene: SceneDetail; tiles: TileSettings }) {
  return (
    <ChengduPage title={`${scene.name.en} ${scene.name.zh}`} description={scene.summary}>
      <p>
        <a href="/agents">← All scenes</a>
      </p>
      <h1>
        {scene.name.en}{' '}
        <span class="zh" lang="zh-CN">
          {scene.name.zh}
        </span>
      </h1>
      <p>
        <span class="tag">{scene.atmosphere}</span>
        <span class="tag">{scene.discovery}</span>
        {scene.usuallyOvernight ? (
          <span class="tag">optional outing, usually overnight</span>
        ) : scene.selectionOnly ? (
          <span class="tag">optional day trip</span>
        ) : null}
      </p>
      <p>
        <strong>{scene.summary}</strong>
      </p>
      {scene.usuallyOvernight ? (
        <p class="notice">
          An optional outing that most travelers make with at least one night away: a plan gives it one day, but it is not a same-day return from Chengdu. A
          plan only includes it when you choose it.
        </p>
      ) : scene.selectionOnly ? (
        <p class="notice">An optional day trip: a long journey out of the city that fills a whole day. A plan only includes it when you choose it.</p>
      ) : null}
      <h2>Overview</h2>
      <p>{scene.overview}</p>
      <h2>Before you go</h2>
      <p class="notice">{scene.visitCaveat}</p>
      <h2>Not known</h2>
      <ul>
        {scene.unknowns.map((u) => (
          <li>{u}</li>
        ))}
      </ul>
      <h2>Location</h2>
      <Location scene={scene} tiles={tiles} />
      <h2>Review</h2>
      <dl class="facts">
        <dt>Reviewed</dt>
        <dd>{scene.review.reviewedOn}</dd>
        <dt>Scope</dt>
        <dd>{scene.review.scopeNote}</dd>
      </dl>
      <p class="small">
        For agents: scene <code>{scene.cardId}</code>, catalog <code>{scene.catalogVersion}</code>. <a href="/for-agents">How agents use Chengdu Soul</a>.
      </p>
    </ChengduPage>
  );
}

function Location({ scene, tiles }: { scene: SceneDetail; tiles: TileSettings }) {
  const location = scene.location;
  const named = 'providerPlaceId' in location ? [{ place: location.place, name: location.place.name }] : location.navigation.points;
  const points: MapPoint[] = named.map((p, i) => ({ ...p.place.point, badge: String(i + 1), title: `${i + 1}. ${p.name.en}` }));
  const map = (
    <>
      <PointsMap
        points={points}
        tiles={tiles}
        label={`Map of the catalog's points for ${scene.name.en}`}
        caption="The numbered points below on a map, where the catalog places them (approximately). It shows where they are, not a route or a walking time."
      />
      <MapAssets />
    </>
  );
  const journey = scene.selectionOnly ? usualJourney(scene.overview) : undefined;
  if ('providerPlaceId' in location) {
    return (
      <div>
        {map}
        <ul class="points">
          <PlaceItem place={location.place} label={location.place.name} number={1} />
        </ul>
      </div>
    );
  }
  const nav = location.navigation;
  return (
    <div>
      <p>
        <strong>{KIND_LABEL[nav.kind]}.</strong> {noteSaysWhatPointIsNot(nav.note) ? nav.note : `${nav.meaning} ${nav.note}`}
      </p>
      {journey ? (
        <p>
          <strong>How people usually get there:</strong> {journey} Journey times are not checked.
        </p>
      ) : null}
      {map}
      <ul class="points">
        {nav.points.map((p, i) => (
          <PlaceItem place={p.place} label={p.name} number={i + 1} from={i > 0 ? { point: nav.points[0]!.place.point } : undefined} />
        ))}
      </ul>
    </div>
  );
}

function PlaceItem({
  place,
  label,
  number,
  from,
}: {
  place: PlaceView;
  label: { en: string; zh: string };
  number: number;
  from?: { point: { lat: number; lon: number } } | undefined;
}) {
  return (
    <li>
      <span class="point-number">{number}.</span> {label.en}{' '}
      <span class="zh" lang="zh-CN">
        {label.zh}
      </span>{' '}
      <small>({place.precision === 'exact' ? 'exact point' : 'approximate point'})</small>
      <span class="map-links">
        Open in:{' '}
        {destinationLinks(place.point, label.zh).map((link, index) => (
          <>
            {index > 0 ? ' · ' : ''}
            <a href={link.href} rel="noopener noreferrer external">
              {link.label}
            </a>
          </>
        ))}
      </span>
      {from ? <small class="point-note">{aboutDistance(from.point, place.point)} from point 1 in a straight line</small> : null}
      <small class="point-note">{place.note}</small>
    </li>
  );
}
