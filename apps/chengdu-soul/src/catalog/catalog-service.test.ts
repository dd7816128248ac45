/** The in-memory catalog: refreshes which release is current, and survives a database outage. */
import { describe, expect, it } from 'vitest';
import { newestBundledRelease } from './bundled-releases.ts';
import type { CatalogRepository } from './catalog-repository.ts';
import { CatalogService, CatalogUnavailableError } from './catalog-service.ts';
import { readReleaseFolder } from './read-release.ts';

const document = readReleaseFolder(newestBundledRelease());

function fakeRepository() {
  const state = { down: false, current: document.manifest.catalogVersion as string | undefined, reads: 0 };
  const refused = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  const repository = {
    async currentVersion() {
      if (state.down) throw refused();
      return state.current;
    },
    async read(version: string) {
      if (state.down) throw refused();
      state.reads += 1;
      return version === document.manifest.catalogVersion ? { document, publishedAt: new Date(0) } : undefined;
    },
  } as unknown as CatalogRepository;
  return { state, repository };
}

describe('CatalogService', () => {
  it('loads a release once and serves it from memory', async () => {
    const { state, repository } = fakeRepository();
    const service = new CatalogService(repository, 0);
    await service.current();
    await service.current();
    expect(state.reads).toBe(1);
  });

  it('keeps serving the known release while the database is unreachable', async () => {
    const { state, repository } = fakeRepository();
    let now = 0;
    const service = new CatalogService(repository, 1000, () => now);
    expect((await service.current()).catalogVersion).toBe(document.manifest.catalogVersion);
    state.down = true;
    now = 5000;
    expect((await service.current()).catalogVersion).toBe(document.manifest.catalogVersion);
  });

  it('fails with the connection error when it never knew a release, and says so when none is published', async () => {
    const down = fakeRepository();
    down.state.down = true;
    await expect(new CatalogService(down.repository, 0).current()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    const empty = fakeRepository();
    empty.state.current = undefined;
    await expect(new CatalogService(empty.repository, 0).current()).rejects.toBeInstanceOf(CatalogUnavailableError);
  });
});
