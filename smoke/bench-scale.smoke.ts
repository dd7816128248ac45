/**
 * The scale benchmark (`npm run bench scale`, bench/scale.ts) still runs, at a size too small to
 * measure anything: both products seeded twice through their own schemas from the built bench
 * servers, every path answering its real answer at both sizes (a path that does not is a thrown
 * error or a failed call, and fails here). The ratios at this size are noise and are not judged.
 * On the embedded default, or on PostgreSQL when DATABASE_URL is set.
 */
import { expect, it } from 'vitest';

it('npm run bench scale seeds both sizes and every path answers at both', async () => {
  Object.assign(process.env, {
    BENCH_SCALE_PEOPLE_SMALL: '25',
    BENCH_SCALE_PEOPLE_LARGE: '40',
    BENCH_SCALE_PAGES_SMALL: '0',
    BENCH_SCALE_PAGES_LARGE: '15',
    BENCH_SCALE_BACKENDS: process.env.DATABASE_URL ? 'postgres' : 'embedded',
    BENCH_ROUNDS: '1',
    BENCH_SCALE_CALLS: '1',
  });
  const { benchScale } = await import('../bench/scale.ts');
  const missed = await benchScale();
  expect(missed.filter((m) => m.includes('failed calls'))).toEqual([]);
}, 600_000);
