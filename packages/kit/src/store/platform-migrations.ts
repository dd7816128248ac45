/**
 * The tables the kit itself reads and writes, created by the kit: `idempotency_records`
 * (idempotency.ts) and `rate_limits` (rate-limit.ts). `migrate` runs these before a product's
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
};
