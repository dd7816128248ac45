/**
 * Catalog releases in the database. Publishing stores the whole reviewed document under its
 * `catalogVersion`; the newest publication is the current release. Publishing the same content
 * again is a no-op (an operator retry); the same version with other content is refused.
 */
import { canonicalHash } from '@agent-products/kit/json';
import type { Kysely } from 'kysely';
import type { ChengduDatabase } from '../store/schema.ts';
import { ReleaseDocument } from './release-schema.ts';
import { validateRelease } from './validate-release.ts';

export type PublishOutcome = { status: 'published' | 'already_published'; catalogVersion: string; contentHash: string };

export class CatalogVersionTakenError extends Error {
  override readonly name = 'CatalogVersionTakenError';
  constructor(readonly catalogVersion: string) {
    super(`Catalog version ${catalogVersion} is already published with different content; releases are immutable, publish a new version.`);
  }
}

export function releaseContentHash(document: ReleaseDocument): string {
  return canonicalHash(document);
}

export class CatalogRepository {
  constructor(private readonly db: Kysely<ChengduDatabase>) {}

  async publish(candidate: unknown): Promise<PublishOutcome> {
    const document = validateRelease(candidate);
    const catalogVersion = document.manifest.catalogVersion;
    const contentHash = releaseContentHash(document);
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('catalog_releases')
        .values({ catalog_version: catalogVersion, content_hash: contentHash, document: JSON.stringify(document) })
        .onConflict((oc) => oc.column('catalog_version').doNothing())
        .returning('catalog_version')
        .executeTakeFirst();
      if (inserted) return { status: 'published', catalogVersion, contentHash };
      const existing = await trx.selectFrom('catalog_releases').select('content_hash').where('catalog_version', '=', catalogVersion).executeTakeFirstOrThrow();
      if (existing.content_hash !== contentHash) throw new CatalogVersionTakenError(catalogVersion);
      return { status: 'already_published', catalogVersion, contentHash };
    });
  }

  async currentVersion(): Promise<string | undefined> {
    const row = await this.db.selectFrom('catalog_releases').select('catalog_version').orderBy('seq', 'desc').limit(1).executeTakeFirst();
    return row?.catalog_version;
  }

  async listVersions(): Promise<Array<{ catalogVersion: string; publishedAt: Date; contentHash: string }>> {
    const rows = await this.db.selectFrom('catalog_releases').select(['catalog_version', 'published_at', 'content_hash']).orderBy('seq', 'desc').execute();
    return rows.map((r) => ({ catalogVersion: r.catalog_version, publishedAt: new Date(r.published_at), contentHash: r.content_hash }));
  }

  async read(catalogVersion: string): Promise<{ document: ReleaseDocument; publishedAt: Date } | undefined> {
    const row = await this.db
      .selectFrom('catalog_releases')
      .select(['document', 'published_at'])
      .where('catalog_version', '=', catalogVersion)
      .executeTakeFirst();
    if (!row) return undefined;
    const raw = typeof row.document === 'string' ? JSON.parse(row.document) : row.document;
    return { document: ReleaseDocument.parse(raw), publishedAt: new Date(row.published_at) };
  }
}
