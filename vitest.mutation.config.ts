import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

// Stryker's test runs: the main settings, but only the test files stryker.config.mjs names for
// the mutated modules (replaced, not merged: merging would append them to the whole suite), as
// one project of their own (the main config's projects would each bring their own include).
const { projects: _projects, ...settings } = base.test ?? {};
export default defineConfig({ ...base, test: { ...settings, include: (process.env.MUTATION_TESTS ?? '').split(',').filter(Boolean) } });
