/**
 * `npm run mutation`: Stryker over the modules where a silent break costs users most, each with
 * the test files that exercise it (Vitest's import graph does not follow the workspace packages,
 * so "related" tests would miss the black-box suites). Not in CI: too slow for two cores.
 * Incremental: results are kept in reports/stryker-incremental.json, so a rerun tests only mutants
 * in changed code or covered by changed tests. MUTATE narrows a run to some modules
 * (comma-separated paths from the table below), e.g. MUTATE=packages/kit/src/auth/bearer.ts.
 */
const MODULES = {
  'packages/kit/src/auth/bearer.ts': ['apps/chengdu-soul/test/planning-flow.test.ts', 'apps/chengdu-soul/test/credential-expiry.test.ts', 'packages/kit/src/mcp/tool.test.ts', 'packages/kit/src/mcp/endpoint.test.ts'],
  'packages/kit/src/store/idempotency.ts': ['packages/kit/src/store/idempotency.test.ts', 'apps/chengdu-soul/test/planning-flow.test.ts'],
  'packages/kit/src/store/rate-limit.ts': ['packages/kit/src/store/rate-limit.test.ts', 'apps/chengdu-soul/test/planning-limits.test.ts', 'apps/chengdu-soul/test/web-write-limit.test.ts'],
  'packages/kit/src/errors/error-table.ts': ['packages/kit/src/errors/render.test.ts', 'packages/kit/src/errors/error-handler.test.ts', 'packages/kit/src/mcp/tool.test.ts', 'packages/kit/src/mcp/batch.test.ts', 'apps/chengdu-soul/test/catalog-tools.test.ts'],
  'apps/chengdu-soul/src/access/credential-service.ts': ['apps/chengdu-soul/test/planning-flow.test.ts', 'apps/chengdu-soul/test/credential-expiry.test.ts', 'apps/chengdu-soul/test/planning-limits.test.ts'],
  'apps/chengdu-soul/src/access/sign-in-links.ts': ['apps/chengdu-soul/test/owner-web.test.ts', 'apps/chengdu-soul/test/retention.test.ts'],
  'apps/chengdu-soul/src/access/owner-sessions.ts': ['apps/chengdu-soul/test/owner-web.test.ts', 'apps/chengdu-soul/test/retention.test.ts'],
  'packages/kit/src/web/browser-sessions.ts': ['packages/kit/src/web/browser-sessions.test.ts', 'apps/chengdu-soul/test/owner-web.test.ts'],
  'packages/kit/src/web/signed-form-tokens.ts': ['packages/kit/src/web/signed-form-tokens.test.ts', 'apps/chengdu-soul/test/owner-web.test.ts'],
  'apps/chengdu-soul/src/privacy/privacy-requests.ts': ['apps/chengdu-soul/test/owner-web.test.ts', 'apps/chengdu-soul/test/retention.test.ts'],
  'apps/zaezd/src/trips/trip-id.ts': ['apps/zaezd/src/trips/trip-id.test.ts', 'apps/zaezd/test/trip-pages.test.ts'],
};

const chosen = process.env.MUTATE ? process.env.MUTATE.split(',') : Object.keys(MODULES);
for (const module of chosen) if (!MODULES[module]) throw new Error(`MUTATE names a module without tests in stryker.config.mjs: ${module}`);
// The Vitest config the runner loads reads this list (test processes inherit the environment).
process.env.MUTATION_TESTS = [...new Set(chosen.flatMap((module) => MODULES[module]))].join(',');

export default {
  mutate: chosen,
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  // TypeScript 7 (the native compiler) has no JavaScript API, which Stryker's type checker and its
  // tsconfig rewriting both load, so neither runs: mutants that would not type-check run anyway
  // (esbuild strips types), and the tsconfig, which extends nothing outside the sandbox, needs no
  // rewrite. The name below is one no file has, which turns the rewrite off.
  tsconfigFile: 'no-tsconfig-rewrite',
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'json'],
  clearTextReporter: { reportMutants: false },
  jsonReporter: { fileName: 'reports/mutation.json' },
  concurrency: 1,
  timeoutMS: 60_000,
  thresholds: { high: 80, low: 60, break: null },
};
