/**
 * Builds the andee card's browser bundle (andee-card-entry.ts with the ext-apps App) into one
 * script file with esbuild. `scripts/build.mjs` writes it to `apps/ampersand/dist/andee-card.js`
 * for `npm start` (through write-andee-card.ts); the MCP service inlines it into the `ui://`
 * document when it is there. The kit's MCP App trimming drops what the card never runs of the
 * SDK and zod (measured: 665 → 171 KB).
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { build } from 'esbuild';
import { mcpAppTrimming } from '@agent-products/kit/app-bundle';

/** Resolved from the package itself, so the same code finds the entry from src/ (tests) and dist/ (the build). */
const PACKAGE_ROOT = dirname(createRequire(import.meta.url).resolve('@agent-products/ampersand/package.json'));

export async function buildAndeeCard(outfile: string): Promise<void> {
  await build({
    entryPoints: [`${PACKAGE_ROOT}/src/web/card/andee-card-entry.ts`],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    legalComments: 'eof',
    charset: 'utf8',
    outfile,
    logLevel: 'silent',
    plugins: mcpAppTrimming(),
  });
}
