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
  '0002_planning': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('accounts')
        .addColumn('account_id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('approved', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('agent_credentials')
        .addColumn('credential_id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.account_id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('audience', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('revoked_at', 'timestamptz')
        .execute();
      await db.schema
        .createTable('drafts')
        .addColumn('draft_ref', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.account_id'))
        .addColumn('catalog_version', 'text', (c) => c.notNull().references('catalog_releases.catalog_version'))
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('content_hash', 'text', (c) => c.notNull())
        .addColumn('content', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('confirmed_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('drafts_by_account').on('drafts').columns(['account_id', 'created_at']).execute();
      await db.schema
        .createTable('draft_revisions')
        .addColumn('draft_ref', 'text', (c) => c.notNull().references('drafts.draft_ref'))
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('content_hash', 'text', (c) => c.notNull())
        .addColumn('content', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('draft_revisions_pk', ['draft_ref', 'revision'])
        .execute();
      await db.schema
        .createTable('pages')
        .addColumn('page_id', 'text', (c) => c.primaryKey())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('draft_ref', 'text', (c) => c.notNull().unique().references('drafts.draft_ref'))
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.account_id'))
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('content_hash', 'text', (c) => c.notNull())
        .addColumn('snapshot', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('stopped_at', 'timestamptz')
        .execute();
      // idempotency_records and rate_limits were created here until the kit owned them; a fresh
      // database now gets them from the kit's platform migrations (run before these), and one
      // made before keeps the tables this migration created (platform-migrations.ts).
    },
  },
  // The owner's web. Sign-in tokens and session ids are kept only as SHA-256 hashes, so a copy of
  // the database cannot sign anyone in.
  '0003_owner_web': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('sign_in_links')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.account_id'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('session_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.account_id'))
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_by_expiry').on('sessions').column('expires_at').execute();
      await db.schema
        .createTable('feedback')
        .addColumn('feedback_id', 'text', (c) => c.primaryKey())
        .addColumn('submission_id', 'text', (c) => c.notNull().unique())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('contact', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('removal_requests')
        .addColumn('request_id', 'text', (c) => c.primaryKey())
        .addColumn('submission_id', 'text', (c) => c.notNull().unique())
        .addColumn('contact', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  // A draft of three full days is about 6 KB of JSON. PostgreSQL compresses any row over 2 KB,
  // and that compression was an eighth of the database's work per proposal (perf, under
  // bench/chengdu-propose.ts); rows up to a page's 8 KB now stay whole and uncompressed.
  '0004_keep_drafts_uncompressed': {
    async up(db: Kysely<any>) {
      for (const table of ['drafts', 'draft_revisions', 'idempotency_records', 'pages']) {
        await sql`alter table ${sql.table(table)} set (toast_tuple_target = 8160)`.execute(db);
      }
    },
  },
  // A draft's content lived twice, in its row and in its current revision: every write stored
  // (and logged) about 6 KB more than it needed. The revision rows keep it; the draft names
  // which revision is current.
  '0005_draft_content_in_revisions': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('drafts').dropColumn('content').execute();
    },
  },
  // The operator marks a removal request handled once the data is removed and the requester
  // answered, so the list tells open requests from done ones.
  '0006_removal_requests_handled': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('removal_requests').addColumn('handled_at', 'timestamptz').execute();
    },
  },
  // The owner's page lists one account's saved plans and who proposed each: without these, both
  // read every account's rows (`pages`) or every proposal the account ever made. Page ids break
  // ties between plans confirmed in the same millisecond, so the list's cursor is stable.
  '0007_owner_lists_by_index': {
    async up(db: Kysely<any>) {
      await sql`create index pages_by_account on pages (account_id, created_at desc, page_id desc)`.execute(db);
      await sql`create index proposals_by_draft on idempotency_records (account_id, (response ->> 'draftRef')) where operation = 'propose'`.execute(db);
    },
  },
};
