/**
 * Builds the runnable servers into `dist/` folders with esbuild: workspace code is bundled,
 * npm dependencies stay external. Production runs compiled JavaScript rather than tsx, whose
 * on-the-fly transform wraps every closure for its name and costs about a third of the
 * throughput of an MCP call (measured in bench/, see README "Performance"). Last, it prints
 * the size of zaezd's trip board widget as built. It also builds &'s andee card bundle. What it
 * builds is listed in build-entries.mjs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { build } from 'esbuild';
import { buildEntries } from './build-entries.mjs';

const root = new URL('../', import.meta.url);
const workspaces = ['packages', 'apps'].flatMap((dir) => readdirSync(new URL(dir, root)).map((name) => `${dir}/${name}`));
const manifests = ['package.json', ...workspaces.map((w) => `${w}/package.json`).filter((m) => existsSync(new URL(m, root)))];
const external = new Set();
for (const file of manifests) {
  const manifest = JSON.parse(readFileSync(new URL(file, root), 'utf8'));
  for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) {
    if (!name.startsWith('@agent-products/')) {
      external.add(name);
      external.add(`${name}/*`);
    }
  }
}

const entries = buildEntries(root);

await build({
  entryPoints: entries,
  outdir: '.',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  jsx: 'automatic',
  jsxImportSource: 'hono/jsx',
  external: [...external],
  logLevel: 'warning',
});

// &'s andee card (an MCP App): one browser script the MCP service inlines into its ui:// document,
// written by its own builder (built above) so the card gets the kit's MCP App trimming.
const card = spawnSync(
  process.execPath,
  [new URL('apps/ampersand/dist/write-andee-card.mjs', root).pathname, new URL('apps/ampersand/dist/andee-card.js', root).pathname],
  { stdio: 'inherit' },
);
if (card.status !== 0) process.exit(card.status ?? 1);

const report = spawnSync(process.execPath, [new URL('apps/zaezd/dist/widget-size.mjs', root).pathname], { stdio: 'inherit' });
if (report.status !== 0) process.exit(report.status ?? 1);
