/**
 * The scene detail page at every `detailPath`: the same overview, caveat, unknowns, location and
 * review scope as `get_chengdu_scene`, always from the current release, written for a person:
 * the notice the tool gives agents about optional outings is said here to the traveler, and the
 * identifiers agents use sit in one small line at the end.
 */
import type { SceneDetail, PlaceView } from '../catalog/scene-detail.ts';
import { ChengduPage } from './layout.tsx';
import { destinationLinks } from './map-links.ts';

const KIND_LABEL = {
  metro_arrivals: 'Metro arrival options',
  area_anchor: 'Area meeting point',
  scenic_area: 'Scenic area',
} as const;

export function ScenePage({ scene }: { scene: SceneDetail }) {
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
      <Location scene={scene} />
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

function Location({ scene }: { scene: SceneDetail }) {
  const location = scene.location;
  if ('providerPlaceId' in location) {
    return (
      <ul class="points">
        <PlaceItem place={location.place} label={location.place.name} />
      </ul>
    );
  }
  const nav = location.navigation;
  return (
    <div>
      <p>
        <strong>{KIND_LABEL[nav.kind]}.</strong> {nav.meaning}
      </p>
      <p>{nav.note}</p>
      <ul class="points">
        {nav.points.map((p) => (
          <PlaceItem place={p.place} label={p.name} />
        ))}
      </ul>
    </div>
  );
}

function PlaceItem({ place, label }: { place: PlaceView; label: { en: string; zh: string } }) {
  return (
    <li>
      {label.en}{' '}
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
      <small class="point-note">{place.note}</small>
    </li>
  );
}
