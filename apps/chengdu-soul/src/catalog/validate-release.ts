/**
 * Whole-release validation. A release is published all or nothing: every problem in every file
 * is collected and reported together, and one problem refuses the release.
 */
import type * as z from 'zod';
import { Lexicon, Place, ReleaseDocument, ReleaseManifest, Scene } from './release-schema.ts';
import { normalizeEnglish, normalizeChinese } from './normalize.ts';

export class ReleaseInvalidError extends Error {
  override readonly name = 'ReleaseInvalidError';
  constructor(readonly problems: readonly string[]) {
    super(`The catalog release is invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n- ${problems.join('\n- ')}`);
  }
}

/**
 * Parses and cross-checks a candidate release; throws ReleaseInvalidError listing every problem.
 * Each file is parsed on its own, so one malformed scene does not hide the problems of others,
 * and the cross-checks run over whatever parsed.
 */
export function validateRelease(candidate: unknown, origin: Record<string, string> = {}): ReleaseDocument {
  const input = (candidate ?? {}) as { manifest?: unknown; scenes?: unknown; places?: unknown; lexicon?: unknown };
  const problems: string[] = [];
  const parse = <T>(schema: z.ZodType<T>, value: unknown, where: string): T | undefined => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) problems.push(`${where}${issue.path.length ? ` ${issue.path.join('.')}` : ''}: ${issue.message}`);
    return undefined;
  };

  const manifest = parse(ReleaseManifest, input.manifest, 'release.json');
  const lexicon = parse(Lexicon, input.lexicon, 'lexicon.json');
  const sceneInputs: unknown[] = Array.isArray(input.scenes) ? input.scenes : [];
  if (sceneInputs.length === 0) problems.push('scenes/: a release needs at least one scene');
  const scenes = sceneInputs.flatMap((value, index) => {
    const id = (value as { cardId?: unknown } | null)?.cardId;
    const where = typeof id === 'string' ? (origin[id] ?? `scene ${id}`) : `scene #${index}`;
    const scene = parse(Scene, value, where);
    return scene ? [scene] : [];
  });
  const placeInputs: unknown[] = Array.isArray(input.places) ? input.places : [];
  if (placeInputs.length === 0) problems.push('places.json: a release needs its places');
  const places = placeInputs.flatMap((value, index) => {
    const place = parse(Place, value, `places.json #${index}`);
    return place ? [place] : [];
  });

  problems.push(...checkScenes(scenes, origin), ...checkSceneFormat(scenes, manifest?.format ?? 1), ...checkPlaces(scenes, places));
  if (lexicon) problems.push(...checkLexicon(lexicon, scenes));
  if (problems.length > 0 || !manifest || !lexicon) throw new ReleaseInvalidError(problems);
  return ReleaseDocument.parse({ manifest, scenes, places, lexicon });
}

function checkScenes(scenes: Scene[], origin: Record<string, string>): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const scene of scenes) {
    if (seen.has(scene.cardId)) problems.push(`scene ${scene.cardId}: duplicate cardId`);
    seen.add(scene.cardId);
    const file = origin[scene.cardId];
    if (file && !file.endsWith(`/${scene.cardId}.json`) && file !== `${scene.cardId}.json`) {
      problems.push(`${file}: cardId ${scene.cardId} does not match the file name`);
    }
    if (new Set(scene.tags).size !== scene.tags.length) problems.push(`scene ${scene.cardId}: repeated tag`);
  }
  return problems;
}

/**
 * The format-2 fields: required in every scene of a format-2 release, and wherever they appear
 * they must agree with the rest of the scene. A go-early mark must be said in the visit caveat too,
 * because the caveat is what the traveler's page shows.
 */
function checkSceneFormat(scenes: Scene[], format: number): string[] {
  const problems: string[] = [];
  for (const scene of scenes) {
    if (format >= 2) {
      if (scene.primarySubjects === undefined) problems.push(`scene ${scene.cardId}: a format-2 release needs primarySubjects`);
      if (scene.visitKind === undefined) problems.push(`scene ${scene.cardId}: a format-2 release needs visitKind`);
    }
    const primary = scene.primarySubjects ?? [];
    if (new Set(primary).size !== primary.length) problems.push(`scene ${scene.cardId}: repeated primary subject`);
    for (const subject of primary) {
      if (!scene.tags.includes(subject)) problems.push(`scene ${scene.cardId}: primary subject ${subject} is not one of its tags`);
    }
    if (scene.goEarly && !/\bearly\b/i.test(scene.visitCaveat)) {
      problems.push(`scene ${scene.cardId}: goEarly is set but the visitCaveat does not tell the traveler to go early`);
    }
    if (scene.usuallyOvernight && !scene.selectionOnly) problems.push(`scene ${scene.cardId}: usuallyOvernight is only for selectionOnly outings`);
    if (scene.usuallyOvernight && !/\bnight\b/i.test(scene.visitCaveat)) {
      problems.push(`scene ${scene.cardId}: usuallyOvernight is set but the visitCaveat does not mention the night away`);
    }
    problems.push(...checkClosureWords(scene));
  }
  return problems;
}

