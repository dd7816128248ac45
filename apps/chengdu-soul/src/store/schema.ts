/** Table types for Kysely: the Chengdu Soul schema as the migrations create it. */
import type { ColumnType, Generated } from 'kysely';

export interface CatalogReleasesTable {
  catalog_version: string;
  seq: Generated<number>;
  content_hash: string;
  document: ColumnType<unknown, string, never>;
  published_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface ChengduDatabase {
  catalog_releases: CatalogReleasesTable;
}
