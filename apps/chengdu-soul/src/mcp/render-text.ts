/**
 * Text renderings of tool answers. `structuredContent` is canonical; these exist for hosts that
 * only show text, so each one reads well alone and repeats the limits an agent must respect.
 */
import type { SceneListing } from '../queries/catalog-queries.ts';
import type { SceneDetail } from '../catalog/scene-detail.ts';
import type { SearchOutcome } from '../search/search-scenes.ts';

export function renderListing(listing: SceneListing): string {
  const lines = listing.scenes.map(
    (s) => `- ${s.cardId}: ${s.name.en} (${s.name.zh}) — ${s.atmosphere}/${s.discovery}${s.selectionOnly ? ', optional outing (selectionOnly)' : ''}`,
  );
  return [
    `Chengdu Soul catalog ${listing.catalogVersion}: ${listing.counts.returned} of ${listing.counts.total} scenes.`,
    listing.notice,
    `Covers: ${listing.limits.coverage}`,
    `Plans: ${listing.limits.dayCount.min}-${listing.limits.dayCount.max} days; scenes per day spacious ${listing.limits.scenesPerDay.spacious}, balanced ${listing.limits.scenesPerDay.balanced}, full ${listing.limits.scenesPerDay.full}.`,
    ...lines,
  ].join('\n');
}

export function renderSearch(outcome: SearchOutcome): string {
  const head = `Search "${outcome.query}" in catalog ${outcome.catalogVersion}: ${outcome.status}. ${outcome.explanation}`;
  if (outcome.status !== 'ok') return head;
  const lines = outcome.results.map(
    (r) =>
      `- ${r.cardId}: ${r.name.en} (${r.name.zh}) — ${r.summary}${r.selectionOnly ? ' [optional outing]' : ''} Matched: ${r.why}. Details: ${r.detailPath}`,
  );
  return [head, ...lines, ...(outcome.hasMore ? ['More scenes match: raise limit to see them.'] : [])].join('\n');
}

export function renderScene(scene: SceneDetail): string {
  const location =
    'providerPlaceId' in scene.location
      ? `Location: ${scene.location.place.name.en} (${scene.location.place.name.zh}), place ${scene.location.providerPlaceId}.`
      : [
          `Location (${scene.location.navigation.kind}): ${scene.location.navigation.meaning}`,
          scene.location.navigation.note,
          ...scene.location.navigation.points.map((p) => `  • ${p.name.en} (${p.name.zh}) — ${p.providerPlaceId}, point ${p.place.precision}`),
        ].join('\n');
  return [
    `${scene.name.en} (${scene.name.zh}) — catalog ${scene.catalogVersion}, ${scene.atmosphere}/${scene.discovery}${scene.selectionOnly ? ', optional outing (selectionOnly)' : ''}`,
    scene.summary,
    '',
    scene.overview,
    '',
    `Visit caveat: ${scene.visitCaveat}`,
    `Reviewed ${scene.review.reviewedOn} (${scene.review.scope}): ${scene.review.scopeNote}`,
    `Unknown: ${scene.unknowns.join('; ')}.`,
    location,
    ...scene.notices,
    `To require this scene in a proposal, copy selection: ${JSON.stringify(scene.selection)}`,
    `Details page: ${scene.detailPath}`,
  ].join('\n');
}
