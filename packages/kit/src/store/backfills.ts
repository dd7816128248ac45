/**
 * Runs the backfills of online migrations (online-migration.ts) to completion, a bounded batch at
 * a time, while the product serves. Where each backfill has got to is its `kit_backfills` row
 * (platform-migrations.ts), so a stopped process resumes from the last committed batch; a
 * batch is idempotent, so one repeated after a crash changes nothing.
 *
 * One process works on a backfill at a time: it holds the row's lease (renewed with each batch,
 * taken over once it has run out, when its holder died). Each batch runs in one transaction with
 * the row locked, checking that this process still holds the lease, so even a holder whose lease
 * ran out mid-batch and the process that took it over never run batches together.
 *
 * Progress goes to the log (at most every few seconds) and to the metrics
 * (`migration_backfill_rows_total`, `migration_backfill_complete`).
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql, type Kysely } from 'kysely';
import { recordBackfillComplete, recordBackfillRows } from '../observe/backfill-metrics.ts';
import type { Backfill } from './online-migration.ts';
import { buildDeclaredIndexes, type Migrations } from './migrations.ts';

/** The little of a pino logger backfills use. */
export interface BackfillLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface BackfillOptions {
  log?: BackfillLog | undefined;
  /** Rows per batch (one transaction). Default 500. */
  batchSize?: number | undefined;
  /** Pause between batches, leaving the database to the product's own work. Default 20 ms. */
  pauseMs?: number | undefined;
  /** How long a lease lasts without a batch renewing it. Default 30 s. */
  leaseMs?: number | undefined;
  /** Pause before another pass, when a pass ended with rows left behind it. Default 5 s. */
  passPauseMs?: number | undefined;
  /** Stops the work between batches. */
  signal?: AbortSignal | undefined;
}

const DEFAULTS = { batchSize: 500, pauseMs: 20, leaseMs: 30_000, passPauseMs: 5_000 };
const PROGRESS_EVERY_MS = 5_000;

