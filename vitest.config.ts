/**
 * The test run: `npm test` runs every project, which is everything CI requires; one layer runs
 * with `npm test -- --project unit` (or black-box, slow), one product with `npm run test:<product>`.
 *
 * - unit: the tests beside the source (packages/…, apps/…/src, deploy/ and bench/);
 * - black-box: each product's test/ suites, over real HTTP in this process;
 * - slow: what starts other processes (products, CLIs, redis-server), drives Chromium, or runs
 *   full-scale fuzz and error interop through the published clients.
 *
 * In every project files share a worker (`isolate: false`: modules imported once per worker,
 * not once per file, and PGlite's WebAssembly compiled once). Running them so showed no file
 * failing for it; the files that change the environment (operator, owner-web, fail-closed,
 * outages) put it back after themselves. A fresh worker per slow file cost about 1.4 s of CPU
 * each (bench/README.md). Only a file that replaces a module with `vi.mock` keeps a module graph
 * of its own (project `mocked`): in a shared worker the module under test is already loaded with
 * the real dependency. Every test database starts from the run's migrated template
 * (packages/kit/src/testing/migrated-templates.ts).
 */
import { defineConfig } from 'vitest/config';

/** Tests that start child processes, drive Chromium, run full-scale fuzz and interop, or replace a module. */
export const SLOW = [
  // Chromium.
  'apps/ampersand/test/andee-card.test.ts',
  'apps/ampersand/test/app-pages-browser.test.ts',
  'apps/ampersand/test/browser.test.ts',
  'apps/ampersand/test/cross-device-approval.test.ts',
  'apps/ampersand/test/identity-browser.test.ts',
  'apps/ampersand/test/loop-page-browser.test.ts',
  'apps/ampersand/test/page-csp-browser.test.ts',
  'apps/ampersand/test/newcomer-browser.test.ts',
  'apps/chengdu-soul/test/browser.test.ts',
  'apps/chengdu-soul/test/cors-browser.test.ts',
  'apps/chengdu-soul/test/owner-browser.test.ts',
  'apps/chengdu-soul/test/pages-and-maps-browser.test.ts',
  'apps/zaezd/test/cors-browser.test.ts',
  'apps/zaezd/test/front-door-browser.test.ts',
  'apps/zaezd/test/trip-board-browser.test.ts',
  'apps/zaezd/test/trip-board-csp.test.ts',
  // Child processes.
  'packages/kit/src/store/data-directory-busy-owner.test.ts',
  'packages/kit/src/store/data-directory-lock-node-versions.test.ts',
  'packages/kit/src/store/data-directory-owner.test.ts',
  'apps/ampersand/test/hosted-runtime-token-command.test.ts',
  'apps/ampersand/test/outages.test.ts',
  'apps/chengdu-soul/test/durable-commit.test.ts',
  'apps/chengdu-soul/test/fault-sigkill.test.ts',
  'apps/chengdu-soul/test/operator-relative-paths.test.ts',
  'apps/chengdu-soul/test/operator-while-running.test.ts',
  'apps/chengdu-soul/test/redis-outage.test.ts',
  'apps/tutu-sim/test/graceful-drain.test.ts',
  'bench/run-unknown-name.test.ts',
  // Full-scale fuzz, and error interop through the published clients (child processes too).
  'apps/ampersand/test/fuzz-writes.test.ts',
  'apps/chengdu-soul/test/fuzz-writes.test.ts',
  'apps/chengdu-soul/test/error-interop.test.ts',
  'apps/zaezd/test/error-interop.test.ts',
  'apps/ampersand/test/error-interop.test.ts',
];

/** Tests that replace a module (vi.mock): each needs a module graph of its own, never a shared worker's. */
export const MOCKED = ['packages/kit/src/web/tokens-equal.test.ts'];

const UNIT = ['packages/*/src/**/*.test.{ts,tsx}', 'apps/*/src/**/*.test.{ts,tsx}', 'deploy/**/*.test.ts', 'bench/**/*.test.ts'];
const BLACK_BOX = ['apps/*/test/**/*.test.{ts,tsx}'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['vitest.services.ts', 'packages/kit/src/testing/template-run-setup.ts'],
    // Storage and black-box suites each open their own database; two at a time suits 2 cores.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT, exclude: [...SLOW, ...MOCKED], isolate: false } },
      { extends: true, test: { name: 'black-box', include: BLACK_BOX, exclude: SLOW, isolate: false } },
      // Full scale wherever the slow project runs (fuzz-scale.ts).
      { extends: true, test: { name: 'slow', include: SLOW, isolate: false, env: { FUZZ_SCALE: 'full' } } },
      { extends: true, test: { name: 'mocked', include: MOCKED } },
    ],
  },
});
