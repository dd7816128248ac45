import { defineConfig } from 'vitest/config';

// The smoke suite drives the built products (`npm run smoke` builds first); its files one at a time, each in order.
export default defineConfig({
  test: {
    include: ['smoke/**/*.smoke.ts'],
    testTimeout: 90_000,
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: 1,
    sequence: { concurrent: false },
  },
});
