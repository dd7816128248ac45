/**
 * Builds the andee card's browser bundle (andee-card-entry.ts with the ext-apps App) into one
 * script file with esbuild. `scripts/build.mjs` writes it to `apps/ampersand/dist/andee-card.js`
 * for `npm start`; the MCP service inlines it into the `ui://` document when it is there.
 */
import { build } from 'esbuild';

export async function buildAndeeCard(outfile: string): Promise<void> {
  await build({
    entryPoints: [new URL('./andee-card-entry.ts', import.meta.url).pathname],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    minify: true,
    outfile,
    logLevel: 'silent',
  });
}
