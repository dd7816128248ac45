/**
 * What scripts/build.mjs builds: each output (without `.mjs`) and its source, relative to the
 * repository root. Kept apart from the build itself so deploy/deploy-files.test.ts can check that
 * every command of the deployment image names a file the build really writes.
 */
import { existsSync, readdirSync } from 'node:fs';

/** The operator commands, built so a deployment runs them from its image without tsx. */
const OPERATOR_COMMANDS = {
  'apps/chengdu-soul/dist/operator': 'apps/chengdu-soul/src/cli/operator.ts',
  'apps/chengdu-soul/dist/migrate': 'apps/chengdu-soul/src/cli/migrate.ts',
  'apps/ampersand/dist/ampersand-cli': 'apps/ampersand/src/cli/ampersand-cli.ts',
  'apps/ampersand/dist/migrate': 'apps/ampersand/src/cli/migrate.ts',
};

export function buildEntries(root) {
  const entries = {};
  // Every product's process entries (`src/main.ts`, or one `src/main-<name>.ts` per process of a
  // product that runs several) → `dist/main*.mjs`; every benchmark server → `bench/dist/`.
  for (const app of readdirSync(new URL('apps', root)).map((name) => `apps/${name}`)) {
    if (!existsSync(new URL(`${app}/src`, root))) continue;
    for (const file of readdirSync(new URL(`${app}/src`, root)).filter((f) => /^main(-[a-z]+)?\.ts$/.test(f))) {
      entries[`${app}/dist/${file.replace(/\.ts$/, '')}`] = `${app}/src/${file}`;
    }
  }
  Object.assign(entries, OPERATOR_COMMANDS);
  // The trip board widget's size, printed by every build.
  entries['apps/zaezd/dist/widget-size'] = 'apps/zaezd/src/web/widget-size.ts';
  // The andee card's builder, run below.
  entries['apps/ampersand/dist/write-andee-card'] = 'apps/ampersand/src/web/card/write-andee-card.ts';
  for (const file of readdirSync(new URL('bench/servers', root)).filter((f) => f.endsWith('.ts'))) {
    entries[`bench/dist/${file.replace(/\.ts$/, '')}`] = `bench/servers/${file}`;
  }
  return entries;
}
