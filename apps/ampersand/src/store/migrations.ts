/**
 * The & schema, as ordered migrations. Every secret-bearing key (OAuth token ids, sign-in link
 * tokens, session ids) is stored only as its SHA-256 hash, so a copy of the database lets no one
 * in; the two secrets the server must read back (the ID-token signing key and a rotated refresh
 * token's successor within the grace window) are sealed with a key derived from the token secret.
 */
import { sql, type Kysely } from 'kysely';
import type { Migrations } from '@agent-products/kit/store';
import { loopMigrations } from '../loops/loop-migrations.ts';

export const ampersandMigrations: Migrations = {
  '0001_andees': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('andees')
        .addColumn('andee_id', 'text', (c) => c.primaryKey())
        .addColumn('tag', 'text', (c) => c.notNull().unique())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('photo_url', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('sign_in_links')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('andee_id', 'text', (c) => c.notNull().references('andees.andee_id'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .execute();
      await db.schema
        .createTable('web_sessions')
        .addColumn('session_hash', 'text', (c) => c.primaryKey())
        .addColumn('andee_id', 'text', (c) => c.notNull().references('andees.andee_id'))
        .addColumn('csrf_token', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
      // What a local development mailbox would have delivered; written only when it is enabled.
      await db.schema
        .createTable('dev_mailbox')
        .addColumn('message_id', 'serial', (c) => c.primaryKey())
        .addColumn('andee_id', 'text', (c) => c.notNull().references('andees.andee_id'))
        .addColumn('link', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('identity_facts')
        .addColumn('fact_id', 'text', (c) => c.primaryKey())
        .addColumn('andee_id', 'text', (c) => c.notNull().references('andees.andee_id'))
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('visibility', 'text', (c) => c.notNull().check(sql`visibility in ('private', 'connected', 'public')`))
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('approved', 'pending')`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('identity_facts_by_andee').on('identity_facts').columns(['andee_id', 'status', 'created_at']).execute();
      // An active connection is stored once per side, so "my connections" is one index range.
      await db.schema
        .createTable('connections')
        .addColumn('andee_id', 'text', (c) => c.notNull().references('andees.andee_id'))
        .addColumn('other_id', 'text', (c) => c.notNull().references('andees.andee_id'))
        .addColumn('connected_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('connections_pk', ['andee_id', 'other_id'])
        .execute();
    },
  },
  '0002_oauth': {
    async up(db: Kysely<any>) {
      // oidc-provider's models (sessions, interactions, grants, codes, refresh tokens, clients)
      // in one table; a grant's rows all carry its id, so revoking a grant is one delete.
      await db.schema
        .createTable('oauth_store')
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('id_hash', 'text', (c) => c.notNull())
        .addColumn('payload', 'jsonb', (c) => c.notNull())
        .addColumn('grant_id', 'text')
        .addColumn('account_id', 'text')
        .addColumn('client_id', 'text')
        .addColumn('uid', 'text')
        .addColumn('user_code_hash', 'text')
        .addColumn('expires_at', 'timestamptz')
        .addColumn('consumed_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('oauth_store_pk', ['model', 'id_hash'])
        .execute();
      await db.schema.createIndex('oauth_store_by_grant').on('oauth_store').column('grant_id').execute();
      await db.schema.createIndex('oauth_store_by_account').on('oauth_store').columns(['model', 'account_id']).execute();
      await db.schema.createIndex('oauth_store_by_uid').on('oauth_store').columns(['model', 'uid']).execute();
      await db.schema.createIndex('oauth_store_by_user_code').on('oauth_store').columns(['model', 'user_code_hash']).execute();
      await db.schema.createIndex('oauth_store_by_expiry').on('oauth_store').column('expires_at').execute();
      await db.schema
        .createTable('oauth_refresh_successions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('claimed_at', 'timestamptz', (c) => c.notNull())
        .addColumn('sealed_response', 'text')
        .execute();
      await db.schema
        .createTable('oauth_keys')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('sealed', 'text', (c) => c.notNull())
        .execute();
    },
  },
  ...loopMigrations,
};
