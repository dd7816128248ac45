/** A release ready to serve: the document plus the lookups every read needs, built once. */
import type { Place, ReleaseDocument, Scene } from './release-schema.ts';
import { buildLexiconIndex, type LexiconIndex } from '../search/lexicon-index.ts';

export interface LoadedRelease {
  catalogVersion: string;
  publishedAt: Date;
  document: ReleaseDocument;
  /** In card-ID order (search relies on it for ties). */
  scenes: readonly Scene[];
  sceneById: ReadonlyMap<string, Scene>;
  placeById: ReadonlyMap<string, Place>;
  lexicon: LexiconIndex;
}

export function loadRelease(document: ReleaseDocument, publishedAt: Date): LoadedRelease {
  const scenes = [...document.scenes].sort((a, b) => a.cardId.localeCompare(b.cardId));
  return {
    catalogVersion: document.manifest.catalogVersion,
    publishedAt,
    document,
    scenes,
    sceneById: new Map(scenes.map((s) => [s.cardId, s])),
    placeById: new Map(document.places.map((p) => [p.providerPlaceId, p])),
    lexicon: buildLexiconIndex(document),
  };
}
