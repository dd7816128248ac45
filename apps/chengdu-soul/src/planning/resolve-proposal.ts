/**
 * Checks a proposal against the current release before any draft exists. Each failure lists
 * every offending ID; nothing the traveler asked for is silently dropped.
 */
import type { LoadedRelease } from '../catalog/loaded-release.ts';
import type { Scene } from '../catalog/release-schema.ts';
import { fail } from '../errors.ts';
import { PLAN_LIMITS } from '../catalog/vocabulary.ts';
import type { ProposeInput } from './proposal-input.ts';
import { whyApart, type ApartReason } from './day-rules.ts';
import { fewestDoableDays } from './required-days.ts';

export interface ResolvedProposal {
  required: Scene[];
  excludedCardIds: string[];
  scenesPerDay: number;
}

/** `published` holds the selection's catalog versions that were ever published (the current one needs no entry). */
export function resolveProposal(release: LoadedRelease, input: Omit<ProposeInput, 'idempotencyKey'>, published: ReadonlySet<string>): ResolvedProposal {
  const current = release.catalogVersion;
  const selections = input.sceneSelection === undefined ? [] : Array.isArray(input.sceneSelection) ? input.sceneSelection : [input.sceneSelection];
  const requiredIds = selections.flatMap((s) => s.requiredCardIds);
  const excludedIds = input.excludedCardIds ?? [];

  const versions = [...new Set(selections.map((s) => s.catalogVersion))];
  if (versions.length > 1) {
    const byVersion = Object.fromEntries(versions.map((v) => [v, selections.filter((s) => s.catalogVersion === v).flatMap((s) => s.requiredCardIds)]));
    throw fail('mixed_catalog_versions', `sceneSelection mixes catalog versions ${versions.join(', ')}; combine selections from ${current} only.`, {
      byVersion,
      currentCatalogVersion: current,
    });
  }
  if (versions[0] !== undefined && versions[0] !== current && !published.has(versions[0])) {
    throw fail(
      'unknown_catalog_version',
      `sceneSelection names catalog ${versions[0]}, which was never published; the current catalog is ${current}. Read the scenes and copy their current selection.`,
      {
        requestedCatalogVersion: versions[0],
        currentCatalogVersion: current,
      },
    );
  }
  if (versions[0] !== undefined && versions[0] !== current) {
    throw fail(
      'stale_catalog_version',
      `sceneSelection is from catalog ${versions[0]}; the current catalog is ${current}. Read the scenes again and copy their current selection.`,
      {
        requestedCatalogVersion: versions[0],
        currentCatalogVersion: current,
        cardIds: requiredIds,
      },
    );
  }

  const duplicates = [...new Set(requiredIds.filter((id, i) => requiredIds.indexOf(id) !== i))];
  if (duplicates.length > 0) throw fail('duplicate_card_ids', `Required more than once: ${duplicates.join(', ')}.`, { cardIds: duplicates });

  const unknown = [...new Set([...requiredIds, ...excludedIds].filter((id) => !release.sceneById.has(id)))];
  if (unknown.length > 0) {
    throw fail('unknown_card_ids', `Not in catalog ${current}: ${unknown.join(', ')}.`, { cardIds: unknown, currentCatalogVersion: current });
  }

  const conflicting = requiredIds.filter((id) => excludedIds.includes(id));
  if (conflicting.length > 0) {
    throw fail('selection_conflict', `Both required and excluded: ${conflicting.join(', ')}. Ask the traveler which they mean.`, { cardIds: conflicting });
  }

  const scenesPerDay = PLAN_LIMITS.scenesPerDay[input.rhythm];
  const capacity = scenesPerDay * input.dayCount;
  const required = requiredIds.map((id) => release.sceneById.get(id)!);
  // The fewest doable days (day-rules.ts) at the asked rhythm, found before any draft exists.
  const fewest = fewestDoableDays(required, scenesPerDay);
  const fewestDays = fewest?.length ?? Math.ceil(requiredIds.length / scenesPerDay);
  if (requiredIds.length > capacity || fewestDays > input.dayCount) {
    const overCapacity = requiredIds.length > capacity;
    const reason = overCapacity
      ? `${requiredIds.length} required scenes do not fit ${input.dayCount} ${input.rhythm} day(s) (capacity ${capacity}).`
      : `The required scenes ${requiredIds.join(', ')} cannot be done in ${input.dayCount} ${input.rhythm} day(s): some are too far apart, are outings that take their own day, or are evening activities that each end a day.`;
    const advice =
      fewestDays <= PLAN_LIMITS.dayCountMax
        ? ` They need at least ${fewestDays} ${input.rhythm} day(s). Add days${overCapacity ? ', choose a fuller rhythm' : ''} or require fewer scenes.`
        : ` They need at least ${fewestDays} ${input.rhythm} days, more than one plan holds (${PLAN_LIMITS.dayCountMax}); require fewer scenes.`;
    throw fail('too_many_required_scenes', reason + advice, {
      cardIds: requiredIds,
      capacity,
      dayCount: input.dayCount,
      rhythm: input.rhythm,
      scenesPerDay,
      fewestDays,
      ...(fewest ? { doableDays: fewest.map((day) => day.map((s) => s.cardId)) } : {}),
      apart: apartPairs(required),
    });
  }

  return {
    required,
    excludedCardIds: [...new Set(excludedIds)].sort(),
    scenesPerDay,
  };
}

/** Every two required scenes that cannot share a day, and why: what the traveler must give up or spread out. */
function apartPairs(required: readonly Scene[]): Array<{ cardIds: [string, string]; reason: ApartReason }> {
  const pairs: Array<{ cardIds: [string, string]; reason: ApartReason }> = [];
  for (let i = 0; i < required.length; i++) {
    for (let j = i + 1; j < required.length; j++) {
      const reason = whyApart(required[i]!, required[j]!);
      if (reason) pairs.push({ cardIds: [required[i]!.cardId, required[j]!.cardId], reason });
    }
  }
  return pairs;
}