/** ISO weekday (Monday = 1) to its English name, as a caveat says it. */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/**
 * A weekly closure is data (the pages flag a day that falls on it) and words (the caveat, which is
 * what the traveler reads): the caveat must say "closed" and name every closed weekday.
 */
function checkClosureWords(scene: Scene): string[] {
  if (!scene.closedWeekdays) return [];
  const problems: string[] = [];
  if (!/\bclosed\b/i.test(scene.visitCaveat)) problems.push(`scene ${scene.cardId}: closedWeekdays is set but the visitCaveat does not say closed`);
  for (const day of scene.closedWeekdays) {
    const name = WEEKDAY_NAMES[day - 1] ?? '';
    if (!new RegExp(`\\b${name}s?\\b`).test(scene.visitCaveat)) {
      problems.push(`scene ${scene.cardId}: closed on ${name}s but the visitCaveat does not name ${name}`);
    }
  }
  return problems;
}

function checkPlaces(scenes: Scene[], places: Place[]): string[] {
  const problems: string[] = [];
  const byId = new Map<string, Place>();
  for (const place of places) {
    if (byId.has(place.providerPlaceId)) problems.push(`places.json: duplicate providerPlaceId ${place.providerPlaceId}`);
    byId.set(place.providerPlaceId, place);
  }
  const used = new Set<string>();
  for (const scene of scenes) {
    if ('providerPlaceId' in scene.location) {
      const place = byId.get(scene.location.providerPlaceId);
      used.add(scene.location.providerPlaceId);
      if (!place) problems.push(`scene ${scene.cardId}: providerPlaceId ${scene.location.providerPlaceId} is not in places.json`);
      // An estimated point must never be presented as the exact place.
      else if (place.precision !== 'exact') {
        problems.push(`scene ${scene.cardId}: exact-place branch names ${place.providerPlaceId}, whose point is only ${place.precision}; use navigation`);
      }
      continue;
    }
    for (const point of scene.location.navigation.points) {
      used.add(point.providerPlaceId);
      if (!byId.has(point.providerPlaceId)) {
        problems.push(`scene ${scene.cardId}: navigation point ${point.providerPlaceId} is not in places.json`);
      }
    }
  }
  for (const id of byId.keys()) {
    if (!used.has(id)) problems.push(`places.json: ${id} is not used by any scene`);
  }
  return problems;
}

function checkLexicon(lexicon: Lexicon, scenes: Scene[]): string[] {
  const problems: string[] = [];
  const owners = new Map<string, string>();
  const claim = (term: string, owner: string) => {
    const previous = owners.get(term);
    if (previous !== undefined && previous !== owner) problems.push(`lexicon: term "${term}" belongs to both ${previous} and ${owner}`);
    else owners.set(term, owner);
  };
  const claimAll = (terms: { en: string[]; zh: string[] }, owner: string) => {
    for (const term of terms.en) claim(`en:${normalizeEnglish(term)}`, owner);
    for (const term of terms.zh) claim(`zh:${normalizeChinese(term)}`, owner);
  };

  const tags = new Set<string>();
  for (const concept of lexicon.concepts) {
    if (tags.has(concept.tag)) problems.push(`lexicon: concept ${concept.tag} is defined twice`);
    tags.add(concept.tag);
    if (concept.en.length === 0 || concept.zh.length === 0) problems.push(`lexicon: concept ${concept.tag} needs English and Chinese terms`);
    claimAll(concept, `concept ${concept.tag}`);
  }
  for (const [value, terms] of Object.entries(lexicon.atmosphere)) claimAll(terms, `atmosphere ${value}`);
  for (const [value, terms] of Object.entries(lexicon.discovery)) claimAll(terms, `discovery ${value}`);
  for (const entry of lexicon.unsupported) claimAll(entry, `unsupported ${entry.constraint}`);
  claimAll(lexicon.stopwords, 'stopwords');

  for (const scene of scenes) {
    for (const tag of scene.tags) {
      if (!tags.has(tag)) problems.push(`scene ${scene.cardId}: tag ${tag} is not a lexicon concept`);
    }
    const names = {
      en: [scene.name.en, ...(scene.aliases?.en ?? [])],
      zh: [scene.name.zh, ...(scene.aliases?.zh ?? [])],
    };
    for (const name of names.en) {
      const key = `en:${normalizeEnglish(name)}`;
      if (normalizeEnglish(name) === '') problems.push(`scene ${scene.cardId}: English name "${name}" has no searchable words`);
      else claim(key, `scene ${scene.cardId}`);
    }
    for (const name of names.zh) {
      const key = `zh:${normalizeChinese(name)}`;
      if (normalizeChinese(name) === '') problems.push(`scene ${scene.cardId}: Chinese name "${name}" has no searchable characters`);
      else claim(key, `scene ${scene.cardId}`);
    }
  }
  return problems;
}
