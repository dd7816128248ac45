/**
 * Serves releases from memory. Releases are immutable, so a loaded release is cached forever by
 * version; only "which version is current" can change, and it is re-read from the database at
 * most once per `refreshMs` (or at once when a caller names a version we have not seen), so every
 * stateless process notices a new publication within that interval without a query per request.
 * When the database cannot be reached, a process that already knows the current release keeps
 * serving it: releases are immutable and nothing can be published during the outage.
 */
import type { CatalogRepository } from './catalog-repository.ts';
import { loadRelease, type LoadedRelease } from './loaded-release.ts';

export class CatalogUnavailableError extends Error {
  override readonly name = 'CatalogUnavailableError';
  constructor() {
    super('No catalog release has been published yet. Run: npm run operator -- publish-catalog');
  }
}

export class CatalogService {
  private readonly releases = new Map<string, LoadedRelease>();
  private currentVersion?: string;
  private checkedAt = 0;
  private refreshing?: Promise<void>;

  constructor(
    private readonly repository: CatalogRepository,
    private readonly refreshMs = 2000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The current release; throws CatalogUnavailableError when nothing is published. */
  async current(): Promise<LoadedRelease> {
    if (this.currentVersion === undefined || this.clock() - this.checkedAt > this.refreshMs) await this.refresh();
    if (this.currentVersion === undefined) throw new CatalogUnavailableError();
    return this.load(this.currentVersion);
  }

  /** The current release, re-checked now: used before telling a caller their version is stale. */
  async currentFresh(): Promise<LoadedRelease> {
    await this.refresh();
    return this.current();
  }

  /** Any published release, or undefined. */
  async version(catalogVersion: string): Promise<LoadedRelease | undefined> {
    const cached = this.releases.get(catalogVersion);
    if (cached) return cached;
    const stored = await this.repository.read(catalogVersion);
    if (!stored) return undefined;
    const loaded = loadRelease(stored.document, stored.publishedAt);
    this.releases.set(catalogVersion, loaded);
    return loaded;
  }

  /** Peek without touching the database (health checks). */
  knownCurrentVersion(): string | undefined {
    return this.currentVersion;
  }

  private async refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        this.currentVersion = await this.repository.currentVersion();
        this.checkedAt = this.clock();
      } catch (error) {
        if (this.currentVersion === undefined || !this.releases.has(this.currentVersion)) throw error;
        // Keep serving the known release; try the database again after the next interval.
        this.checkedAt = this.clock();
      } finally {
        this.refreshing = undefined;
      }
    })();
    await this.refreshing;
  }

  private async load(catalogVersion: string): Promise<LoadedRelease> {
    const loaded = await this.version(catalogVersion);
    if (!loaded) throw new CatalogUnavailableError();
    return loaded;
  }
}
