/**
 * The tables the kit itself reads and writes, created by the kit: `idempotency_records`
 * (idempotency.ts), `rate_limits` (rate-limit.ts) and `kit_backfills` (backfills.ts). `migrate` runs these before a product's
 * own migrations, with their own history, so every product that stores anything has them and
 * no product writes their DDL.
 *
 * `if not exists`: a product database created before the kit owned these tables already has
 * them from the product's own migration, and must migrate cleanly with its rows kept.
 */
import { sql, type Kysely } from 'kysely';
import type { Migrations } from './migrations.ts';

export const platformMigrations: Migrations = {
  '0001_idempotency_records': {
    async up(db: Kysely<any>) {
      await sql`
        create table if not exists idempotency_records (
          account_id text not null,
          operation text not null,
          idempotency_key text not null,
          request_hash text not null,
          response jsonb not null,
          created_at timestamptz not null,
          constraint idempotency_records_pk primary key (account_id, operation, idempotency_key)
        )`.execute(db);
    },
  },
  // The shape rate-limiter-flexible's PostgreSQL store reads and writes. UNLOGGED: a per-minute
  // counter may lose increments in a crash, and skipping the WAL flush takes about 3 ms off every
  // planning write (measured with bench/chengdu-propose.ts).
  '0002_rate_limits': {
    async up(db: Kysely<any>) {
      await sql`
        create unlogged table if not exists rate_limits (
          key varchar(255) primary key,
          points integer not null default 0,
          expire bigint
        )`.execute(db);
    },
  },
  // One row per product migration that declared a backfill, written in that migration's own
  // transaction (so a database that ran it before backfills existed has none): where the backfill
  // has got to, which process holds it (a lease, so one replica works at a time), and when it
  // finished. A new, empty table: nothing existing is rewritten.
  '0003_backfills': {
    async up(db: Kysely<any>) {
      await sql`
        create table if not exists kit_backfills (
          name text primary key,
          cursor text not null default '',
          pass integer not null default 1,
          rows_done bigint not null default 0,
          lease_owner text,
          lease_until timestamptz,
          started_at timestamptz not null default now(),
          updated_at timestamptz not null default now(),
          done_at timestamptz
        )`.execute(db);
    },
  },
};
