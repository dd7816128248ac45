/**
 * `node deploy/stage-image-files.mjs <folder>`: lays out in <folder> the files of the image's
 * /app as deploy/Containerfile's final stage copies them, taking them from this built checkout
 * (`npm run build` first) instead of the build stage. build-image.sh makes the image from it on a
 * machine that cannot run the Containerfile's RUN steps; reading the Containerfile keeps one list.
 * The production dependencies (the stage's `--from=production-dependencies`) are left to npm.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = process.argv[2];
if (!target) {
  process.stderr.write('Usage: stage-image-files.mjs <folder>\n');
  process.exit(64);
}

const lines = readFileSync(join(root, 'deploy', 'Containerfile'), 'utf8').split('\n');
const finalStage = lines.slice(lines.findLastIndex((line) => line.startsWith('FROM ')));
for (const line of finalStage.filter((l) => l.startsWith('COPY '))) {
  const words = line.split(/\s+/).slice(1);
  const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
  if (from === 'production-dependencies') continue;
  const [destination, ...sources] = words.filter((w) => !w.startsWith('--')).reverse();
  for (const source of sources.reverse()) {
    // The build stage's /app is this checkout, built.
    const path = join(root, from === 'build' ? source.replace(/^\/app\//, '') : source);
    if (!existsSync(path)) throw new Error(`${line}: ${path} is missing (run npm run build first)`);
    // As COPY does: a folder's contents go to the destination; a file goes into a destination ending in `/`.
    const into = destination.endsWith('/') && !statSync(path).isDirectory() ? join(target, destination, basename(source)) : join(target, destination);
    mkdirSync(dirname(into), { recursive: true });
    cpSync(path, into, { recursive: true });
  }
}
mkdirSync(join(target, '.data'), { recursive: true });
