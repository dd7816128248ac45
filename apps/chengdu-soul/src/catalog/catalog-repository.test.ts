/**
 * Publishing releases on the run's database: immutable, idempotent for the same content,
 * refused for changed content under a taken version, and old releases stay readable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDatabase, testDatabaseKind, type TestDatabase } from '@agent-products/kit/testing';
import { chengduMigrations } from '../store/migrations.ts';
import type { ChengduDatabase } from '../store/schema.ts';
import { newestBundledRelease } from './bundled-releases.ts';
import { CatalogRepository, CatalogVersionTakenError } from './catalog-repository.ts';
import { CatalogService } from './catalog-service.ts';
import { readReleaseFolder } from './read-release.ts';
import { ReleaseInvalidError } from './validate-release.ts';

const release = readReleaseFolder(newestBundledRelease());
let database: TestDatabase<ChengduDatabase>;
let repository: CatalogRepository;

beforeAll(async () => {
  database = await openTestDatabase<ChengduDatabase>(chengduMigrations, 'catalog_repo');
  repository = new CatalogRepository(database.db);
});
afterAll(async () => {
  await database?.dispose();
});

describe(`catalog releases on ${testDatabaseKind()}`, () => {
  it('publishes a release and makes it current', async () => {
    expect(await repository.currentVersion()).toBeUndefined();
    expect((await repository.publish(release)).status).toBe('published');
    expect(await repository.currentVersion()).toBe(release.manifest.catalogVersion);
  });

  it('treats publishing the same content again as done', async () => {
    expect((await repository.publish(release)).status).toBe('already_published');
  });

  it('refuses other content under a published version', async () => {
    const changed = structuredClone(release);
    changed.scenes[0]!.summary = 'Changed after publication.';
    await expect(repository.publish(changed)).rejects.toBeInstanceOf(CatalogVersionTakenError);
  });

  it('refuses an invalid release and stores nothing of it', async () => {
    const broken = structuredClone(release);
    broken.manifest.catalogVersion = '2030-01-01.1';
    broken.scenes[0]!.tags = ['no-such-tag'];
    await expect(repository.publish(broken)).rejects.toBeInstanceOf(ReleaseInvalidError);
    expect(await repository.read('2030-01-01.1')).toBeUndefined();
  });

  it('refuses any change to a stored release at the database level', async () => {
    await expect(sql`update catalog_releases set content_hash = 'x'`.execute(database.db)).rejects.toThrow(/immutable/);
    await expect(sql`delete from catalog_releases`.execute(database.db)).rejects.toThrow(/immutable/);
  });

  it('moves current to a newer release while the old one stays readable', async () => {
    const next = structuredClone(release);
    next.manifest.catalogVersion = '2026-12-02.1';
    await repository.publish(next);
    const service = new CatalogService(repository, 0);
    expect((await service.current()).catalogVersion).toBe('2026-12-02.1');
    expect((await service.version(release.manifest.catalogVersion))?.scenes.length).toBe(release.scenes.length);
    expect((await repository.listVersions()).map((v) => v.catalogVersion)).toEqual(['2026-12-02.1', release.manifest.catalogVersion]);
  });
});
