/**
 * The Loop records (migrations 0020–0022 and 0051 are this concern's): Loops and their members, the
 * write-once skill pin, items with provenance and history, the canonical conversation, and runs
 * with their turn log. The database itself holds the run invariants: a run is either running
 * with no end, or in exactly one of the five terminal states with an end time; and every
 * terminal state has exactly one conversation message bearing it.
 *
 * A new migration's name must sort after every migration already released, here and in
 * store/migrations.ts alike (0050 is released): Kysely's migrator refuses a database whose history
 * has a later name than a pending migration, so a lower name would stop every existing install.
 */
import { sql, type Kysely } from 'kysely';
import type { Migrations } from '@agent-products/kit/store';

export const loopMigrations: Migrations = {
  '0020_loops': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('skill_releases')
        .addColumn('skill_id', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('content', 'jsonb', (c) => c.notNull())
        .addColumn('digest', 'text', (c) => c.notNull())
        .addColumn('outcome_spec', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('skill_releases_pk', ['skill_id', 'version'])
        .addUniqueConstraint('skill_releases_digest', ['skill_id', 'digest'])
        .execute();
      await db.schema
        .createTable('loops')
        .addColumn('loop_id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull().references('andees.andee_id'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('renderer', 'text', (c) => c.notNull())
        .addColumn('skill_id', 'text', (c) => c.notNull())
        // Null until pinned; once set, never changed (the pin is write-once).
        .addColumn('skill_version', 'integer')
        .addColumn('composition', 'jsonb')
        .addColumn('archived_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .addForeignKeyConstraint('loops_skill_release', ['skill_id', 'skill_version'], 'skill_releases', ['skill_id', 'version'])
        // Reuse before create, held by the database: concurrent identical creates meet here.
        .addUniqueConstraint('loops_owner_title_skill', ['owner_id', 'title', 'skill_id'])
        .execute();
      await db.schema
        .createTable('loop_members')
        .addColumn('loop_id', 'text', (c) => c.notNull().references('loops.loop_id'))
        .addColumn('andee_id', 'text', (c) => c.notNull().references('andees.andee_id'))
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'member')`))
        .addColumn('added_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('loop_members_pk', ['loop_id', 'andee_id'])
        .execute();
      await db.schema.createIndex('loop_members_by_andee').on('loop_members').columns(['andee_id', 'loop_id']).execute();
      await db.schema
        .createTable('loop_items')
        .addColumn('item_id', 'text', (c) => c.primaryKey())
        .addColumn('loop_id', 'text', (c) => c.notNull().references('loops.loop_id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content', 'jsonb', (c) => c.notNull())
        .addColumn('fallback_text', 'text', (c) => c.notNull())
        .addColumn('grounding', 'jsonb', (c) => c.notNull())
        .addColumn('provenance', 'jsonb')
        .addColumn('author', 'text', (c) => c.notNull().check(sql`author in ('agent', 'andee')`))
        .addColumn('visibility', 'text', (c) => c.notNull().check(sql`visibility in ('members', 'owner')`))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('loop_items_by_loop').on('loop_items').columns(['loop_id', 'created_at']).execute();
      await db.schema
        .createTable('loop_item_history')
        .addColumn('item_id', 'text', (c) => c.notNull().references('loop_items.item_id'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content', 'jsonb', (c) => c.notNull())
        .addColumn('fallback_text', 'text', (c) => c.notNull())
        .addColumn('provenance', 'jsonb')
        .addColumn('recorded_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('loop_item_history_pk', ['item_id', 'version'])
        .execute();
      await db.schema
        .createTable('loop_runs')
        .addColumn('run_id', 'text', (c) => c.primaryKey())
        .addColumn('loop_id', 'text', (c) => c.notNull().references('loops.loop_id'))
        .addColumn('andee_id', 'text', (c) => c.notNull().references('andees.andee_id'))
        // A retry is a new attempt of the same task: same task id, next attempt number.
        .addColumn('task_id', 'text', (c) => c.notNull())
        .addColumn('attempt', 'integer', (c) => c.notNull())
        .addColumn('envelope', 'jsonb', (c) => c.notNull())
        .addColumn('correlation_id', 'text', (c) => c.notNull())
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('effects', 'jsonb', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('running', 'completed', 'refused', 'failed', 'timed_out', 'cancelled')`))
        .addColumn('terminal', 'jsonb')
        .addColumn('deadline', 'timestamptz', (c) => c.notNull())
        .addColumn('started_at', 'timestamptz', (c) => c.notNull())
        .addColumn('ended_at', 'timestamptz')
        .addCheckConstraint('loop_runs_one_state', sql`(state = 'running') = (ended_at is null) and (state = 'running') = (terminal is null)`)
        .addUniqueConstraint('loop_runs_attempt', ['task_id', 'attempt'])
        .execute();
      await db.schema.createIndex('loop_runs_by_loop').on('loop_runs').columns(['loop_id', 'started_at']).execute();
      await sql`create index loop_runs_open_by_deadline on loop_runs (deadline) where state = 'running'`.execute(db);
      await db.schema
        .createTable('turn_log')
        .addColumn('run_id', 'text', (c) => c.notNull().references('loop_runs.run_id'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('stage', 'text', (c) => c.notNull())
        .addColumn('detail', 'jsonb', (c) => c.notNull())
        .addColumn('at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint('turn_log_pk', ['run_id', 'seq'])
        .execute();
      await db.schema
        .createTable('conversation_messages')
        .addColumn('message_id', 'text', (c) => c.primaryKey())
        .addColumn('loop_id', 'text', (c) => c.notNull().references('loops.loop_id'))
        // The message's place in its conversation: the conversation's version after it.
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('andee', 'agent', 'system')`))
        .addColumn('author_id', 'text')
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('run_id', 'text', (c) => c.references('loop_runs.run_id'))
        .addColumn('terminal_state', 'text')
        .addColumn('correlation_id', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addUniqueConstraint('conversation_messages_seq', ['loop_id', 'seq'])
        .execute();
      await sql`create unique index conversation_one_terminal_per_run on conversation_messages (run_id) where terminal_state is not null`.execute(db);
    },
  },
  '0021_signal_suggestions': {
    async up(db: Kysely<any>) {
      // Trigram similarity for the deterministic meaning comparer. Installed once per database in
      // `public` (every schema reaches it qualified); concurrent installs from parallel test
      // schemas race harmlessly.
      await sql`do $$ begin create extension if not exists pg_trgm schema public; exception when unique_violation or duplicate_object then null; end $$`.execute(
        db,
      );
      // A drafted suggestion: the pending review item it created, the turn that drafted it and its flat context.
      await db.schema
        .createTable('signal_suggestions')
        .addColumn('suggestion_id', 'text', (c) => c.primaryKey())
        .addColumn('andee_id', 'text', (c) => c.notNull().references('andees.andee_id'))
        .addColumn('signal_id', 'text', (c) => c.notNull().references('identity_facts.fact_id'))
        .addColumn('run_id', 'text', (c) => c.notNull().references('loop_runs.run_id'))
        .addColumn('loop_id', 'text', (c) => c.references('loops.loop_id'))
        .addColumn('drafted_text', 'text', (c) => c.notNull())
        .addColumn('canonical_text', 'text', (c) => c.notNull())
        .addColumn('hds_code', 'text', (c) => c.notNull())
        .addColumn('context', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('signal_suggestions_by_andee').on('signal_suggestions').columns(['andee_id', 'created_at']).execute();
    },
  },
  '0022_evidence': {
    async up(db: Kysely<any>) {
      // Derived evidence only, as the andee's own app sends it: photo labels and coverage (never
      // bytes, asset ids or metadata) and resolved places (names and categories, no coordinate column anywhere).
      await db.schema
        .createTable('photo_labels')
        .addColumn('label_id', 'text', (c) => c.primaryKey())
        .addColumn('andee_id', 'text', (c) => c.notNull().references('andees.andee_id'))
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('photo_count', 'integer', (c) => c.notNull())
        .addColumn('confidence', 'text', (c) => c.notNull().check(sql`confidence in ('low', 'medium', 'high')`))
        .addColumn('first_seen', 'timestamptz', (c) => c.notNull())
        .addColumn('last_seen', 'timestamptz', (c) => c.notNull())
        .addUniqueConstraint('photo_labels_one_per_label', ['andee_id', 'label'])
        .execute();
      await db.schema
        .createTable('photo_coverage')
        .addColumn('andee_id', 'text', (c) => c.primaryKey().references('andees.andee_id'))
        .addColumn('photos_seen', 'integer', (c) => c.notNull())
        .addColumn('photos_labelled', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('places')
        .addColumn('place_id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('ready', 'pending')`))
        .execute();
      await db.schema
        .createTable('place_observations')
        .addColumn('observation_key', 'text', (c) => c.primaryKey())
        .addColumn('andee_id', 'text', (c) => c.notNull().references('andees.andee_id'))
        .addColumn('observed_at', 'timestamptz', (c) => c.notNull())
        .addColumn('confidence', 'text', (c) => c.notNull().check(sql`confidence in ('low', 'medium', 'high')`))
        .addColumn('fact', 'text', (c) => c.notNull())
        .addColumn('selected_place_id', 'text', (c) => c.notNull().references('places.place_id'))
        .addColumn('candidates', 'jsonb', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('place_observations_by_andee').on('place_observations').columns(['andee_id', 'observed_at']).execute();
    },
  },
  '0051_agent_chat': {
    async up(db: Kysely<any>) {
      // Plain agent chat (no Loop): its turns are runs keyed by an agent-chat turn id instead of a
      // Loop, and its canonical conversation is the andee's own. Each row belongs to exactly one.
      await sql`alter table loop_runs alter column loop_id drop not null`.execute(db);
      await sql`alter table loop_runs add column chat_turn_id text`.execute(db);
      await sql`alter table loop_runs add constraint loop_runs_loop_or_chat check ((loop_id is null) <> (chat_turn_id is null))`.execute(db);
      await sql`create unique index loop_runs_by_chat_turn on loop_runs (chat_turn_id, attempt) where chat_turn_id is not null`.execute(db);
      await sql`create index loop_runs_chat_by_andee on loop_runs (andee_id, started_at) where chat_turn_id is not null`.execute(db);
      await sql`alter table conversation_messages alter column loop_id drop not null`.execute(db);
      await sql`alter table conversation_messages add column chat_andee_id text references andees (andee_id)`.execute(db);
      await sql`alter table conversation_messages add constraint conversation_loop_or_chat check ((loop_id is null) <> (chat_andee_id is null))`.execute(db);
      await sql`create unique index conversation_chat_seq on conversation_messages (chat_andee_id, seq) where chat_andee_id is not null`.execute(db);
    },
  },
};
