/**
 * Stryker over one module of mutation/modules.mjs: the one named by MUTATION_MODULE, which
 * scripts/mutation.mjs (`npm run mutation`) sets for each module in turn. One module per run so
 * that each keeps its own incremental file: Stryker writes the incremental file with only the
 * files of the run, so a run over some modules would forget the results of the others. A rerun
 * tests only mutants in changed code or covered by changed tests. Not in CI: too slow for two cores.
 */
import { MODULES, reportName } from './mutation/modules.mjs';

const module = process.env.MUTATION_MODULE;
if (!module || !MODULES[module]) throw new Error(`MUTATION_MODULE must name a module of mutation/modules.mjs (run npm run mutation), not: ${module}`);
// The Vitest config the runner loads reads this list (test processes inherit the environment).
process.env.MUTATION_TESTS = MODULES[module].join(',');

export default {
  // MUTATION_LINES=<from>-<to> mutates only those lines of the module (kept in reports of their own).
  mutate: [process.env.MUTATION_LINES ? `${module}:${process.env.MUTATION_LINES}` : module],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  // TypeScript 7 (the native compiler) has no JavaScript API, which Stryker's type checker and its
  // tsconfig rewriting both load, so neither runs: mutants that would not type-check run anyway
  // (esbuild strips types), and the tsconfig, which extends nothing outside the sandbox, needs no
  // rewrite. The name below is one no file has, which turns the rewrite off.
  tsconfigFile: 'no-tsconfig-rewrite',
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: `reports/stryker-incremental/${reportName(module)}.json`,
  reporters: ['clear-text', 'progress', 'json'],
  clearTextReporter: { reportMutants: false },
  jsonReporter: { fileName: `reports/mutation/${reportName(module)}.json` },
  concurrency: 1,
  // A mutant's time limit is its tests' time in the first run × 1.5 plus this: enough slack for a
  // loaded machine, while the many mutants that turn a wait loop into an endless one cost 20 s
  // each rather than a minute.
  timeoutMS: 20_000,
  thresholds: { high: 80, low: 60, break: null },
};