/** The names of the backfills this database still has to finish, in migration order. */
export async function pendingBackfills(db: Kysely<any>, migrations: Migrations): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kit_backfills where done_at is null`.execute(db);
  const pending = new Set(rows.map((r) => r.name));
  return Object.keys(migrations)
    .sort()
    .filter((name) => pending.has(name) && migrations[name]!.backfill);
}

/** True once the named backfill has reached every row (or never had to run on this database). */
export async function backfillComplete(db: Kysely<any>, name: string): Promise<boolean> {
  const { rows } = await sql<{ done: boolean }>`select done_at is not null as done from kit_backfills where name = ${name}`.execute(db);
  return rows.length === 0 || rows[0]!.done;
}

/**
 * Builds the declared indexes still missing, then works through every pending backfill until each
 * is complete (or `signal` aborts). A backfill
 * leased by another process is waited for: this one takes over if that process stops renewing.
 */
export async function runBackfills(db: Kysely<any>, migrations: Migrations, options: BackfillOptions = {}): Promise<void> {
  const settings = { ...DEFAULTS, ...definedOnly(options) };
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  // Indexes a migration declared and a deferring start left to this (migrations.ts), first.
  await buildDeclaredIndexes(db, migrations, options.log);
  for (const name of await pendingBackfills(db, migrations)) {
    await runOne(db, name, migrations[name]!.backfill!, owner, settings, options);
    if (options.signal?.aborted) return;
  }
}

/**
 * `runBackfills` in the background of a serving process; `stop` ends it between batches and
 * resolves when it has. A failure is logged and retried after a pause, never thrown at the server.
 */
export function startBackfills(
  db: Kysely<any>,
  migrations: Migrations,
  options: Omit<BackfillOptions, 'signal'> = {},
): { done: Promise<void>; stop(): Promise<void> } {
  const controller = new AbortController();
  const done = (async () => {
    while (!controller.signal.aborted) {
      try {
        await runBackfills(db, migrations, { ...options, signal: controller.signal });
        return;
      } catch (error) {
        if (controller.signal.aborted) return;
        options.log?.warn({ err: error }, 'migration backfill failed; retrying');
        await pause(options.passPauseMs ?? DEFAULTS.passPauseMs, controller.signal);
      }
    }
  })();
  return {
    done,
    async stop() {
      controller.abort();
      await done;
    },
  };
}

type Settings = typeof DEFAULTS;

async function runOne(db: Kysely<any>, name: string, backfill: Backfill, owner: string, settings: Settings, options: BackfillOptions): Promise<void> {
  const { log, signal } = options;
  recordBackfillComplete(name, false);
  let lastReport = Date.now();
  let rowsSinceReport = 0;
  while (!signal?.aborted) {
    const lease = await takeLease(db, name, owner, settings.leaseMs);
    if (lease === 'done') break;
    if (lease === 'held') {
      // Another replica works on it; check again once its lease could have run out.
      await pause(settings.leaseMs / 2, signal);
      continue;
    }
    log?.info({ backfill: name, cursor: lease.cursor, pass: lease.pass, rowsDone: lease.rowsDone }, 'migration backfill running');
    for (;;) {
      if (signal?.aborted) {
        // Stopped (a deploy, a restart): the lease is given back so another process need not wait for it to run out.
        await sql`update kit_backfills set lease_owner = null, lease_until = null where name = ${name} and lease_owner = ${owner}`.execute(db);
        return;
      }
      const step = await db.transaction().execute(async (tx) => {
        const { rows } = await sql<{ cursor: string; pass: number; rows_done: string }>`
          select cursor, pass, rows_done from kit_backfills where name = ${name} and lease_owner = ${owner} and done_at is null for update`.execute(tx);
        const row = rows[0];
        if (!row) return { kind: 'lost' as const };
        const batch = await backfill.batch(tx, row.cursor, settings.batchSize);
        if (batch) {
          await sql`update kit_backfills set cursor = ${batch.last}, rows_done = rows_done + ${batch.rows}, updated_at = now(),
            lease_until = now() + ${settings.leaseMs} * interval '1 millisecond' where name = ${name}`.execute(tx);
          return { kind: 'batch' as const, rows: batch.rows, cursor: batch.last, rowsDone: Number(row.rows_done) + batch.rows };
        }
        if (await backfill.remaining(tx)) {
          // Rows were written behind the cursor by a release that does not fill them: go round again.
          await sql`update kit_backfills set cursor = '', pass = pass + 1, updated_at = now(),
            lease_until = now() + ${settings.leaseMs + settings.passPauseMs} * interval '1 millisecond' where name = ${name}`.execute(tx);
          return { kind: 'again' as const, pass: row.pass + 1 };
        }
        await sql`update kit_backfills set done_at = now(), updated_at = now(), lease_owner = null, lease_until = null where name = ${name}`.execute(tx);
        return { kind: 'done' as const, rowsDone: Number(row.rows_done) };
      });
      if (step.kind === 'lost') {
        log?.warn({ backfill: name }, 'migration backfill lease lost to another process');
        break;
      }
      if (step.kind === 'done') {
        recordBackfillComplete(name, true);
        log?.info({ backfill: name, rowsDone: step.rowsDone }, 'migration backfill complete');
        return;
      }
      if (step.kind === 'again') {
        log?.info({ backfill: name, pass: step.pass }, 'migration backfill found rows behind its cursor; another pass');
        await pause(settings.passPauseMs, signal);
        continue;
      }
      recordBackfillRows(name, step.rows);
      rowsSinceReport += step.rows;
      if (Date.now() - lastReport >= PROGRESS_EVERY_MS) {
        const seconds = (Date.now() - lastReport) / 1000;
        log?.info(
          { backfill: name, cursor: step.cursor, rowsDone: step.rowsDone, rowsPerSecond: Math.round(rowsSinceReport / seconds) },
          'migration backfill progress',
        );
        lastReport = Date.now();
        rowsSinceReport = 0;
      }
      await pause(settings.pauseMs, signal);
    }
  }
  if (!signal?.aborted && (await backfillComplete(db, name))) recordBackfillComplete(name, true);
}

/** Takes (or renews) the lease of a pending backfill; `held` when another live process has it. */
async function takeLease(
  db: Kysely<any>,
  name: string,
  owner: string,
  leaseMs: number,
): Promise<{ cursor: string; pass: number; rowsDone: number } | 'held' | 'done'> {
  const { rows } = await sql<{ cursor: string; pass: number; rows_done: string }>`
    update kit_backfills set lease_owner = ${owner}, lease_until = now() + ${leaseMs} * interval '1 millisecond'
    where name = ${name} and done_at is null and (lease_owner is null or lease_owner = ${owner} or lease_until < now())
    returning cursor, pass, rows_done`.execute(db);
  if (rows[0]) return { cursor: rows[0].cursor, pass: rows[0].pass, rowsDone: Number(rows[0].rows_done) };
  return (await backfillComplete(db, name)) ? 'done' : 'held';
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

function definedOnly(options: BackfillOptions): Partial<Settings> {
  return Object.fromEntries(Object.entries(options).filter(([key, value]) => value !== undefined && key in DEFAULTS)) as Partial<Settings>;
}
