/**
 * The & schema, as ordered migrations. Every secret-bearing key (OAuth token ids, sign-in link
 * tokens, session ids) is stored only as its SHA-256 hash, so a copy of the database lets no one
 * in; the two secrets the server must read back (the ID-token signing key and a rotated refresh
 * token's successor within the grace window) are sealed with a key derived from the token secret.
 */
import { sql, type Kysely } from 'kysely';
import type { Migrations } from '@agent-products/kit/store';
import { loopMigrations } from './loop-migrations.ts';
import { answerCountsBackfill } from './answer-counts-backfill.ts';
import { factWordsBackfill } from './fact-words-backfill.ts';

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
  // idempotency_records and rate_limits are the kit's (platform migrations, run before these).
  // These two names stay, with nothing to do, so databases that ran them keep one history.
  '0003_idempotency_records': { async up() {} },
  '0004_identity_signals': {
    async up(db: Kysely<any>) {
      // identity_facts become signals: an HDS code, a third status (rejected), provenance and the
      // review's timestamps. Rows from before the taxonomy keep a null code until reviewed.
      await sql`alter table identity_facts drop constraint identity_facts_status_check`.execute(db);
      await sql`alter table identity_facts add constraint identity_facts_status_check check (status in ('approved', 'pending', 'rejected'))`.execute(db);
      await db.schema
        .alterTable('identity_facts')
        .addColumn('hds_code', 'text')
        // Who or what wrote it: 'mcp' (an OAuth client), 'cli', 'web' (the andee's own edit),
        // 'turn' (a signed chat turn), 'answer' (an answer to a peer question), 'demo', 'legacy'.
        .addColumn('source', 'text', (c) => c.notNull().defaultTo('legacy'))
        .addColumn('client_id', 'text')
        .addColumn('turn_id', 'text')
        .addColumn('question_id', 'text')
        // The text as duplicates are compared: trimmed, whitespace collapsed, lower-cased.
        .addColumn('value_key', 'text')
        .addColumn('updated_at', 'timestamptz')
        .addColumn('reviewed_at', 'timestamptz')
        .execute();
      await sql`update identity_facts set value_key = lower(regexp_replace(btrim(value), '\s+', ' ', 'g')), updated_at = created_at`.execute(db);
      // One live (approved or pending) copy of a sentence per andee, enforced by the database so
      // concurrent duplicate writes cannot both land.
      await sql`create unique index identity_facts_live_value on identity_facts (andee_id, value_key) where status in ('approved', 'pending')`.execute(db);
    },
  },
  '0005_first_party_clients': {
    async up(db: Kysely<any>) {
      // OAuth clients the operator declared to be the andee's own first-party runtime (the &
      // app, the hosted agent): only they may carry a connection's connected-only signals.
      await db.schema
        .createTable('first_party_clients')
        .addColumn('client_id', 'text', (c) => c.primaryKey())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
  '0006_contacts': {
    async up(db: Kysely<any>) {
      // Phone numbers only as keyed hashes (HMAC of the E.164 form): an andee's own numbers, and
      // the numbers in the contacts their app uploaded. Never the raw number.
      await db.schema
        .createTable('andee_phones')
        .addColumn('phone_hash', 'text', (c) => c.primaryKey())
        .addColumn('andee_id', 'text', (c) => c.notNull().references('andees.andee_id'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('andee_phones_by_andee').on('andee_phones').column('andee_id').execute();
      await db.schema
        .createTable('contact_hashes')
        .addColumn('andee_id', 'text', (c) => c.notNull().references('andees.andee_id'))
        .addColumn('phone_hash', 'text', (c) => c.notNull())
        .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('contact_hashes_pk', ['andee_id', 'phone_hash'])
        .execute();
      await db.schema.createIndex('contact_hashes_by_hash').on('contact_hashes').column('phone_hash').execute();
    },
  },
  '0007_connection_requests': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('connection_requests')
        .addColumn('request_id', 'text', (c) => c.primaryKey())
        .addColumn('from_id', 'text', (c) => c.notNull().references('andees.andee_id'))
        .addColumn('to_id', 'text', (c) => c.notNull().references('andees.andee_id'))
        .addColumn('note', 'text')
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'accepted', 'denied')`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('resolved_at', 'timestamptz')
        .execute();
      // At most one pending request per pair, whichever side sent it: concurrent requests
      // (or crossing ones) cannot both be pending.
      await sql`create unique index connection_requests_pending_pair on connection_requests (least(from_id, to_id), greatest(from_id, to_id)) where status = 'pending'`.execute(
        db,
      );
      await db.schema.createIndex('connection_requests_to').on('connection_requests').columns(['to_id', 'status']).execute();
      await db.schema.createIndex('connection_requests_from').on('connection_requests').columns(['from_id', 'status']).execute();
    },
  },
  '0008_peer_questions': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('peer_questions')
        .addColumn('question_id', 'text', (c) => c.primaryKey())
        .addColumn('asker_id', 'text', (c) => c.notNull().references('andees.andee_id'))
        .addColumn('recipient_id', 'text', (c) => c.notNull().references('andees.andee_id'))
        .addColumn('question', 'text', (c) => c.notNull())
        // 'expired' is never stored: a pending question past expires_at reads as expired.
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'answered', 'rejected', 'withdrawn')`))
        .addColumn('signals_created', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('resolved_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('peer_questions_by_asker').on('peer_questions').columns(['asker_id', 'created_at']).execute();
      await db.schema.createIndex('peer_questions_by_recipient').on('peer_questions').columns(['recipient_id', 'status', 'expires_at']).execute();
    },
  },
  '0009_notifications': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('notifications')
        .addColumn('notification_id', 'text', (c) => c.primaryKey())
        .addColumn('andee_id', 'text', (c) => c.notNull().references('andees.andee_id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('link', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('read_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('notifications_by_andee').on('notifications').columns(['andee_id', 'created_at']).execute();
    },
  },
  ...loopMigrations,
  '0050_rate_limits': { async up() {} },
  // `find_andees` looks people up by their whole name or one word of it. Without an index on the
  // normalized name it walked the tag index until 200 matched, so a rare name read every andee.
  // The two functions are the one definition of "normalized" the query and the indexes share
  // (lower case, single spaces, trimmed), so the planner can match them.
  '0052_names_by_index': {
    async up(db: Kysely<any>) {
      await sql`create function andee_name_key(name text) returns text language sql immutable parallel safe
        return regexp_replace(lower(btrim(name)), '[[:space:]]+', ' ', 'g')`.execute(db);
      await sql`create function andee_name_words(name text) returns text[] language sql immutable parallel safe
        return string_to_array(andee_name_key(name), ' ')`.execute(db);
      await sql`create index andees_by_name_key on andees (andee_name_key(display_name))`.execute(db);
      await sql`create index andees_by_name_word on andees using gin (andee_name_words(display_name))`.execute(db);
    },
  },
  // Cross-device approval (auth/interaction-approvals.ts): the number the starting screen shows,
  // the account it showed, and the one answer an interaction gets, keyed like oauth_store rows.
  '0055_interaction_approvals': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('interaction_approvals')
        .addColumn('uid_hash', 'text', (c) => c.primaryKey())
        .addColumn('match_number', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('starter_andee_id', 'text')
        .addColumn('answered_by', 'text')
        .addColumn('answered_at', 'timestamptz')
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('interaction_approvals_by_expiry').on('interaction_approvals').column('expires_at').execute();
    },
  },
  // `find_andees` checks a stranger's constraints ("Ada who plays the cello") against their public
  // facts. Done in Node, it read the public facts of every namesake first; a fact's content words
  // are now stored with it (the same words a constraint is split into, text/content-words.ts), so
  // SQL applies the constraints: from the rare side, the public facts holding a constraint's words
  // (this partial GIN index, built concurrently), or per namesake through identity_facts_by_andee.
  // An online migration (kit README): the column is added empty (null: not computed yet), and
  // existing facts get their words from the backfill while the API serves (fact-words-backfill.ts).
  // Until 7 December 2026 this migration filled every fact inside its transaction, with the table
  // locked (988.8 s at 5.2 million facts); 0066 makes the column of databases it ran on this shape.
  '0056_public_fact_words': {
    async up(db: Kysely<any>) {
      await sql`alter table identity_facts add column content_words text[]`.execute(db);
    },
    indexes: [
      {
        name: 'identity_facts_public_words',
        definition: "on identity_facts using gin (content_words) where status = 'approved' and visibility = 'public'",
      },
    ],
    backfill: factWordsBackfill,
  },
  // The web pages list what grows with use a page at a time, newest first, continuing after the
  // last (time, id) shown (store/newest-first.ts). These are the indexes those pages read through
  // where no index had the list's order: pending requests by either side, and connections by
  // when they were made. Identity facts, notifications and questions had theirs already.
  '0057_web_list_indexes': {
    // Tables that hold rows: the indexes are built concurrently (kit README), writes go on meanwhile.
    async up() {},
    indexes: [
      { name: 'connection_requests_pending_to', definition: "on connection_requests (to_id, created_at, request_id) where status = 'pending'" },
      { name: 'connection_requests_pending_from', definition: "on connection_requests (from_id, created_at, request_id) where status = 'pending'" },
      { name: 'connections_by_time', definition: 'on connections (andee_id, connected_at, other_id)' },
    ],
  },
  // Every grant that ends (revoked on the web or by the operator, refresh-token reuse, expiry)
  // is recorded by the database itself, whichever statement deleted it, and announced on commit
  // (auth/revocation-feed.ts): the MCP processes refuse its tokens at once without asking the
  // database on every request. Rows are dropped once no token of the grant can still be live.
  '0061_grant_revocations': {
    async up(db: Kysely<any>) {
      await sql`create table oauth_grant_revocations (grant_id text primary key, revoked_at timestamptz not null)`.execute(db);
      await sql`create index oauth_grant_revocations_by_time on oauth_grant_revocations (revoked_at)`.execute(db);
      await sql`create function record_grant_revocation() returns trigger language plpgsql as $$
        begin
          insert into oauth_grant_revocations (grant_id, revoked_at) values (old.grant_id, clock_timestamp())
            on conflict (grant_id) do update set revoked_at = excluded.revoked_at;
          perform pg_notify('ampersand_grant_revoked', old.grant_id);
          return old;
        end $$`.execute(db);
      await sql`create trigger oauth_grant_revoked after delete on oauth_store for each row
        when (old.model = 'Grant' and old.grant_id is not null) execute function record_grant_revocation()`.execute(db);
    },
  },
  // questions_list's signalsCreated is what the answerer approved of an answer, however its signal
  // is decided (the review queue, Remove, Undo, the web app or an agent): the database recounts a
  // question whenever a signal of its answer changes status. Answered questions whose signal is
  // not approved (all of them were counted 1 when answered) are set right once, by their
  // answerer's own facts through identity_facts_by_andee, by its backfill (answer-counts-backfill.ts).
  '0062_answer_signal_counts': {
    async up(db: Kysely<any>) {
      await sql`create function count_answer_signals() returns trigger language plpgsql as $$
        begin
          update peer_questions q set signals_created = (
            select count(*) from identity_facts f
            where f.andee_id = q.recipient_id and f.status = 'approved' and f.question_id = q.question_id
          ) where q.question_id = new.question_id and q.recipient_id = new.andee_id;
          return null;
        end $$`.execute(db);
      await sql`create trigger identity_facts_answer_count after insert or update of status on identity_facts for each row
        when (new.question_id is not null) execute function count_answer_signals()`.execute(db);
    },
    // Until 7 December 2026 the counts were set right inside this migration's transaction.
    backfill: answerCountsBackfill,
  },
  // loop_share to someone who is not a connection of the owner invites them (loops/loop-invitations.ts):
  // they become a member only when they accept. A new table, so nothing existing is rewritten.
  '0063_loop_invitations': {
    async up(db: Kysely<any>) {
      await sql`create table loop_invitations (
        loop_id text not null references loops (loop_id),
        andee_id text not null references andees (andee_id),
        invited_by text not null references andees (andee_id),
        created_at timestamptz not null,
        primary key (loop_id, andee_id)
      )`.execute(db);
      await sql`create index loop_invitations_by_andee on loop_invitations (andee_id, created_at, loop_id)`.execute(db);
    },
  },
  // Sweeps whose work follows what they remove (housekeeping/): sessions and sign-in links are
  // found past their expiry through an index (each sign-in deleted expired sessions by reading
  // the whole table); the unused-client sweep reads clients in creation order and asks per client
  // whether a grant names it (it read every grant once per abandoned client: 50 registrations
  // made one run take 12 s, and anyone can register).
  '0064_sweep_indexes': {
    // Tables that hold rows: the indexes are built concurrently (kit README), writes go on meanwhile.
    async up() {},
    indexes: [
      { name: 'web_sessions_by_expiry', definition: 'on web_sessions (expires_at)' },
      { name: 'sign_in_links_by_expiry', definition: 'on sign_in_links (expires_at)' },
      { name: 'oauth_store_grants_by_client', definition: "on oauth_store (client_id) where model = 'Grant'" },
      { name: 'oauth_store_clients_by_creation', definition: "on oauth_store (created_at, id_hash) where model = 'Client'" },
      { name: 'oauth_refresh_successions_by_claim', definition: 'on oauth_refresh_successions (claimed_at)' },
    ],
  },
  // The network address of the screen that started an authorization request, as it first showed
  // its number: the approving device is told where and when the request started, so a number
  // relayed by someone elsewhere is harder to pass off (auth/request-origin.tsx).
  '0065_interaction_started_from': {
    async up(db: Kysely<any>) {
      await sql`alter table interaction_approvals add column started_from text`.execute(db);
    },
  },
  // One person's facts together (issue 42 item 5). Facts are written over time among everyone
  // else's, so the heap holds a person's 50 on about 50 pages: a read of one person (identity_read,
  // a profile, ask_question's context) cost a page per fact, and with callers who change from call
  // to call those pages are rarely cached. This index keeps them in key order with every column
  // those reads return, so they are an index-only scan of a few pages (56 pages a call before, 5
  // after, on 10,000 seeded people: bench/README.md, Scale). Built concurrently (kit README): writes
  // go on meanwhile. It covers the old `identity_facts_by_andee`'s key; that index is dropped by a
  // later release (the contract step), once every running release reads through this one.
  '0066_identity_facts_covering': {
    async up() {},
    indexes: [
      {
        name: 'identity_facts_by_andee_covering',
        definition: 'on identity_facts (andee_id, status, created_at, fact_id) include (visibility, reviewed_at, value, hds_code)',
      },
    ],
  },
  // Databases that ran 0056 before it was online have `content_words not null default '{}'`; a
  // fresh one has a nullable column with no default (null: words not computed yet). Both end here
  // in the same shape. Catalog-only changes: no row is read or rewritten.
  '0067_fact_words_nullable': {
    async up(db: Kysely<any>) {
      await sql`alter table identity_facts alter column content_words drop not null, alter column content_words drop default`.execute(db);
    },
  },
  // find_andees' work no longer grows with the number of namesakes (issue 42, identity/namesake-search.ts).
  // It walks the namesakes in tag order and stops once it has enough, so it needs them by name
  // word and tag: the whole name, or one word of it by position (first, second, third; the later
  // words of the few longer names through a partial GIN index). Each walked namesake is checked
  // against the constraints by key, from the words of its public facts read out of an index (one
  // person's few entries together, where the table has them on as many pages as there are facts).
  // Its predicate names facts with words, which only that check states: a read of every fact
  // holding a word (from the constraint's side) keeps to the words index of 0056 and cannot walk
  // this one whole. Tables that hold rows: built concurrently.
  '0068_namesakes_in_tag_order': {
    async up() {},
    indexes: [
      { name: 'andees_by_name_key_and_tag', definition: 'on andees (andee_name_key(display_name), tag)' },
      { name: 'andees_by_first_name_word', definition: 'on andees (((andee_name_words(display_name))[1]), tag)' },
      { name: 'andees_by_second_name_word', definition: 'on andees (((andee_name_words(display_name))[2]), tag)' },
      { name: 'andees_by_third_name_word', definition: 'on andees (((andee_name_words(display_name))[3]), tag)' },
      {
        name: 'andees_by_later_name_word',
        definition: 'on andees using gin (andee_name_words(display_name)) where cardinality(andee_name_words(display_name)) > 3',
      },
      {
        name: 'identity_facts_public_words_by_andee',
        definition:
          "on identity_facts (andee_id) include (content_words) where status = 'approved' and visibility = 'public' and cardinality(content_words) > 0",
      },
    ],
  },
};
