/** A release ready to serve: the document plus the lookups every read needs, built once. */
import type { Place, ReleaseDocument, Scene } from './release-schema.ts';
import { buildLexiconIndex, type LexiconIndex } from './lexicon-index.ts';
import { buildSceneTextIndex, type SceneTextIndex } from './scene-text-index.ts';

export interface LoadedRelease {
  catalogVersion: string;
  publishedAt: Date;
  document: ReleaseDocument;
  /** In card-ID order (search relies on it for ties). */
  scenes: readonly Scene[];
  sceneById: ReadonlyMap<string, Scene>;
  placeById: ReadonlyMap<string, Place>;
  lexicon: LexiconIndex;
  /** The scenes' reviewed texts as search matches and ranks them. */
  text: SceneTextIndex;
}

export function loadRelease(document: ReleaseDocument, publishedAt: Date): LoadedRelease {
  const lexicon = buildLexiconIndex(document);
  const scenes = [...document.scenes].sort((a, b) => a.cardId.localeCompare(b.cardId));
  return {
    catalogVersion: document.manifest.catalogVersion,
    publishedAt,
    document,
    scenes,
    sceneById: new Map(scenes.map((s) => [s.cardId, s])),
    placeById: new Map(document.places.map((p) => [p.providerPlaceId, p])),
    lexicon,
    text: buildSceneTextIndex(document, conceptWords(document)),
  };
}

/** Single English words of the lexicon's concepts: spelling tolerance may correct towards them too. */
function conceptWords(document: ReleaseDocument): string[] {
  return document.lexicon.concepts.flatMap((c) => c.en.filter((term) => /^[a-z]+$/.test(term)));
}
