/**
 * The scene detail page at every `detailPath`: the same overview, caveat, unknowns, location and
 * review scope as `get_chengdu_scene`, always from the current release.
 */
import type { SceneDetail, PlaceView } from '../catalog/scene-detail.ts';
import { ChengduPage } from './layout.tsx';

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
        {scene.name.en} <span class="zh" lang="zh-CN">{scene.name.zh}</span>
      </h1>
      <p>
        <span class="tag">{scene.atmosphere}</span>
        <span class="tag">{scene.discovery}</span>
        {scene.selectionOnly ? <span class="tag">optional day trip</span> : null}
      </p>
      <p>
        <strong>{scene.summary}</strong>
      </p>
      {scene.selectionOnly ? <p class="notice">{scene.notices[0]}</p> : null}
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
        <dt>Catalog</dt>
        <dd>
          <code>{scene.catalogVersion}</code>, scene <code>{scene.cardId}</code>
        </dd>
      </dl>
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
  const { lat, lon } = place.point;
  const href = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
  return (
    <li>
      {label.en} <span class="zh" lang="zh-CN">{label.zh}</span> —{' '}
      <a href={href} rel="noopener noreferrer external">
        map ({place.precision === 'exact' ? 'exact point' : 'approximate point'})
      </a>
      <br />
      <small>{place.note}</small>
    </li>
  );
}
