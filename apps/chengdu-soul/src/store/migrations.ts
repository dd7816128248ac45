/**
 * The Chengdu Soul schema, as ordered migrations. Catalog releases are immutable: a trigger
 * refuses any UPDATE or DELETE, so a published `catalogVersion` always means the same scenes.
 */
import { sql, type Kysely } from 'kysely';
import type { Migrations } from '@agent-products/kit/store';

export const chengduMigrations: Migrations = {
  '0001_catalog_releases': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('catalog_releases')
        .addColumn('catalog_version', 'text', (c) => c.primaryKey())
        .addColumn('seq', 'serial', (c) => c.notNull().unique())
        .addColumn('content_hash', 'text', (c) => c.notNull())
        .addColumn('document', 'jsonb', (c) => c.notNull())
        .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await sql`
        create function catalog_releases_immutable() returns trigger language plpgsql as $$
        begin
          raise exception 'catalog releases are immutable (%)', old.catalog_version;
        end $$`.execute(db);
      await sql`
        create trigger catalog_releases_no_change before update or delete on catalog_releases
        for each row execute function catalog_releases_immutable()`.execute(db);
    },
  },
};
