/**
 * The public catalog reads, shared by the MCP tools and the web pages so both say the same
 * thing: list the scenes, search them, and read one scene at the exact current version.
 */
import { fail } from '../errors.ts';
import { searchScenes, type SearchOutcome, type SearchRequest } from '../search/search-scenes.ts';
import { CatalogUnavailableError, type CatalogService } from '../catalog/catalog-service.ts';
import type { LoadedRelease } from '../catalog/loaded-release.ts';
import { SearchAnswerCache } from '../search/search-answer-cache.ts';
import { sceneDetail, type SceneDetail } from '../catalog/scene-detail.ts';
import { PLAN_LIMITS, SEARCH_LIMITS, detailPathFor, type Atmosphere, type Discovery } from '../catalog/vocabulary.ts';

export const CATALOG_NOTICE =
  'Reviewed overviews of real Chengdu scenes for flexible exploration days. Not a timed route, live availability check, reservation, hotel or payment service; opening hours, access, tickets, prices, crowds and travel times are not verified.';

export interface SceneListing {
  catalogVersion: string;
  publishedAt: string;
  notice: string;
  limits: ListingLimits;
  counts: { total: number; returned: number; selectionOnly: number };
  scenes: Array<{
    cardId: string;
    name: { en: string; zh: string };
    summary: string;
    atmosphere: Atmosphere;
    discovery: Discovery;
    selectionOnly: boolean;
    detailPath: string;
  }>;
}

interface ListingLimits {
  /** What the catalog covers and, plainly, what it does not. */
  coverage: string;
  dayCount: { min: number; max: number };
  scenesPerDay: { spacious: number; balanced: number; full: number };
  search: { queryLength: { min: number; max: number }; limit: { min: number; max: number; default: number } };
  idempotencyKeyLength: { min: number; max: number };
  linkLifetimeDays: number;
}

/**
 * Travelers ask for Jiuzhaigou and the like in the same breath as Chengdu; saying so in the limits
 * lets an agent answer at once instead of searching for a scene that no release holds.
 */
export const CATALOG_COVERAGE =
  'Scenes in Chengdu, and optional outings from it that a plan gives one day each (two in the same town, such as the Dujiangyan irrigation works and Panda Valley, may share one; a few, such as Mount Emei, usually take a night away). Jiuzhaigou and other multi-day destinations are not covered.';

const LISTING_LIMITS: ListingLimits = {
  coverage: CATALOG_COVERAGE,
  dayCount: { min: PLAN_LIMITS.dayCountMin, max: PLAN_LIMITS.dayCountMax },
  scenesPerDay: PLAN_LIMITS.scenesPerDay,
  search: {
    queryLength: { min: SEARCH_LIMITS.queryMin, max: SEARCH_LIMITS.queryMax },
    limit: { min: SEARCH_LIMITS.limitMin, max: SEARCH_LIMITS.limitMax, default: SEARCH_LIMITS.limitDefault },
  },
  idempotencyKeyLength: { min: PLAN_LIMITS.idempotencyKeyMin, max: PLAN_LIMITS.idempotencyKeyMax },
  linkLifetimeDays: PLAN_LIMITS.linkLifetimeDays,
};

export class CatalogQueries {
  private readonly searches: SearchAnswerCache;

  constructor(
    private readonly catalog: CatalogService,
    searchAnswersKept?: number,
  ) {
    this.searches = new SearchAnswerCache(searchAnswersKept);
  }

  async list(filters: { atmosphere?: Atmosphere | undefined; discovery?: Discovery | undefined }): Promise<SceneListing> {
    const release = await this.current();
    const scenes = release.scenes.filter(
      (s) => (!filters.atmosphere || s.atmosphere === filters.atmosphere) && (!filters.discovery || s.discovery === filters.discovery),
    );
    return {
      catalogVersion: release.catalogVersion,
      publishedAt: release.publishedAt.toISOString(),
      notice: CATALOG_NOTICE,
      limits: LISTING_LIMITS,
      counts: { total: release.scenes.length, returned: scenes.length, selectionOnly: scenes.filter((s) => s.selectionOnly).length },
      scenes: scenes.map((s) => ({
        cardId: s.cardId,
        name: s.name,
        summary: s.summary,
        atmosphere: s.atmosphere,
        discovery: s.discovery,
        selectionOnly: s.selectionOnly,
        detailPath: detailPathFor(s.cardId),
      })),
    };
  }

  async search(request: SearchRequest): Promise<SearchOutcome> {
    return this.searches.answer(await this.current(), request, searchScenes);
  }

  /** One scene at the exact current version; anything else names the current version. */
  async scene(cardId: string, catalogVersion: string): Promise<SceneDetail> {
    let release = await this.current();
    if (catalogVersion !== release.catalogVersion) {
      // Our cached idea of "current" may lag a publication by a moment; check before refusing.
      release = await this.guard(() => this.catalog.currentFresh());
    }
    const current = release.catalogVersion;
    if (catalogVersion !== current) {
      const known = await this.guard(() => this.catalog.version(catalogVersion));
      if (known) {
        throw fail(
          'stale_catalog_version',
          `Catalog version ${catalogVersion} has been replaced by ${current}; search again or list scenes to get current IDs.`,
          {
            requestedCatalogVersion: catalogVersion,
            currentCatalogVersion: current,
          },
        );
      }
      throw fail('unknown_catalog_version', `No catalog version ${catalogVersion} exists; the current version is ${current}.`, {
        requestedCatalogVersion: catalogVersion,
        currentCatalogVersion: current,
      });
    }
    const scene = release.sceneById.get(cardId);
    if (!scene) {
      throw fail('unknown_card_id', `No scene ${cardId} in catalog version ${current}.`, { cardId, currentCatalogVersion: current });
    }
    return sceneDetail(release, scene);
  }

  /** For the web detail page, which always shows the current release. */
  async currentScene(cardId: string): Promise<SceneDetail | undefined> {
    const release = await this.current();
    const scene = release.sceneById.get(cardId);
    return scene ? sceneDetail(release, scene) : undefined;
  }

  async currentRelease(): Promise<LoadedRelease> {
    return this.current();
  }

  private current(): Promise<LoadedRelease> {
    return this.guard(() => this.catalog.current());
  }

  private async guard<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if (error instanceof CatalogUnavailableError) throw fail('catalog_unavailable', error.message);
      throw error;
    }
  }
}
