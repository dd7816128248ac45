/**
 * The migration benchmark (`npm run bench migrate`, bench/migrate.ts) still runs, at a size too
 * small to measure anything: & seeded on the schema before migration 0056 from the built bench
 * servers, today's API migrating it while writers and readers call it, every call answering its
 * real answer (a failed or wrong call fails here). The wait at this size is not judged. PostgreSQL
 * only (the benchmark's database), so it runs in the suite's PostgreSQL pass.
 */
import { expect, it } from 'vitest';

it.skipIf(!process.env.DATABASE_URL)(
  'npm run bench migrate seeds the previous schema and migrates it while serving, no call failing',
  async () => {
    process.env.BENCH_MIGRATE_PEOPLE = '30';
    const { benchMigrate } = await import('../bench/migrate.ts');
    const missed = await benchMigrate();
    expect(missed.filter((m) => m.includes('failed'))).toEqual([]);
  },
  600_000,
);
