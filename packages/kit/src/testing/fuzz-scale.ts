/**
 * How many generated cases a property or fuzz test runs: the full count in CI (`CI` set) and in
 * the slow project (`FUZZ_SCALE=full`, vitest.config.ts), a quarter of it in a local run, so a
 * developer's loop stays short while CI keeps the whole search. The assertions are the same at
 * every scale; only the number of generated inputs changes. `FUZZ_SCALE` may also be a
 * fraction (`FUZZ_SCALE=0.1`) or `full` by hand.
 */
const LOCAL_FRACTION = 0.25;

export function fuzzRuns(full: number): number {
  return Math.max(1, Math.ceil(full * fuzzFraction()));
}

function fuzzFraction(): number {
  const given = process.env.FUZZ_SCALE;
  if (given === 'full') return 1;
  if (given !== undefined && given !== '') {
    const fraction = Number(given);
    if (!(fraction > 0 && fraction <= 1)) throw new TypeError(`FUZZ_SCALE must be "full" or a fraction in (0, 1], not ${JSON.stringify(given)}.`);
    return fraction;
  }
  return process.env.CI ? 1 : LOCAL_FRACTION;
}
