/**
 * Which benchmarks `npm run bench [name]` runs: every regular one when no name is given, or the
 * one named (an on-demand one, such as migrate, only by name). A name that is none of them is an
 * answer of its own, listing the names there are: a typo must not pass for a run that missed
 * nothing, since an empty run exits 0 like a good one.
 */
export type Bench = readonly [name: string, run: () => Promise<string[]>];

export type BenchSelection = { run: Bench[] } | { unknown: string; known: string[] };

export function selectBenches(only: string | undefined, regular: readonly Bench[], onDemand: readonly Bench[]): BenchSelection {
  if (!only) return { run: [...regular] };
  const named = [...regular, ...onDemand].filter(([name]) => name === only);
  if (named.length > 0) return { run: named };
  return { unknown: only, known: [...regular.map(([name]) => name), ...onDemand.map(([name]) => `${name} (only when named)`)] };
}

/** The refusal `npm run bench` prints for a name it does not know. */
export function unknownBenchMessage(selection: { unknown: string; known: string[] }): string {
  return `npm run bench: no benchmark is named ${JSON.stringify(selection.unknown)}. Known: ${selection.known.join(', ')}.`;
}
