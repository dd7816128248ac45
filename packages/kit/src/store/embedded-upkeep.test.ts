/**
 * Upkeep of the embedded database: the thresholds (autovacuum's defaults, plus a first analyze
 * for a table with rows), the steps run on a real PGlite (dead rows reclaimed, statistics
 * recorded, nothing run when nothing is due), and the owner's schedule doing it unasked.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Database } from './database.ts';
import { runUpkeep, upkeepDue, type TableActivity } from './embedded-upkeep.ts';

const table = (overrides: Partial<TableActivity>): TableActivity => ({
  table: 't',
  liveRows: 1000,
  deadRows: 0,
  changedSinceAnalyze: 0,
  analyzed: true,
  ...overrides,
});

describe('upkeepDue', () => {
  it('vacuums past 50 + 20 % dead rows, and only past it', () => {
    expect(upkeepDue([table({ deadRows: 250 })])).toEqual([]);
    expect(upkeepDue([table({ deadRows: 251 })])).toEqual([{ table: 't', action: 'vacuum' }]);
    expect(upkeepDue([table({ liveRows: 0, deadRows: 51 })])).toEqual([{ table: 't', action: 'vacuum' }]);
    expect(upkeepDue([table({ liveRows: 0, deadRows: 50 })])).toEqual([]);
  });

  it('analyzes past 50 + 10 % changed rows, and a table with rows that was never analyzed', () => {
    expect(upkeepDue([table({ changedSinceAnalyze: 150 })])).toEqual([]);
    expect(upkeepDue([table({ changedSinceAnalyze: 151 })])).toEqual([{ table: 't', action: 'analyze' }]);
    expect(upkeepDue([table({ liveRows: 3, changedSinceAnalyze: 3, analyzed: false })])).toEqual([{ table: 't', action: 'analyze' }]);
    expect(upkeepDue([table({ liveRows: 0, analyzed: false })])).toEqual([]);
  });

  it('vacuums rather than analyzes when both are due (the vacuum analyzes too), table by table', () => {
    expect(
      upkeepDue([table({ table: 'a', deadRows: 900, changedSinceAnalyze: 900 }), table({ table: 'b' }), table({ table: 'c', changedSinceAnalyze: 500 })]),
    ).toEqual([
      { table: 'a', action: 'vacuum' },
      { table: 'c', action: 'analyze' },
    ]);
  });
});

let database: Database<any> | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

// Statistics reach pg_stat_user_tables when a backend flushes them (at most once a second on
// its own); the test asks for the flush so it reads what its statements did.
const flushStatistics = (db: Database<any>['db']) => sql`select pg_stat_force_next_flush()`.execute(db);
const activity = async (db: Database<any>['db'], name: string) => {
  await flushStatistics(db);
  return (
    await sql<{
      dead: string;
      analyzed: boolean;
    }>`select n_dead_tup as dead, last_analyze is not null as analyzed from pg_stat_user_tables where schemaname = 'upkeep' and relname = ${name}`.execute(db)
  ).rows[0];
};

describe('runUpkeep on the embedded database', () => {
  it('reclaims dead rows, records statistics, and then has nothing to do', async () => {
    database = await openDatabase({ dataDir: 'memory://', schema: 'upkeep', upkeepIntervalMs: 3_600_000 });
    const { db } = database;
    await sql`create table churned (id int primary key, note text)`.execute(db);
    await sql`create table small (id int primary key)`.execute(db);
    await sql`create table empty (id int primary key)`.execute(db);
    await sql`insert into churned select g, 'x' from generate_series(1, 500) g`.execute(db);
    await sql`update churned set note = 'y'`.execute(db);
    await sql`insert into small values (1), (2), (3)`.execute(db);
    expect(Number((await activity(db, 'churned'))?.dead)).toBe(500);

    expect(await runUpkeep(db, 'upkeep')).toEqual([
      { table: 'churned', action: 'vacuum' },
      { table: 'small', action: 'analyze' },
    ]);
    expect(Number((await activity(db, 'churned'))?.dead)).toBe(0);
    expect((await activity(db, 'churned'))?.analyzed).toBe(true);
    expect((await activity(db, 'small'))?.analyzed).toBe(true);
    expect((await activity(db, 'empty'))?.analyzed).toBe(false);
    const { rows } = await sql<{ reltuples: number }>`select reltuples from pg_class where oid = 'upkeep.small'::regclass`.execute(db);
    expect(Number(rows[0]?.reltuples)).toBe(3);

    expect(await runUpkeep(db, 'upkeep')).toEqual([]);
  });

  it('runs on its own on the owner’s schedule', async () => {
    database = await openDatabase({ dataDir: 'memory://', schema: 'upkeep', upkeepIntervalMs: 25 });
    const { db } = database;
    await sql`create table small (id int primary key)`.execute(db);
    await sql`insert into small values (1), (2), (3)`.execute(db);
    // Waits for the schedule (the test's own timeout bounds it), however slow the machine.
    while (!(await activity(db, 'small'))?.analyzed) await new Promise((resolve) => setTimeout(resolve, 25));
    expect((await activity(db, 'small'))?.analyzed).toBe(true);
  });
});
