/**
 * Builds the runnable servers into `dist/` folders with esbuild: workspace code is bundled,
 * npm dependencies stay external. Production runs compiled JavaScript rather than tsx, whose
 * on-the-fly transform wraps every closure for its name and costs about a third of the
 * throughput of an MCP call (measured in bench/, see README "Performance").
 */
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifests = ['package.json', 'packages/kit/package.json', 'apps/chengdu-soul/package.json'];
const external = new Set();
for (const file of manifests) {
  const manifest = JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'));
  for (const name of Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })) {
    if (!name.startsWith('@agent-products/')) {
      external.add(name);
      external.add(`${name}/*`);
    }
  }
}

const entries = {
  'apps/chengdu-soul/dist/main': 'apps/chengdu-soul/src/main.ts',
  'bench/dist/chengdu-soul': 'bench/servers/chengdu-soul.ts',
  'bench/dist/reference-echo': 'bench/servers/reference-echo.ts',
};

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
